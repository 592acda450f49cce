// The severity a tool writes as a field right after a location instead of a word, for the generic tiers: with every
// location severity-less, a convention printed first outranks the error printed after it (the fixture ablation,
// issue 20). The shapes, each a field that opens the location's tail:
// - a letter of the class convention pylint, RuboCop, pycodestyle and cfn-lint share, alone (`F:7:5: W: msg`,
//   `F:3 [E] msg`, `F:18:F:suite:…`) or leading a code (`F:6:45: W291 msg`, `F:8:3:8:9:W2001:msg`,
//   `F(1): [C0114(name)] msg`): E and F are errors, W warnings, C, R and I conventions, refactorings and
//   information (notes); a code's letter counts for E, F, W and C (flake8 and ruff lead pyflakes' codes with F);
// - a test's status as the field after its name (`F:38:test_push:PASS`, `F:18:test_pop:FAIL: msg`).
import type { Severity } from '../../../core/index.js';

const LETTER_SEVERITY: Readonly<Record<string, Severity>> = { E: 'error', F: 'error', W: 'warning', C: 'note', R: 'note', I: 'note' };
// After an optional end position (`:8:9`), a letter field (`: W:`, ` [E] `, `:F:`) or a letter-led code of 3–4 digits.
const LETTER_FIELD = /^(?::\d{1,7}){0,2}(?::\s?([EWFCRI]):|\s\[([EWFCRI])\]\s|:\s?\[?([EFWC])\d{3,4}\b)/;
const STATUS_FIELD = /^:(?:[\w.-]{1,120}:)?(PASS|FAIL|IGNORE)(?::|$)/;

/** The severity a field opening a location's tail states, or null when none does. */
export function fieldSeverity(rest: string): Severity | null {
  const letter = LETTER_FIELD.exec(rest);
  if (letter) return LETTER_SEVERITY[(letter[1] ?? letter[2] ?? letter[3])!] ?? null;
  const status = STATUS_FIELD.exec(rest);
  if (status) return status[1] === 'FAIL' ? 'error' : 'note';
  return null;
}
