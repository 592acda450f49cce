// Cython, the compiler `cythonize` and `setup.py build_ext` run before any C compiler: each error is a block
// (`Error compiling Cython file:`, a dashed rule, the source excerpt with a caret, a dashed rule) closed by the
// place as `path:L:C: message` with no severity word; warnings are one `warning: path:L:C: message` row. Without
// this format the block's place is a severity-less generic row, and the CompileError traceback that cythonize
// raises after the blocks (a frame in the user's setup.py) would outrank the error it only reports.
// Link: https://cython.readthedocs.io/en/latest/src/userguide/source_files_and_compilation.html
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead } from '../shared/common.js';

const CYTHON_SOURCE = /\.(?:pyx|pxd|pxi|py)$/;
// The rule under the excerpt: 60 dashes in every version seen (0.29, 3.x).
const RULE = /^-{20,}\s*$/;
const WARNING_PREFIX = 'warning: ';

// Pyrex and Cython before 0.12 (`## Error converting Pyrex file to C:`) drew no rule: the excerpt's caret line is
// marked `##` instead.
const OLD_CARET = /^##\s*\^\s*$/;

/** True when the place closes an error block: the rule right above it (3.x), or above one blank line (0.29, or the
 * old `##` caret line). */
function closesErrorBlock(context: LineContext): boolean {
  const above = context.line(-1) ?? '';
  if (RULE.test(above)) return true;
  const closer = context.line(-2) ?? '';
  return above.trim() === '' && (RULE.test(closer) || OLD_CARET.test(closer));
}

function parseCython(context: LineContext): boolean {
  const warning = context.text.startsWith(WARNING_PREFIX);
  const head = parseColonHead(context, warning ? { from: WARNING_PREFIX.length } : {});
  if (!head || head.column === null || !CYTHON_SOURCE.test(head.file)) return false;
  if (!warning && !closesErrorBlock(context)) return false;
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: warning ? 'warning' : 'error',
    message: head.rest.replace(/^:\s*/, '').trim(),
  });
  return true;
}

export const cython: GrammarFormat = {
  name: 'cython',
  language: 'Cython',
  description:
    '`cythonize -i pkg/*.pyx`, `python setup.py build_ext`: an `Error compiling Cython file:` block closed by ' +
    '`pkg/x.pyx:19:9: msg` (0-based column); `warning: pkg/x.pyx:2:4: msg` rows.',
  // Observed: `x = "éé" + name` reports :11, the 0-based character offset (13 in bytes).
  columnBase: 0,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://cython.readthedocs.io/en/latest/src/userguide/source_files_and_compilation.html',
  anchor: '\\.(?:pyx|pxd|pxi|py):\\d+:\\d+: ',
  parse: parseCython,
};
