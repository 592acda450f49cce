// Spell checkers run in CI: misspell (`README.md:2:8: "teh" is a misspelling of "the"`) and typos (a rustc-like
// report `error: \`teh\` should be \`the\`` then `  --> ./README.md:2:9`, or `--format brief` rows).
// Link: https://github.com/client9/misspell#readme
// Link: https://github.com/crate-ci/typos/blob/master/docs/reference.md
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { parseColonHead } from './shared/common.js';

function parseMisspell(context: LineContext): boolean {
  const head = parseColonHead(context);
  if (!head || head.column === null || head.endColumn !== null) return false;
  const tail = /^: ("[^"]+" is a misspelling of "[^"]+")$/.exec(head.rest);
  if (!tail) return false;
  context.emit({ file: head.file, line: head.line, column: head.column, severity: 'warning', message: tail[1] ?? '' });
  return true;
}

const misspell: GrammarFormat = {
  name: 'misspell',
  language: 'Text',
  description: '`misspell .` / `misspell -error .`: `README.md:2:8: "teh" is a misspelling of "the"` (0-based column).',
  // Observed with misspell v0.3.4: `This is teh` reports column 8 for the `t` of `teh`, its 9th character.
  columnBase: 0,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://github.com/client9/misspell#readme',
  anchor: '\\.[A-Za-z][A-Za-z0-9+_]{0,11}:\\d+:\\d+: "[^"]+" is a misspelling of ',
  parse: parseMisspell,
};

const TYPOS_HEADER = /^error: (`[^`]+` should be .*)$/;

function parseTypos(context: LineContext): boolean {
  const text = context.text;
  const brief = /^(.+?):(\d+):(\d+): (`[^`]+` -> .*)$/.exec(text);
  if (brief) {
    context.emit({ file: brief[1] ?? '', line: Number(brief[2]), column: Number(brief[3]), severity: 'warning', message: brief[4] ?? '' });
    return true;
  }
  const header = TYPOS_HEADER.exec(text);
  if (header) return /^\s+--> /.test(context.line(1) ?? '');
  const arrow = /^\s+--> (.+):(\d+):(\d+)$/.exec(text);
  const above = TYPOS_HEADER.exec(context.line(-1) ?? '');
  if (!arrow || !above) return false;
  context.emit({
    file: arrow[1] ?? '',
    line: Number(arrow[2]),
    column: Number(arrow[3]),
    severity: 'warning',
    message: above[1] ?? '',
    logLine: context.logLine - 1,
  });
  return true;
}

const typos: GrammarFormat = {
  name: 'typos',
  language: 'Text',
  description:
    '`typos`: `error: \\`teh\\` should be \\`the\\`` then `  --> ./README.md:2:9` and a caret frame; `typos --format brief`: ' +
    '`./README.md:2:8: \\`teh\\` -> \\`the\\``.',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: false,
  url: 'https://github.com/crate-ci/typos/blob/master/docs/reference.md',
  anchor: '^error: `[^`\\n]{1,200}` should be |^\\s+--> |\\.[A-Za-z][A-Za-z0-9+_]{0,11}:\\d+:\\d+: `',
  parse: parseTypos,
};

export const spellingFamily: GrammarFamily = {
  // Disjoint tails (`is a misspelling of`, `` `x` -> ``, `` `x` should be ``); order is free.
  formats: [misspell, typos],
};
