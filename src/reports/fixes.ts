// The fixes a report carries beside its findings (issue 23), read where each tool puts them and kept in the
// tool's own units; src/fix places them on the files. Nothing is trusted more than its tool says: only eslint's
// `fix`, ruff's `safe`, rustc's `MachineApplicable` and ShellCheck's fixes (which `-f diff` applies) are `safe`.
import type { FixSafety, RawFix, RawFixEdit, RawFixPoint } from '../core/index.js';
import { arrayOf, objectOf } from './common.js';

/** A fix's edits at most: a tool's fix is a handful of replacements; more is hostile or a formatter's rewrite. */
const MAX_EDITS = 1000;
/** Replacement text at most (1 MiB): a larger one is no fix a diagnostic offered. */
const MAX_NEW_TEXT = 1024 * 1024;

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function lineColumn(value: unknown, unit: 'char' | 'byte' | 'utf-16' | 'display'): RawFixPoint | undefined {
  const object = objectOf(value);
  const line = count(object?.row ?? object?.line);
  const column = count(object?.column);
  return line !== undefined && line >= 1 && column !== undefined && column >= 1 ? { line, column, unit } : undefined;
}

function edit(
  file: string,
  start: RawFixPoint | undefined,
  end: RawFixPoint | undefined,
  newText: unknown,
  expectedLines?: string[],
): RawFixEdit | undefined {
  if (!start || !end || typeof newText !== 'string' || newText.length > MAX_NEW_TEXT || file === '') return undefined;
  return { file, start, end, newText, ...(expectedLines ? { expectedLines } : {}) };
}

function fix(source: string, safety: FixSafety, description: string, edits: Array<RawFixEdit | undefined>, group?: string): RawFix[] {
  const kept = edits.filter((entry): entry is RawFixEdit => entry !== undefined);
  // A fix with an edit that could not be read is dropped whole: applying part of it would break the code.
  if (kept.length === 0 || kept.length !== edits.length || kept.length > MAX_EDITS) return [];
  return [{ source, safety, description, edits: kept, ...(group !== undefined ? { group } : {}) }];
}

function eslintEdit(file: string, value: unknown): RawFixEdit | undefined {
  const object = objectOf(value);
  const range = arrayOf(object?.range);
  const start = count(range[0]);
  const end = count(range[1]);
  if (start === undefined || end === undefined || end < start) return undefined;
  return edit(file, { offset: start, unit: 'utf-16' }, { offset: end, unit: 'utf-16' }, object?.text);
}

/**
 * eslint: `fix` is what `--fix` applies (safe); each of `suggestions` is an alternative a human picks (review,
 * one group per message). Ranges are UTF-16 offsets into the text without its BOM.
 */
export function eslintFixes(file: string, message: Record<string, unknown>, logLine: number): RawFix[] {
  const text = typeof message.message === 'string' ? message.message : '';
  const fixes = message.fix === undefined ? [] : fix('eslint-json', 'safe', text, [eslintEdit(file, message.fix)]);
  const group = `eslint-json:${logLine}:${String(message.line)}:${String(message.column)}:${String(message.ruleId)}`;
  for (const suggestion of arrayOf(message.suggestions)) {
    const object = objectOf(suggestion);
    const description = typeof object?.desc === 'string' ? object.desc : text;
    fixes.push(...fix('eslint-json', 'review', description, [eslintEdit(file, object?.fix)], group));
  }
  return fixes;
}

const RUST_SAFETY: Record<string, FixSafety> = {
  MachineApplicable: 'safe',
  MaybeIncorrect: 'review',
  Unspecified: 'review',
  HasPlaceholders: 'display',
};

/**
 * rustc: each child (`help: remove this`) whose spans carry `suggested_replacement` is one fix, applied whole
 * (rustfix applies every span of it). Columns are 1-based Unicode scalars, the end exclusive; a span's `text[]`
 * are the lines rustc read, kept to tell a file changed since. The least safe span decides the fix's safety.
 */
export function rustFixes(diagnostic: Record<string, unknown>): RawFix[] {
  const fixes: RawFix[] = [];
  for (const child of arrayOf(diagnostic.children)) {
    const object = objectOf(child);
    const spans = arrayOf(object?.spans)
      .map((span) => objectOf(span) ?? {})
      .filter((span) => typeof span.suggested_replacement === 'string');
    if (spans.length === 0) continue;
    const safeties = spans.map((span) => RUST_SAFETY[String(span.suggestion_applicability)] ?? 'review');
    const safety: FixSafety = safeties.includes('display') ? 'display' : safeties.includes('review') ? 'review' : 'safe';
    const edits = spans.map((span) => {
      const lines = arrayOf(span.text)
        .map((line) => objectOf(line)?.text)
        .filter((line): line is string => typeof line === 'string');
      const file = typeof span.file_name === 'string' ? span.file_name : '';
      const start = lineColumn({ line: span.line_start, column: span.column_start }, 'char');
      const end = lineColumn({ line: span.line_end, column: span.column_end }, 'char');
      return edit(file, start, end, span.suggested_replacement, lines.length > 0 ? lines : undefined);
    });
    const message = typeof object?.message === 'string' ? object.message : '';
    fixes.push(...fix('cargo-json', safety, message, edits));
  }
  return fixes;
}

