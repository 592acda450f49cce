// Failure wording and interactive-prompt wording, for output whose exit code says nothing (or not yet).
// Tool-aware patterns only: bare keywords misfire on "0 failed", "Found 0 errors", "error-free" (seeds §1.9).
import { normaliseLine } from '../summarise/index.js';

const FAILURE_PATTERNS: readonly RegExp[] = [
  /npm ERR!/,
  /^npm error\b/,
  /\berror\[E\d{4}\]/, // rustc
  /\bFAILED\b/, // pytest summary, gtest, ninja, Gradle
  /^FAIL\b/, // jest, go test
  /(?:^|[^\w.-])[1-9]\d*\s+(?:tests?\s+)?(?:failed|failing|failures?|errors?)\b/i, // "2 errors", "Tests: 1 failed"
  /\bpanicked at\b/, // Rust
  /^panic: /, // Go
  /^Traceback \(most recent call last\):?/, // Python
  // "error:" at the start of a line or right after a location (gcc, clang, tsc, rustc, ld).
  /^(?:\S[^\n]*?(?::\d+(?::\d+)?|\(\d+(?:,\d+){0,3}\))\s*:?\s*)?(?:fatal\s+)?error(?:\[[A-Z]*\d+\]|\s+[A-Z]+\d+)?\s*:/i,
  /^\s*(?:[A-Z]\w*)?Error:\s/, // "Error: …", "TypeError: …" (Node, Python, Java)
  /^\s*(?:[A-Z]\w*)?Exception(?::|\s+in\b)/,
  /^fatal: /, // git
  /^make(?:\[\d+\])?: \*\*\* /,
];

/** True when one normalised line is failure wording. */
export function lineLooksFailed(line: string): boolean {
  if (line.length === 0) return false;
  // Keep the regexes off very long lines: a failure word lives near the start of its line.
  const probe = line.length > 4096 ? line.slice(0, 4096) : line;
  return FAILURE_PATTERNS.some((pattern) => pattern.test(probe));
}

/** True when the output reads as a failure although no exit code says so. */
export function looksFailed(text: string): boolean {
  return firstFailureLine(text) !== null;
}

/** 1-based number of the first line of `text` with failure wording, or null. */
export function firstFailureLine(text: string): number | null {
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    if (lineLooksFailed(normaliseLine(lines[index] ?? ''))) return index + 1;
  }
  return null;
}

const PROMPT_PATTERNS: readonly RegExp[] = [
  /\bpass(?:word|phrase)(?: for [^:]*)?:\s*$/i,
  /\[(?:y\/n|Y\/n|y\/N|yes\/no)\]/i,
  /\((?:y\/n|yes\/no)\)/i,
  /\bare you sure\b/i,
  /\bpress (?:any key|enter|return)\b/i,
  /\bwaiting for your editor to close the file\b/i,
  /\b(?:stdin|input) is not a (?:tty|terminal)\b/i,
  /\ba terminal is required\b/i,
  /\bcontinue\?\s*$/i,
  /\bproceed\?\s*$/i,
  /\benter [^:]{1,40}:\s*$/i,
];

/**
 * The prompt the output ends with, when the command looks like it waits for a person (a TTY, a password,
 * a confirmation, an editor); null otherwise. Looks at the last two non-empty lines only.
 */
export function detectPrompt(tailText: string): string | null {
  const lines = tailText
    .split('\n')
    .map((line) => normaliseLine(line).trim())
    .filter((line) => line.length > 0)
    .slice(-2);
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index] ?? '';
    if (PROMPT_PATTERNS.some((pattern) => pattern.test(line))) return line.length > 200 ? line.slice(-200) : line;
  }
  return null;
}
