// Rows under a file header (the prose tier): a report copied from a web page that writes its file once.
import type { LineContext } from '../../engine/format.js';
import { severityOf } from '../shared/common.js';
import { pathLike, withoutHost } from './words.js';

// A report copied from a web page that writes its file once, alone on a line, and the places below it as rows led
// by a severity: GitHub's rendering of workflow-command annotations (`src/lint.sh` over `  Error: 2:1 [SC2086] …`).
const SEVERITY_ROW = /^\s*(Error|Warning|Notice|Info|Note)s?: (\d{1,7}):(\d{1,5})\s+(?:\[([^\]\s]{1,64})\]\s*)?(.*)$/;
// As far as a line context reaches; each row looks up past the rows above it, so a run of rows costs at most 40 tests each.
const MAX_ROWS_UNDER_HEADER = 40;

/** Reads a severity row under a file header: the row's place in the header's file. */
export function rowUnderHeader(context: LineContext): boolean {
  const row = SEVERITY_ROW.exec(context.text);
  if (!row) return false;
  for (let delta = -1; delta >= -MAX_ROWS_UNDER_HEADER; delta--) {
    const header = context.line(delta)?.trim();
    if (header === undefined || header === '') return false;
    if (SEVERITY_ROW.test(header)) continue;
    if (/\s/.test(header) || !pathLike(header)) return false;
    const severity = row[1] === 'Notice' ? 'note' : severityOf(row[1]);
    const location = { file: withoutHost(header), line: Number(row[2]), column: Number(row[3]), severity, code: row[4] ?? null };
    return context.emit({ ...location, message: (row[5] ?? '').trim(), hints: { confirm: true } }) !== undefined;
  }
  return false;
}