const RUFF_SAFETY: Record<string, FixSafety> = { safe: 'safe', unsafe: 'review', 'display-only': 'display' };

/** ruff: `fix.applicability` and its edits, `location`/`end_location` rows and code-point columns (end exclusive). */
export function ruffFixes(file: string, violation: Record<string, unknown>): RawFix[] {
  const object = objectOf(violation.fix);
  if (!object) return [];
  const safety = RUFF_SAFETY[String(object.applicability)] ?? 'review';
  const description = typeof object.message === 'string' ? object.message : typeof violation.message === 'string' ? violation.message : '';
  const edits = arrayOf(object.edits).map((entry) => {
    const value = objectOf(entry);
    return edit(file, lineColumn(value?.location, 'char'), lineColumn(value?.end_location, 'char'), value?.content);
  });
  return fix('ruff-json', safety, description, edits);
}

/**
 * ShellCheck json1 `comments[].fix.replacements[]` (plain json: the same comments as the root array): 1-based lines and code-point columns
 * (a tab counts one), the end exclusive. ShellCheck marks no fix unsafe and its own fixer (`-f diff`) applies every one, so they are
 * `safe`, as eslint's `fix` is. All replacements of a comment are one fix.
 */
export function shellcheckFixes(
  file: string,
  comment: Record<string, unknown>,
  format: 'shellcheck-json1' | 'shellcheck-json' = 'shellcheck-json1',
): RawFix[] {
  const replacements = arrayOf(objectOf(comment.fix)?.replacements);
  if (replacements.length === 0) return [];
  const description = typeof comment.message === 'string' ? comment.message : '';
  const edits = replacements.map((entry) => {
    const value = objectOf(entry);
    const unit = format === 'shellcheck-json' ? 'display' : 'char';
    const start = lineColumn({ line: value?.line, column: value?.column }, unit);
    const end = lineColumn({ line: value?.endLine, column: value?.endColumn }, unit);
    return edit(file, start, end, value?.replacement);
  });
  return fix(format, 'safe', description, edits);
}

/** A SARIF/rdjson path as the fix engine reads it: a `file:` URI as its path, anything else as printed. */
function pathOf(uri: string): string {
  if (!/^file:/i.test(uri)) return uri;
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return '';
  }
}

/**
 * SARIF 2.1.0 `results[].fixes[]`: each fix's `artifactChanges[].replacements[]` (a `deletedRegion` by lines and
 * columns in the run's columnKind, end exclusive; `insertedContent.text`, none for a deletion). The fixes of one
 * result are its alternatives. SARIF has no safety field, so every fix is `review`. `uriOf` maps an
 * artifactLocation (and its uriBaseId) to a path, as for the result's own locations.
 */
export function sarifFixes(
  result: Record<string, unknown>,
  uriOf: (change: Record<string, unknown>) => string,
  unit: 'utf-16' | 'char',
  group: string,
): RawFix[] {
  const offered = arrayOf(result.fixes);
  const fixes: RawFix[] = [];
  for (const entry of offered) {
    const object = objectOf(entry);
    const description = typeof objectOf(object?.description)?.text === 'string' ? (objectOf(object?.description)!.text as string) : '';
    const edits: Array<RawFixEdit | undefined> = [];
    for (const change of arrayOf(object?.artifactChanges)) {
      const changeObject = objectOf(change) ?? {};
      const file = pathOf(uriOf(changeObject));
      for (const replacement of arrayOf(changeObject.replacements)) {
        const region = objectOf(objectOf(replacement)?.deletedRegion);
        const startLine = count(region?.startLine);
        const start = lineColumn({ line: startLine, column: region?.startColumn ?? 1 }, unit);
        // Without endLine the region ends on its start line; without endColumn SARIF means the line's end, which
        // is not a point a fix can be checked against: such a replacement is not read.
        const end = lineColumn({ line: region?.endLine ?? startLine, column: region?.endColumn }, unit);
        const inserted = objectOf(objectOf(replacement)?.insertedContent);
        edits.push(edit(file, start, end, inserted === undefined ? '' : inserted.text));
      }
    }
    fixes.push(...fix('sarif', 'review', description, edits, offered.length > 1 ? group : undefined));
  }
  return fixes;
}

/**
 * reviewdog rdjson/rdjsonl `suggestions[]`: `range` in 1-based lines and UTF-8 byte columns, end exclusive, and
 * the replacement `text`. All suggestions of a diagnostic are one fix (reviewdog posts them as one suggestion
 * comment); rdjson has no safety field, so it is `review`.
 */
export function rdjsonFixes(file: string, diagnostic: Record<string, unknown>, source: string): RawFix[] {
  const suggestions = arrayOf(diagnostic.suggestions);
  if (suggestions.length === 0 || file === '') return [];
  const message = typeof diagnostic.message === 'string' ? diagnostic.message : '';
  const edits = suggestions.map((suggestion) => {
    const object = objectOf(suggestion);
    const range = objectOf(object?.range);
    const start = lineColumn(range?.start, 'byte');
    const end = range?.end === undefined ? start : lineColumn(range.end, 'byte');
    return edit(file, start, end, object?.text);
  });
  return fix(source, 'review', message, edits);
}
