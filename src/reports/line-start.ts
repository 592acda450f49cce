// What a line starting with `{` or `[` is: a JSON line record (cargo, go test, rdjsonl), the start of a JSON
// document (SARIF, eslint, rdjson), text, or not known until more of it arrives.
import { latin1ToText } from './bytes.js';
import { MAX_RECORD_LINE } from './common.js';
import { lineRecord, type LineRecord } from './json-lines.js';
import { startsReportDocument } from './json-reports.js';

// Bytes of a document's start needed to read its first key.
const DOCUMENT_HEAD = 600;

export type LineStart = { record: LineRecord; lineEnd: number } | 'document' | 'more' | 'text';

interface LineStartOptions {
  enabled: (format: string) => boolean;
  /** --input-format named a JSON document: any bracket line starts it. */
  forcedDocument: boolean;
  /** The log line of `start`, computed only for a record (counting is a pass over the text). */
  logLine: () => number;
}

export function countNewlines(text: string, from = 0, to = text.length): number {
  let count = 0;
  for (let index = text.indexOf('\n', from); index >= 0 && index < to; index = text.indexOf('\n', index + 1)) count++;
  return count;
}

function documentStart(text: string, start: number, final: boolean, options: LineStartOptions): boolean | undefined {
  if (options.forcedDocument) return true;
  if (!(
    options.enabled('sarif') ||
    options.enabled('eslint-json') ||
    options.enabled('rdjson') ||
    options.enabled('ruff-json') ||
    options.enabled('shellcheck-json1') ||
    options.enabled('shellcheck-json') ||
    options.enabled('go-vet-json')
  ))
    return false;
  const head = text.slice(start, start + DOCUMENT_HEAD);
  const decided = startsReportDocument(head);
  return decided === undefined && (final || head.length >= DOCUMENT_HEAD) ? false : decided;
}

/** Classifies the line starting at `start` of latin1 `text`; `final` when no more input follows. */
export function classifyLineStart(text: string, start: number, final: boolean, options: LineStartOptions): LineStart {
  const newline = text.indexOf('\n', start);
  // An incomplete line: a document streams from its first key on; a record waits for its end (bounded).
  if (newline < 0 && !final && text.length - start <= MAX_RECORD_LINE)
    return documentStart(text, start, false, options) === true ? 'document' : 'more';
  const lineEnd = newline < 0 ? text.length : newline;
  if (lineEnd - start <= MAX_RECORD_LINE) {
    let value: unknown;
    try {
      value = JSON.parse(latin1ToText(text.slice(start, lineEnd)));
    } catch {
      value = undefined;
    }
    const record = value === undefined ? undefined : lineRecord(value, options.logLine(), options.enabled);
    if (record) return { record, lineEnd };
  }
  const document = documentStart(text, start, final, options);
  if (document === undefined) return 'more';
  return document ? 'document' : 'text';
}
