// Scala: scalac 2 (`A.scala:12: error: type mismatch;` + found/required + source + caret), sbt's re-rendering
// of it with a column and an `[error] ` prefix, and Scala 3's boxed `-- [E007] Type Mismatch Error: A.scala:12:5 ---`
// with a `12 |` code frame. Link: https://docs.scala-lang.org/scala3/guides/migration/tooling-syntax-rewriting.html
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { caretColumn, parseColonHead, severityOf } from '../shared/common.js';

// sbt prefixes every line of the compiler's report with its log level.
const SBT_LEVEL = /^\[(error|warn|info)\] /;
const SCALA = /\.(?:scala|sc|sbt)$/;

// scalac 2 draws the caret line with tabs expanded to 8-column stops (observed: 2.11.12), so the caret's
// screen offset is mapped back to a character index of the echoed source line.
function displayToChar(source: string, display: number): number {
  let screen = 0;
  for (let index = 0; index < source.length; index++) {
    if (screen >= display) return index + 1;
    screen = source[index] === '\t' ? (Math.floor(screen / 8) + 1) * 8 : screen + 1;
  }
  return source.length + 1 + (display - screen);
}

function withoutLevel(line: string | undefined): string | undefined {
  return line?.replace(SBT_LEVEL, '');
}

/** sbt writes `warn` where scalac writes `warning`. */
function scalaSeverity(word: string | undefined): ReturnType<typeof severityOf> {
  return severityOf(word === 'warn' ? 'warning' : word);
}

// `A.scala:12: error: type mismatch;` / sbt `[error] /abs/A.scala:12:5: type mismatch;` — the lines that follow
// (` found   : String("a")`, ` required: Int`) up to the echoed source line belong to the message, and
// the caret under the source line gives the column when none is printed.
function parseScala2(context: LineContext): boolean {
  const level = SBT_LEVEL.exec(context.text);
  const head = parseColonHead(context, { from: level?.[0].length ?? 0 });
  if (!head || !SCALA.test(head.file) || !head.rest.startsWith(': ')) return false;
  const tail = /^: (?:(error|warning|warn|info): )?(.*)$/.exec(head.rest);
  // scalac always names the severity; sbt drops it (its `[error]`/`[warn]` prefix says it instead). A head with
  // neither lost its prefix (a paste that starts after it): the report's next line, under the same prefix, says it.
  const levelBelow = level ? null : SBT_LEVEL.exec(context.line(1) ?? '');
  const severity = scalaSeverity(tail?.[1]) ?? scalaSeverity((level ?? levelBelow)?.[1]);
  if (!tail || severity === null) return false;
  const message = [tail[2] ?? ''];
  let column = head.column;
  for (let delta = 1; delta <= 10; delta++) {
    const next = withoutLevel(context.line(delta));
    if (next === undefined || /\.scala:\d+:/.test(next)) break;
    const caret = caretColumn(next);
    if (caret !== null) {
      // 2.12+ (Position.lineCaret) keeps the source's tabs in the caret line, so there the offset is already
      // a character index; 2.11 expands them and needs the mapping.
      column ??= /\t/.test(next.slice(0, caret - 1)) ? caret : displayToChar(withoutLevel(context.line(delta - 1)) ?? '', caret - 1);
      // The line just above the caret is the echoed source, not message.
      message.pop();
      break;
    }
    message.push(next.trim());
  }
  context.emit({ file: head.file, line: head.line, column, severity, message: message.join('\n').trim() });
  return true;
}

// Dotty before 0.5 (2017) wrote the header without a position (`-- [E007] Type Mismatch Error: a/B.scala ----`): the
// line is the code frame's gutter number below (`4 |  def f…`), the 0-based column the caret's offset after its `|`.
function gutterHead(context: LineContext, rest: string): { file: string; line: number; column: number | null; rest: string } | null {
  const named = /^(\S+?\.(?:scala|sc)) (-{3,}\s*)$/.exec(rest);
  if (!named) return null;
  for (let delta = 1; delta <= 4; delta++) {
    const frame = /^\s*(\d+) \|/.exec(withoutLevel(context.line(delta)) ?? '');
    if (!frame) continue;
    const caret = /^\s*\|( *)\^/.exec(withoutLevel(context.line(delta + 1)) ?? '');
    const column = caret ? Math.max(0, (caret[1] ?? '').length - 1) : null;
    return { file: named[1] ?? '', line: Number(frame[1]), column, rest: ` ${named[2] ?? ''}` };
  }
  return null;
}

const SCALA3_HEAD = /^-- (?:\[(E\d+)\] )?([A-Z][A-Za-z ]*?(Error|Warning|Info)): /;

// `-- [E007] Type Mismatch Error: src/main/scala/A.scala:12:5 ----`, then `12 |  val x: Int = "a"`,
// `   |               ^^^`, `   |Found: …` lines. The printed column is 0-based (dotty's SourcePosition.column).
function parseScala3(context: LineContext): boolean {
  const level = SBT_LEVEL.exec(context.text);
  const text = withoutLevel(context.text) ?? '';
  const header = SCALA3_HEAD.exec(text);
  if (!header) return false;
  const offset = (level?.[0].length ?? 0) + header[0].length;
  const head = parseColonHead(context, { from: offset }) ?? gutterHead(context, text.slice(header[0].length));
  if (!head || !SCALA.test(head.file) || !/^ -+\s*$|^\s*$/.test(head.rest)) return false;
  const severity = severityOf(header[3]);
  const details: string[] = [];
  let afterCaret = false;
  for (let delta = 1; delta <= 30 && details.length < 8; delta++) {
    const frame = /^\s*(\d+)?\s*\|(.*)$/.exec(withoutLevel(context.line(delta)) ?? '');
    if (!frame) break;
    if (frame[1] !== undefined) continue;
    const body = frame[2] ?? '';
    if (!afterCaret && /^\s*\^+\s*$/.test(body)) {
      afterCaret = true;
      continue;
    }
    if (afterCaret && body.trim() !== '' && !/^-{3,}/.test(body.trim())) details.push(body.trim());
  }
  const message = [header[2] ?? '', ...details].join('\n');
  context.emit({ file: head.file, line: head.line, column: head.column, severity, code: header[1] ?? null, message });
  return true;
}

export const scala: GrammarFormat = {
  name: 'scala',
  language: 'Scala',
  description:
    '`scalac` 2.x (`A.scala:12: error: type mismatch;` + found/required + caret line) and `sbt compile` (`[error] /abs/A.scala:12:5: ' +
    'type mismatch;`).',
  columnBase: 1,
  // scalac's caret line keeps the source's tabs, so its offset counts characters; sbt prints pointer + 1.
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://www.scala-sbt.org/1.x/docs/Howto-Logging.html',
  anchor: '\\.(?:scala|sc|sbt):\\d+:(?:\\d+:)? ',
  parse: parseScala2,
};

export const scala3: GrammarFormat = {
  name: 'scala3',
  language: 'Scala',
  description:
    '`scala compile` / `sbt compile` with Scala 3: `-- [E007] Type Mismatch Error: src/main/scala/A.scala:12:5 ----` and a `12 |` ' +
    'code frame.',
  columnBase: 0,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://docs.scala-lang.org/scala3/reference/error-codes.html',
  anchor: '-- (?:\\[E\\d+\\] )?[A-Z][A-Za-z ]{0,40}(?:Error|Warning|Info): ',
  parse: parseScala3,
};
