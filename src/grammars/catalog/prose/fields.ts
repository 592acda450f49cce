// A place given as two named fields of a printed record (the prose tier): a file field and a line field, in whatever
// notation the runtime prints its records in. Erlang's stack entries (`[{file,"src/m.erl"},{line,12}]`, the pair
// broken after the file when the term wraps), a logger's fields (`file=src/x.py line=42`), a JSON or dict dump
// (`"filename": "src/x.py", "lineno": 57`, `{'file': 'a.rb', 'line': 8}`), an inspected object (`{ fileName:
// 'src/a.js', lineNumber: 12 }`). Each candidate is confirmed by the workspace like every place of this tier.
import type { LineContext } from '../../engine/format.js';
import { severityOf } from '../shared/common.js';
import { proposedAlready } from './proposals.js';
import { pathLike, SEVERITY_WORD, withoutHost } from './words.js';

// The key names: a file (`file`, `filename`, `fileName`, `file_path`, `pathname`, `sourceFile`…), a line (`line`,
// `lineno`, `lineNumber`, `line_number`), a column. A key is a whole word, maybe quoted; the value follows `=` or `:`,
// or `,` inside an Erlang tuple (`{line,12}`). Values are bounded, so the scan stays linear in the line.
const FILE_KEY = String.raw`[Ff]ile(?:_?[Nn]ame|_?[Pp]ath)?|path(?:name)?|source_?[Ff]ile|src`;
const LINE_KEY = String.raw`[Ll]ine(?:no|No|_?[Nn]umber)?`;
const COLUMN_KEY = String.raw`[Cc]ol(?:no|umn|umn_?[Nn]umber)?`;
const FIELD = new RegExp(
  String.raw`(?<![\w.$-])(["']?)(?:(${FILE_KEY})|(${LINE_KEY})|(${COLUMN_KEY}))\1[ \t]*([:=,])[ \t]*` +
    String.raw`(?:"([^"\n]{1,300})"|'([^'\n]{1,300})'|([^\s"',;{}()[\]]{1,300}))`,
  'g',
);
// A line of a record that holds a line field and no file: the file field ended the line above (a wrapped term).
const LEADING_LINE_FIELD = /^\s*[{[(]?\s*["']?[Ll]ine(?:no|No|_?[Nn]umber)?["']?\s*[:=,]/;
const TRAILING_SEPARATORS = /^[\s},\])]*$/;
// Fields between a file and its line (`"filename": …, "funcName": …, "lineno": …`) are skipped up to this far.
const MAX_PAIR_GAP = 200;
const MAX_FIELDS = 16;

type Kind = 'file' | 'line' | 'column';

interface Field {
  kind: Kind;
  value: string;
  start: number;
  end: number;
}

interface FieldPlace {
  file: string;
  line: number;
  column: number | null;
  /** The record's label line that states what failed (`Error: Call to a member function …`), for a record of one field a
   * line. */
  head?: string;
}

// A record printed one field a line (an error page's `Error: …` / `Code: 0` / `File: …` / `Line: 234`, as a framework's
// handler or an issue form lays it out): its first field names what failed, and with it the severity of its place.
const RECORD_FIELD = /^\s*(?:[-*+] )?[A-Z][\w ]{0,30}:\s/;
const FAILURE_LABEL = /^\s*(?:[-*+] )?(?:(?:PHP )?(?:Fatal |Parse |Uncaught )?(?:[Ee]rror|[Ee]xception)|Warning|Notice)\s*:\s*\S/;

function recordHead(context: LineContext): string | undefined {
  for (let delta = -2; delta >= -8; delta--) {
    const line = context.line(delta);
    if (line === undefined) return undefined;
    if (line.trim() === '') continue;
    if (FAILURE_LABEL.test(line)) return line.trim();
    if (!RECORD_FIELD.test(line)) return undefined;
  }
  return undefined;
}

function fieldsOf(text: string): Field[] {
  const fields: Field[] = [];
  FIELD.lastIndex = 0;
  for (let match = FIELD.exec(text); match !== null && fields.length < MAX_FIELDS; match = FIELD.exec(text)) {
    // A comma joins a key and its value only inside an Erlang-like tuple (`{file,"x.erl"}`), never in a sentence.
    if (match[5] === ',' && (match[1] !== '' || text[match.index - 1] !== '{')) continue;
    const kind: Kind = match[2] !== undefined ? 'file' : match[3] !== undefined ? 'line' : 'column';
    // A bare value ends where the sentence's punctuation starts (`Line = 17, Column = 5: msg`).
    const value = match[8] === undefined ? (match[6] ?? match[7]!) : match[8].replace(/[.:!?)]+$/, '');
    if (kind !== 'file' && !/^\d{1,7}$/.test(value)) continue;
    if (kind === 'file' && !pathLike(value)) continue;
    fields.push({ kind, value, start: match.index, end: match.index + match[0].length });
  }
  return fields;
}

