// Schema compilers that generate code from an interface definition.
// - Apache Thrift: `[ERROR:/abs/idl/users.thrift:58] (last token was 'Token')` with the reason on the next line
//   (`Type "Token" has not been defined.`), `[WARNING:path:line] msg`, and `[FAILURE:path:line] msg` closing a
//   failed pass at the same place as its error (a note of it then).
// - flatc: `error:` alone, then `  /abs/schema/game.fbs:13: 0: error: msg` (a space before the column). A type used
//   before it is defined is reported where the parser stood when it gave up (the file's end) and names the use
//   `, originally at: schema/game.fbs:5`: that use is the place to fix, the end of the file only a note of it.
// Link: https://thrift.apache.org/docs/idl ; https://flatbuffers.dev/flatc/
import type { GrammarFormat, LineContext } from '../../engine/format.js';

// Searched anywhere on the line: a Maven or Gradle plugin prefixes it (`[ERROR] thrift failed error: [ERROR:…]`).
const THRIFT = /\[(ERROR|WARNING|FAILURE):([^\]]+?):(\d+)\] ?(.*)$/;

function parseThrift(context: LineContext): boolean {
  const found = THRIFT.exec(context.text.trim());
  if (!found) return false;
  const kind = found[1];
  const file = found[2] ?? '';
  const line = Number(found[3]);
  let message = (found[4] ?? '').trim();
  // The parser's reason follows on the next line when this one only names the last token read.
  const next = context.line(1)?.trim() ?? '';
  if ((message === '' || /^\(last token was /.test(message)) && next !== '' && !THRIFT.test(next)) {
    message = message === '' ? next : `${next} ${message}`;
  }
  const previous = context.emitted.at(-1);
  const sameAsError = kind === 'FAILURE' && previous?.format === 'thrift' && previous.file === file && previous.line === line;
  let severity: 'error' | 'warning' | 'note' = kind === 'WARNING' ? 'warning' : 'error';
  if (sameAsError) severity = 'note';
  context.emit({ file, line, severity, message });
  return true;
}

const FLATC = /^(?:error:\s+)?(.+?):(\d+): ?(\d+): (error|warning): (.*)$/;
const ORIGINALLY_AT = /,? originally at: (.+?):(\d+)\s*$/;

function parseFlatc(context: LineContext): boolean {
  const found = FLATC.exec(context.text.trim());
  if (!found) return false;
  const severity = found[4] === 'warning' ? 'warning' : 'error';
  let message = (found[5] ?? '').trim();
  // flatc 1.x put the use on a line of its own: `…: Union1, ` then `originally at: test.fbs:2`.
  const next = context.line(1)?.trim() ?? '';
  if (message.endsWith(',') && next.startsWith('originally at:')) message = `${message} ${next}`;
  const use = ORIGINALLY_AT.exec(message);
  const reported = { file: found[1] ?? '', line: Number(found[2]) };
  if (!use) {
    context.emit({ ...reported, severity, message });
    return true;
  }
  const cause = message.slice(0, use.index);
  context.emit({ file: use[1] ?? '', line: Number(use[2]), severity, message: cause });
  context.emit({ ...reported, severity: 'note', message: `${cause} (reported where parsing ended)` });
  return true;
}

export const thrift: GrammarFormat = {
  name: 'thrift',
  language: 'Thrift IDL',
  description:
    "`thrift -r --gen py idl/users.thrift`: `[ERROR:/abs/idl/users.thrift:58] (last token was 'Token')` with the reason on the " +
    'next line, `[WARNING:path:line] msg`, and `[FAILURE:path:line]` closing a failed pass.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://thrift.apache.org/docs/idl',
  anchor: String.raw`\[(?:ERROR|WARNING|FAILURE):[^\]\n]{1,400}:\d{1,7}\]`,
  parse: parseThrift,
};

export const flatc: GrammarFormat = {
  name: 'flatc',
  language: 'FlatBuffers schema',
  description:
    '`flatc --cpp schema/game.fbs`: `  /abs/schema/game.fbs:13: 0: error: msg` (a column after a space); a type used before ' +
    'its definition is placed at its use, `originally at: schema/game.fbs:5`, the end of the file being a note.',
  columnBase: 1,
  columnUnit: 'char',
  // The number after the line is where the lexer stood, past the token it names: not the column to point at.
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://flatbuffers.dev/flatc/',
  anchor: String.raw`\.fbs:\d{1,7}: ?\d{1,5}: (?:error|warning): `,
  parse: parseFlatc,
};
