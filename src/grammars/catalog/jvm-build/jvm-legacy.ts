// JVM tools with a shape of their own: scalastyle's checkstyle-like text (`warning file=/x/Foo.scala
// message=Avoid mutable fields line=6 column=7`) and Play Framework's template errors (`In /x/index.scala.html
// at line 60.`).
// Link: http://www.scalastyle.org/command-line.html
// Link: https://www.playframework.com/documentation/2.9.x/ScalaTemplates
import type { Severity } from '../../../core/index.js';
import type { GrammarFormat, LineContext } from '../../engine/format.js';

// The keys always come in this order; `message=` runs up to ` line=` (messages may contain `=`).
const SCALASTYLE = /^(error|warning|info) file=(\S+) message=(.*?)(?: line=(\d+))(?: column=(\d+))?\s*$/;

function parseScalastyle(context: LineContext): boolean {
  const match = SCALASTYLE.exec(context.text);
  if (!match) return false;
  const severity: Severity = match[1] === 'error' ? 'error' : match[1] === 'warning' ? 'warning' : 'note';
  context.emit({
    file: match[2] ?? '',
    line: Number(match[4]),
    column: match[5] === undefined ? null : Number(match[5]),
    severity,
    message: match[3] ?? '',
  });
  return true;
}

export const scalastyle: GrammarFormat = {
  name: 'scalastyle',
  language: 'Scala',
  description:
    "`scalastyle --config scalastyle_config.xml src` (CLI and the sbt/maven plugins' text output): `warning file=/src/Foo.scala " +
    'message=Avoid mutable fields line=6 column=7` (column 0-based; a file-level finding has no line).',
  columnBase: 0,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: false,
  url: 'http://www.scalastyle.org/command-line.html',
  anchor: '^(?:error|warning|info) file=\\S+ message=',
  parse: parseScalastyle,
};

// Play prints the compile error, then `In /abs/app/views/index.scala.html at line 60.` and the source excerpt.
function parsePlay(context: LineContext): boolean {
  const match = /^In (\S+\.scala\.(?:html|txt|xml|js)) at line (\d+)\.?$/.exec(context.text);
  if (!match) return false;
  let message = '';
  for (let delta = -1; delta >= -3 && message === ''; delta--) {
    const line = (context.line(delta) ?? '').trim();
    const bracketed = /Compilation error\[(.*)\]$/.exec(line);
    message = bracketed?.[1] ?? line.replace(/^\[error\]\s*/, '');
  }
  context.emit({ file: match[1] ?? '', line: Number(match[2]), severity: 'error', message });
  return true;
}

export const playTemplate: GrammarFormat = {
  name: 'play-template',
  language: 'Scala',
  description: 'Play Framework (2.x dev mode, `sbt run`): a template compile error, then `In /abs/app/views/index.scala.html at line 60.`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: 'https://www.playframework.com/documentation/2.9.x/ScalaTemplates',
  anchor: '^In \\S+\\.scala\\.\\w+ at line \\d',
  parse: parsePlay,
};
