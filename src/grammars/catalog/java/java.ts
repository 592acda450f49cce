// Java: javac diagnostics (column from the caret line) and JVM stack traces with `Caused by:` chains.
// Link: https://docs.oracle.com/en/java/javase/17/docs/specs/man/javac.html
import type { GrammarFamily, GrammarFormat, LineContext } from '../../engine/format.js';
import { caretColumn, parseColonHead, severityOf } from '../shared/common.js';
import { clojureStack } from './clojure-stack.js';
import { clojureTest } from './clojure-test.js';
import { defineJvmRules, javaStack } from './java-stack.js';

// Detail lines javac indents under a diagnostic (`  symbol:`, `  location:`, -Xlint's `where E is …`).
const MAX_DETAIL_LINES = 6;

function details(context: LineContext, from: number): string[] {
  const lines: string[] = [];
  for (let delta = from; delta < from + MAX_DETAIL_LINES; delta++) {
    const line = context.line(delta);
    if (line === undefined || !/^ {2,}\S/.test(line)) break;
    lines.push(line.trim());
  }
  return lines;
}

// `src/main/java/com/acme/Bad.java:9: error: incompatible types: …`, then the source line echoed
// verbatim, then a caret line. javac copies the source's tabs into the caret line, so the caret's offset
// is the column in characters.
function parseJavac(context: LineContext): boolean {
  const head = parseColonHead(context);
  if (!head || !/\.java$/.test(head.file)) return false;
  // Older javac releases printed no severity word (`Test.java:5: ';' expected`): its source echo and caret confirm it.
  const bare = /^: ()()(.*)$/.exec(head.rest);
  const tail =
    /^: (error|warning|[Nn]ote): (?:\[([\w-]+)\] )?(.*)$/.exec(head.rest) ?? (caretColumn(context.line(2)) === null ? null : bare);
  if (!tail) return false;
  // No source echo (a diagnostic without a position in the file) when the next line is another head.
  const caret = /\.java:\d+: /.test(context.line(1) ?? '') ? null : caretColumn(context.line(2));
  const detail = caret === null ? [] : details(context, 3);
  context.emit({
    file: head.file,
    line: head.line,
    column: caret,
    severity: severityOf(tail[1] || 'error'),
    code: tail[2] || null,
    message: [tail[3] ?? '', ...detail].join('\n'),
  });
  return true;
}

const javac: GrammarFormat = {
  name: 'javac',
  language: 'Java',
  description:
    '`javac` (also under Maven/Gradle with plain output): `Bad.java:9: error: msg`, the source line, a caret line, `  symbol:`/`  ' +
    'location:` details; older releases print no severity word (`Bad.java:9: class expected`, then the source and caret).',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://docs.oracle.com/en/java/javase/17/docs/specs/man/javac.html',
  anchor: '\\.java:\\d+: ',
  parse: parseJavac,
};

export const javaFamily: GrammarFamily = {
  // javac first: its head is a path at the start of the line, a frame never is; the order only saves
  // the stack parser a look at compiler lines. Clojure's frames put a space before the parenthesis, Java's never do.
  // clojure.test's `FAIL in (name) (F:L)` is no frame (no symbol before the parenthesis): the order between them is free.
  formats: [javac, javaStack, clojureStack, clojureTest],
  rules: defineJvmRules,
};
