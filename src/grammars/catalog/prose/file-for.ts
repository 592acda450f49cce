// The file a number phrase of the prose tier belongs to, and whether words join the two (prose.ts reads the phrases).
import { includedChainHead, likely, onlyMarked, fullest, type Token } from './tokens.js';

// Between a number and its file (`of`, `in`, `in file`, `from`); its words are skipped: `a.scss (Line 3 of b.scss` is b.scss.
const AFTER_GAP = /^[\s,:]*(?:(?:of|in|from|at)\s+)?(?:(?:the\s+)?(?:file|module|script)\s+)?$/i;
// The words that may stand between a number and its file: never the file themselves.
const GAP_WORD = /^(?:at|on|near|in|of|from|file|the|module|script)$/i;
// What may stand between a file and the number after it: `F, line`, `F line`, `F: line`, `"F" [line`,
// `F (line`, `F at line`, `F on line`, `F near line`, `File = F, Line`, `"F" - line` (Thymeleaf's).
const BEFORE_GAP = /^\s*(?:[,:]|\s-)?\s*[([]?\s*(?:(?:at|on|near|in)\s+)?$/i;
// The words that join a file and a number (`F at line 4`, `line 4 of F`).
const CONNECTOR = /^(?:at|on|near|in|of|from|file)$/i;
// A parser naming itself before its position (Go's `F: yaml: line 9: …`, `json: line 3`): the file is the path-like
// word before the tag, however far (`x.yaml: error converting YAML to JSON: yaml: line 9`).
const PARSER_TAG = /^(?:yaml|json|toml|xml|hcl)$/i;

// The file a number phrase belongs to: the word right after it (`line 4 of F`), else right before it
// (`F, line 4`), else the only path-like word of the line (`F: … in a later clause, line 4`) unless another phrase
// of the line named it already or a word that is no path owns the number (`… in automake line 922`).
export function fileFor(
  text: string,
  tokens: readonly Token[],
  candidates: readonly Token[],
  span: { start: number; end: number },
  used: ReadonlyArray<{ file: string }>,
): Token | undefined {
  const after = tokens.find((token) => token.start >= span.end && !GAP_WORD.test(token.path));
  const afterGap = after === undefined ? '' : text.slice(span.end, after.start);
  // `F: line 9: G: msg` (bash's, Go's parsers'): a colon after the number ends the place, so the file the colon before
  // it joins owns the number, and G is the message's subject (`/tmp/job.sh: line 9: ./run.sh: No such file`).
  const ownedBefore = /^\s*:\s*$/.test(afterGap) ? colonJoinedBefore(text, tokens, span.start) : undefined;
  if (ownedBefore !== undefined) return likely(ownedBefore) ? fullest(ownedBefore, tokens) : undefined;
  if (after && likely(after) && AFTER_GAP.test(afterGap)) return fullest(after, tokens);
  let before: Token | undefined;
  let named = false;
  for (const token of tokens) {
    if (token.end > span.start) break;
    if (CONNECTOR.test(token.path)) continue;
    // A word right after a connector names a thing (`in automake line 922`); a verb does not (`check line 5`).
    named = before !== undefined && CONNECTOR.test(text.slice(before.end, token.start).trim());
    before = token;
  }
  const gap = before === undefined ? '' : text.slice(before.end, span.start).replace(/^["'`]/, '');
  if (before && BEFORE_GAP.test(gap)) {
    if (likely(before)) return fullest(before, tokens);
    const tagged = PARSER_TAG.test(before.path) ? tokens.findLast((token) => token.end <= before!.start && likely(token)) : undefined;
    if (tagged) return fullest(tagged, tokens);
    if (named && /^[\s,:]*$/.test(gap)) return undefined;
  }
  // One file written twice counts once (`the "x.swift" file under app/x.swift`): its fullest spelling is the file.
  const distinct = new Set(candidates.map((token) => fullest(token, candidates).path));
  const only =
    distinct.size === 1 ? fullest(candidates[0]!, candidates) : (includedChainHead(text, candidates, span.end) ?? onlyMarked(candidates));
  return only && !used.some((each) => each.file === only.path) ? only : undefined;
}

// The path-like word a colon joins to a number phrase right after it (`F: line 9`), if any.
function colonJoinedBefore(text: string, tokens: readonly Token[], start: number): Token | undefined {
  const before = tokens.findLast((token) => token.end <= start);
  return before !== undefined && /^["'`]?:\s*$/.test(text.slice(before.end, start)) && /[./\\]/.test(before.path) ? before : undefined;
}

// Whether only joining words stand between a number phrase and its file (`F, line 4`, `line 4 of F`, `F at line 4`).
export function joinedByWords(text: string, file: Token, start: number, end: number): boolean {
  if (file.start >= end) return AFTER_GAP.test(text.slice(end, file.start));
  return file.end <= start && BEFORE_GAP.test(text.slice(file.end, start).replace(/^["'`]/, ''));
}
