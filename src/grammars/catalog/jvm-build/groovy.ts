// Groovy: groovyc's (and every Groovy host's: Gradle build scripts, Grails, Jenkins, Spring Boot CLI) `startup failed:`
// report, one error a paragraph: `path: L: message`, then ` @ line L, column C.`, the source line and a caret.
// The path is whatever the host named the source: a plain path (spaces allowed: `D:\Tomcat 7.0\…`), a `file:` URL
// (Spring Boot CLI, GroovyShell). Gradle's quoted `build file '/x/build.gradle': L:` is left to the gradle format's
// `* Where:` block, which names the same line. Ant's `[groovyc] ` prefix is peeled by
// the engine. Link: https://docs.groovy-lang.org/latest/html/documentation/tools-groovyc.html
import type { GrammarFamily, GrammarFormat, LineContext } from '../../engine/format.js';

const HEAD = /^\s*((?:file:)?(?:[A-Za-z]:)?[^\s:'][^:']*?\.(?:groovy|gradle|gvy|gy|gsh)): (\d+): (.+)$/i;
const POSITION = /^\s*@ line (\d+), column (\d+)\.\s*$/;

function parseGroovy(context: LineContext): boolean {
  const match = HEAD.exec(context.text);
  if (!match) {
    // The position line belongs to the head above it (read there): claimed, so the prose tier does not report it again.
    if (!POSITION.test(context.text)) return false;
    for (let delta = -1; delta >= -3; delta--) if (HEAD.test(context.line(delta) ?? '')) return true;
    return false;
  }
  const line = Number(match[2]);
  // The position line follows at once; a message the console wrapped pushes it one or two lines down.
  let column: number | null = null;
  for (let delta = 1; delta <= 3; delta++) {
    const position = POSITION.exec(context.line(delta) ?? '');
    if (position && Number(position[1]) === line) {
      column = Number(position[2]);
      break;
    }
  }
  context.emit({ file: match[1] ?? '', line, column, severity: 'error', message: (match[3] ?? '').trim() });
  return true;
}

const groovy: GrammarFormat = {
  name: 'groovy',
  language: 'Groovy',
  description:
    'groovyc and the Groovy hosts (Grails, Spring Boot CLI, Gradle plugins): `startup failed:` then `path: L: msg` (a `file:` URL ' +
    'too) and ` @ line L, column C.` below it.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://docs.groovy-lang.org/latest/html/documentation/tools-groovyc.html',
  anchor: '\\.(?:groovy|gradle|gvy|gy|gsh): \\d+: |^\\s*@ line \\d+, column \\d',
  parse: parseGroovy,
};

export const groovyFamily: GrammarFamily = { formats: [groovy] };