/** Whether the line may hold a line field at all: a cheap test before the field scan. */
export function mayHoldFields(text: string): boolean {
  return text.includes('ine');
}

/**
 * The places the line's fields name: each file field with the nearest line field after it (else before it) that no
 * other file took, and a column field right after that line; a line field opening the line takes the file field that
 * ended the line above.
 */
function fieldPlaces(context: LineContext): FieldPlace[] {
  const text = context.text;
  const fields = fieldsOf(text);
  const lines = fields.filter((field) => field.kind === 'line');
  if (lines.length === 0) return [];
  const places: FieldPlace[] = [];
  const taken = new Set<Field>();
  for (const [at, file] of fields.entries()) {
    if (file.kind !== 'file') continue;
    const after = fields.slice(at + 1).find((field) => field.kind === 'line' || field.kind === 'file');
    const before = fields
      .slice(0, at)
      .reverse()
      .find((field) => field.kind === 'line' || field.kind === 'file');
    const line =
      after?.kind === 'line' && after.start - file.end <= MAX_PAIR_GAP
        ? after
        : before?.kind === 'line' && !taken.has(before) && file.start - before.end <= MAX_PAIR_GAP
          ? before
          : undefined;
    if (line === undefined) continue;
    taken.add(line);
    places.push({ file: file.value, line: Number(line.value), column: columnAfter(fields, line) });
  }
  const first = lines[0]!;
  if (!taken.has(first) && !fields.some((field) => field.kind === 'file' && field.start < first.start) && LEADING_LINE_FIELD.test(text)) {
    const above = fileEndingLineAbove(context);
    const line = Number(first.value);
    // The runtime's own format may have joined the pair already, on the line above.
    const joined = context.emitted.slice(-4).some((other) => other.line === line && other.file === above);
    if (above !== undefined && !joined)
      places.unshift({ file: above, line, column: columnAfter(fields, first), head: recordHead(context) });
  }
  return places;
}

function columnAfter(fields: readonly Field[], line: Field): number | null {
  const next = fields[fields.indexOf(line) + 1];
  return next?.kind === 'column' && next.start - line.end <= 8 ? Number(next.value) : null;
}

function fileEndingLineAbove(context: LineContext): string | undefined {
  const above = context.line(-1);
  if (above === undefined || !above.includes('ile')) return undefined;
  const last = fieldsOf(above).at(-1);
  return last?.kind === 'file' && TRAILING_SEPARATORS.test(above.slice(last.end)) ? last.value : undefined;
}

/** Emits the places of the line's fields; true when one was kept. The key names the file, so the pair is joined. */
export function emitFieldPlaces(context: LineContext): boolean {
  let claimed = false;
  for (const place of fieldPlaces(context)) {
    const file = withoutHost(place.file);
    if (proposedAlready(context, file, place.line, false, true)) continue;
    const emitted = context.emit({
      file,
      line: place.line,
      column: place.column,
      severity: severityOf(SEVERITY_WORD.exec(place.head ?? context.text)?.[1]),
      message: place.head ?? context.text.trim(),
      hints: { confirm: true, named: true },
    });
    claimed = emitted !== undefined || claimed;
  }
  return claimed;
}
