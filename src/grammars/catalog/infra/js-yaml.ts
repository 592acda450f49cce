// js-yaml, the YAML parser of most Node tools (serverless, eslint's YAML configs, docusaurus, swagger tooling): since
// 4.0 its message ends in the position, `unknown tag !<!Sub> in "serverless.yml" (38:82)` when the caller gave a file
// name, `… (38:82)` alone when not, and a snippet follows: the lines around it (` 38 | …`) and a `-----^` marker
// under the column. A tool that gave no name often names the file itself before the message (`Cannot read
// "deploy.yml": … (7:5)`). The message line starts with whatever the tool wrote, so the marker selects the
// block and the message is read above the snippet.
// Link: https://github.com/nodeca/js-yaml#load-string---options- (`filename`, the name used in messages)
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { plausiblePath } from '../shared/common.js';

const MARKER = /^\s*-+\^\s*$/;
const SNIPPET_LINE = /^\s*(\d+) \|/;
// The snippet holds at most three lines before the marked one (js-yaml's `linesBefore`), and a blank line.
const MAX_ABOVE = 6;
// js-yaml's own ` in "F" (L:C)` at the end of its message; a `YAMLException: ` before it is the class name.
const NAMED = /^(.*?) in "([^"]+)" \((\d+):(\d+)\)\s*$/;
// A caller's `"F": <js-yaml message> (L:C)`: the one quoted file before the message.
const WRAPPED = /"([^"\s]+)": (.*?) \((\d+):(\d+)\)\s*$/;
const POSITION = /\((\d+):\d+\)\s*$/;

function messageOf(text: string): string {
  return text.replace(/^.*?\bYAMLException: /, '').trim();
}

function emitMessageLine(context: LineContext, text: string, logLine: number): boolean {
  const named = NAMED.exec(text);
  if (named && plausiblePath(named[2]!)) {
    const place = { line: Number(named[3]), column: Number(named[4]), severity: 'error' as const, logLine };
    context.emit({ file: named[2]!, ...place, message: messageOf(named[1]!) });
    return true;
  }
  const wrapped = WRAPPED.exec(text);
  if (!wrapped || !plausiblePath(wrapped[1]!)) return false;
  // The shape alone does not prove the quoted word is the parsed file: kept only when the workspace has it.
  const place = { line: Number(wrapped[3]), column: Number(wrapped[4]), severity: 'error' as const, logLine };
  context.emit({ file: wrapped[1]!, ...place, message: messageOf(wrapped[2]!), hints: { confirm: true } });
  return true;
}

function parseJsYaml(context: LineContext): boolean {
  if (!MARKER.test(context.text)) return false;
  // The marker sits under the snippet's marked line, whose number is the message's line.
  const marked = SNIPPET_LINE.exec(context.line(-1) ?? '');
  if (!marked) return false;
  for (let delta = -2; delta >= -MAX_ABOVE - 2; delta--) {
    const text = context.line(delta);
    if (text === undefined) return false;
    const position = POSITION.exec(text);
    if (!position) continue;
    return position[1] === marked[1] && emitMessageLine(context, text, context.logLine + delta);
  }
  return false;
}

export const jsYaml: GrammarFormat = {
  name: 'js-yaml',
  language: 'YAML',
  description:
    '`serverless deploy` and other Node tools loading YAML with js-yaml 4: `unknown tag !<!dist/**> in "deploy.yml" (7:5)` over a ' +
    'snippet ending in `-----^`; a tool naming the file itself before js-yaml\'s message (`Cannot read "deploy.yml": … (7:5)`).',
  // js-yaml's mark prints line + 1 and column + 1 of a JavaScript string index.
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://github.com/nodeca/js-yaml#load-string---options-',
  anchor: '^\\s*-+\\^',
  parse: parseJsYaml,
};
