// A location split from its file by a copy that broke the line after the path (the prose tier's last shape): the
// line starts with the position, and the line before ends in the file.
import type { LineContext } from '../../engine/format.js';
import { parseSeverityTail, severityOf } from '../shared/common.js';
import { tokensOf } from './tokens.js';
import { pathLike, SEVERITY_WORD, withoutHost } from './words.js';

// `:4:20: error: …` or `, line 4: …` starting a line whose file ended the line before (a copy that broke the line
// after the path).
export function splitFromPreviousLine(context: LineContext): boolean {
  const match = /^(?::(\d{1,7})(?::(\d{1,5}))?(?=[:\s])|,? ?[Ll]ine (\d{1,7})\b)(.*)$/.exec(context.text);
  if (!match) return false;
  const previous = context.line(-1)?.trimEnd();
  const head = previous === undefined ? undefined : tokensOf(previous).at(-1);
  if (!head || head.end !== previous!.length || !pathLike(head.path)) return false;
  const tail = parseSeverityTail(match[4] ?? '');
  const emitted = context.emit({
    file: withoutHost(head.path),
    line: Number(match[1] ?? match[3]),
    column: match[2] === undefined ? null : Number(match[2]),
    severity: tail.severity ?? severityOf(SEVERITY_WORD.exec(context.text)?.[1]),
    code: tail.code,
    message: tail.message.replace(/^[\s:,-]+/, '').trim(),
    hints: { confirm: true },
    logLine: context.logLine - 1,
  });
  return emitted !== undefined;
}
