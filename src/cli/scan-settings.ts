// What a user brings to every command that reads a log: their own patterns (`--efm`, errorformat/vim syntax) and
// reviewdog's diff filter (`--filter-mode` with `--diff FILE|-` or `--diff-base REF`). Parsed here once for
// locate, run, prompt and explain, checked before anything runs.
import { resolve } from 'node:path';
import { DEFAULT_MAX_LOCATIONS, FaultlineError } from '../core/index.js';
import { checkUserFormats, type UserFormat } from '../grammars/user-formats/scanner.js';
import { diffAgainst, FILTER_MODES, readDiff, type DiffFilter, type FilterMode } from '../locate/index.js';
import { defaultRoots } from '../locate/workspace-roots.js';
import type { CliIo } from './io.js';

export const SCAN_OPTIONS = {
  efm: { type: 'string', multiple: true },
  'filter-mode': { type: 'string' },
  diff: { type: 'string' },
  'diff-base': { type: 'string' },
  'max-locations': { type: 'string' },
} as const;
/** The same options as typed (`--efm`…), for a command that reads its own options (run). */
export const SCAN_OPTION_NAMES: readonly string[] = Object.keys(SCAN_OPTIONS).map((name) => `--${name}`);

export const SCAN_USAGE = `  --efm PATTERN  your own format in errorformat (vim) syntax, repeatable, tried in order before the built-in
               formats on every line (end with '%-G%.%#' to use only yours); faultline.config.json may name more
  --filter-mode added|diff_context|file|nofilter
               keep only what a change touched, as reviewdog does (default with a diff: added)
  --diff FILE  the change as a unified diff ('-': standard input); paths relative to the first root
  --diff-base REF
               the change since REF (git diff REF in the work tree)
  --max-locations N
               collect at most N locations (default ${DEFAULT_MAX_LOCATIONS}); memory grows with N, and how many
               more the log held is still counted and reported`;

export interface ScanSettings {
  userFormats?: UserFormat[];
  diff?: DiffFilter;
  maxLocations?: number;
}

// Far above any log a person reads, and still a bound: each kept location costs a few hundred bytes.
const MOST_LOCATIONS = 100_000_000;

/** `--max-locations N` as locate's option (none when not given); a bad N is a one-line usage error before anything runs. */
export function maxLocationsOf(values: Record<string, unknown>): { maxLocations?: number } {
  const value = values['max-locations'];
  if (value === undefined) return {};
  const count = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!(count >= 1 && count <= MOST_LOCATIONS)) {
    throw new FaultlineError('E_USAGE', `--max-locations must be a whole number from 1 to ${MOST_LOCATIONS} (got '${String(value)}')`);
  }
  return { maxLocations: count };
}

/** `--efm` patterns as one user format named `efm`; a malformed one is a one-line usage error now. */
export function userFormatsOf(values: Record<string, unknown>): UserFormat[] | undefined {
  const patterns = Array.isArray(values.efm) ? (values.efm as string[]) : [];
  if (patterns.length === 0) return undefined;
  const formats = [{ name: 'efm', patterns }];
  checkUserFormats(formats);
  return formats;
}

function filterModeOf(value: unknown): FilterMode | undefined {
  if (value === undefined) return undefined;
  if (!FILTER_MODES.includes(value as FilterMode)) {
    throw new FaultlineError('E_USAGE', `--filter-mode must be one of ${FILTER_MODES.join(', ')} (got '${String(value)}')`);
  }
  return value as FilterMode;
}

/** The diff filter the options ask for; `logOnStdin` refuses `--diff -` when the log itself comes that way. */
export async function diffFilterOf(
  values: Record<string, unknown>,
  io: CliIo,
  cwd: string,
  roots: string[] | undefined,
  logOnStdin: boolean,
): Promise<DiffFilter | undefined> {
  const mode = filterModeOf(values['filter-mode']);
  const file = typeof values.diff === 'string' ? values.diff : undefined;
  const base = typeof values['diff-base'] === 'string' ? values['diff-base'] : undefined;
  if (file !== undefined && base !== undefined)
    throw new FaultlineError('E_USAGE', '--diff and --diff-base name the change twice: give one');
  if (file === undefined && base === undefined) {
    if (mode !== undefined && mode !== 'nofilter')
      throw new FaultlineError('E_USAGE', `--filter-mode ${mode} needs the change: --diff FILE|- or --diff-base REF`);
    return undefined;
  }
  const chosen = mode ?? 'added';
  const workDir = resolve(io.cwd, cwd);
  if (base !== undefined) {
    const { changed, top } = await diffAgainst(base, workDir);
    return { mode: chosen, changed, base: top };
  }
  if (file === '-' && logOnStdin)
    throw new FaultlineError('E_USAGE', '--diff - and the log both read standard input: give the log or the diff as a file');
  const changed = await readDiff(
    file === '-' ? { stream: io.stdin as AsyncIterable<Uint8Array> } : { path: resolve(io.cwd, file as string) },
  );
  const firstRoot = roots && roots.length > 0 ? resolve(io.cwd, roots[0] as string) : (defaultRoots(workDir)[0] as string);
  return { mode: chosen, changed, base: firstRoot };
}
