// Rows under a file header (the prose tier): a report copied from a web page that writes its file once.
import type { LineContext } from '../../engine/format.js';
import { severityOf } from '../shared/common.js';
import { pathLike, withoutHost } from './words.js';

// A report copied from a web page that writes its file once, alone on a line, and the places below it as rows led
// by a severity: GitHub's rendering of workflow-command annotations (`src/lint.sh` over `  Error: 2:1 [SC2086] …`).
const SEVERITY_ROW = /^\s*(Error|Warning|Notice|Info|Note)s?: (\d{1,7}):(\d{1,5})\s+(?:\[([^\]\s]{1,64})\]\s*)?(.*)$/;
// A checker's summary that groups by file writes only the line, indented under the path (` 524: '?' is not preceded with
// whitespace.`, a checkstyle report reduced by a project's script): no severity, so the header alone makes it a place.
const NUMBER_ROW = /^\s+(\d{1,7})(?::(\d{1,5}))?: (\S.*)$/;
// Create React App's lint summary (react-dev-utils) writes the word: `  Line 4:  'x' is defined but never used  no-unused-vars`,
// and since its ESLint 6 setup the column too (`  Line 4:10:  …`), under `./src/a.js` or `src/a.js`.
const WORD_ROW = /^\s+Line (\d{1,7})(?::(\d{1,5}))?:\s+(\S.*)$/;
// As far as a line context reaches; each row looks up past the rows above it, so a run of rows costs at most 40 tests each.
const MAX_ROWS_UNDER_HEADER = 40;

/** Reads a severity row under a file header: the row's place in the header's file. */
export function rowUnderHeader(context: LineContext): boolean {
  const row = SEVERITY_ROW.exec(context.text);
  const worded = row ? null : WORD_ROW.exec(context.text);
  const numbered = row ? null : (worded ?? NUMBER_ROW.exec(context.text));
  if (!row && !numbered) return false;
  // The rows of one header are all of one kind: a severity row's header skips severity rows, a numbered row's numbered.
  const sameKind = row ? SEVERITY_ROW : worded ? WORD_ROW : NUMBER_ROW;
  // The row just above found its header: this one shares it (a long run of rows costs one look-up, not one per row).
  const last = context.state<{ logLine: number; header?: string }>(() => ({ logLine: -1 }));
  const shared = last.logLine === context.logLine - 1 && sameKind.test(context.line(-1) ?? '') ? last.header : undefined;
  for (let delta = -1; delta >= -MAX_ROWS_UNDER_HEADER; delta--) {
    const raw = shared === undefined ? context.line(delta) : shared;
    const header = raw?.trim();
    if (raw === undefined || header === undefined || header === '') return false;
    if (shared === undefined && sameKind.test(raw)) continue;
    if (/\s/.test(header) || !pathLike(header) || (numbered && /^\s/.test(raw))) return false;
    last.logLine = context.logLine;
    last.header = header;
    if (numbered) {
      const column = numbered[2] === undefined ? null : Number(numbered[2]);
      const location = { file: withoutHost(header), line: Number(numbered[1]), column, severity: null, code: null };
      return context.emit({ ...location, message: (numbered[3] ?? '').trim(), hints: { confirm: true } }) !== undefined;
    }
    const severity = row![1] === 'Notice' ? 'note' : severityOf(row![1]);
    const location = { file: withoutHost(header), line: Number(row![2]), column: Number(row![3]), severity, code: row![4] ?? null };
    return context.emit({ ...location, message: (row![5] ?? '').trim(), hints: { confirm: true } }) !== undefined;
  }
  return false;
}
