// The location regex ripgrep runs as the baseline of the 100 MB target: the combined regex of
// shared/reference/performance.md §2 (bench/run.mjs and bench/floors.mjs time the same one).
export const RG_REGEX = String.raw`[A-Za-z0-9_./\\-]+\.[A-Za-z][A-Za-z0-9]*(:[0-9]+|\([0-9]+(,[0-9]+)?\))|File "[^"]+", line [0-9]+|^[[:space:]]+[0-9]+:[0-9]+[[:space:]]+(error|warning)`;
