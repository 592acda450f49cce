// The one format a model answers a fix prompt in (issue 23 §4; in core because src/prompt asks for it and src/fix reads it), anchored on
// exact old text rather than on line numbers, which a model miscounts: `faultline fix --answer FILE` reads it (src/fix/answer.ts) and
// applies it through the same checks as a tool's fix. A block:
//
//   <<<<<<< OLD path/relative/to/the/workspace
//   the exact lines to replace, whole lines, as they are in the file
//   =======
//   the lines that replace them (nothing, to delete them)
//   >>>>>>> NEW
//
// Text outside the blocks (the explanation) is ignored. The old text must occur exactly once in the file.

export const ANSWER_OLD_MARK = '<<<<<<< OLD ';
export const ANSWER_SEPARATOR = '=======';
export const ANSWER_NEW_MARK = '>>>>>>> NEW';

/** The prompt's lines that ask for the format. */
export const ANSWER_FORMAT_INSTRUCTION = [
  'Reply with a short explanation, then each change as a block of this exact form (one block per place; whole lines):',
  `${ANSWER_OLD_MARK}path/of/the/file`,
  'the exact current lines, copied from the file, enough of them to occur only once',
  ANSWER_SEPARATOR,
  'the new lines',
  ANSWER_NEW_MARK,
  'If the fix is not a code change, give the command instead.',
].join('\n');
