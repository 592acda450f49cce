// Bounds text for display or prompts: normalised first, then head + tail around one explicit marker.
// The tail gets the larger share because a failed command's cause is usually printed last.
import { countOf } from '../core/index.js';
import { normaliseText } from './normalise.js';
import { safePrefix, safeSuffix } from './cut.js';

export interface BoundOptions {
  text: string;
  /** Keep at most this many lines (the marker line included). */
  maxLines?: number;
  /** Keep at most this many UTF-16 units (the marker included). */
  maxChars?: number;
  /** Share of the kept budget given to the head, 0…1 (default 1/3; 0 keeps only the tail). */
  headShare?: number;
}

export interface BoundResult {
  text: string;
  /** What was left out; undefined when nothing was. */
  truncated: { lines: number; chars: number } | undefined;
}

function marker(lines: number, chars: number, partial: boolean): string {
  return partial ? `[… ${countOf(chars, 'char')} omitted …]` : `[… ${countOf(lines, 'line')} omitted …]`;
}

// Longest marker we may print for a text of this size, so the budget can reserve room for it.
function markerReserve(totalChars: number): number {
  return marker(0, totalChars, true).length + 2;
}

interface Cut {
  head: string[];
  tail: string[];
  partial: boolean;
}

// Takes whole lines from the start and the end within the budgets; a single over-long line is cut
// surrogate-safely rather than dropped, so the last line (the error, usually) is never lost entirely.
function cutByChars(lines: string[], headBudget: number, tailBudget: number): Cut {
  const head: string[] = [];
  const tail: string[] = [];
  let partial = false;
  let used = 0;
  let first = 0;
  let last = lines.length - 1;
  while (last >= first) {
    const line = lines[last] ?? '';
    const cost = line.length + 1;
    if (used + cost <= tailBudget) {
      tail.unshift(line);
      used += cost;
      last--;
      continue;
    }
    if (tail.length === 0 && tailBudget > 1) {
      tail.unshift(safeSuffix(line, tailBudget - 1));
      partial = true;
    }
    break;
  }
  used = 0;
  while (first <= last) {
    const line = lines[first] ?? '';
    const cost = line.length + 1;
    if (used + cost <= headBudget) {
      head.push(line);
      used += cost;
      first++;
      continue;
    }
    if (head.length === 0 && headBudget > 1 && first === last) {
      head.push(safePrefix(line, headBudget - 1));
      partial = true;
    }
    break;
  }
  return { head, tail, partial };
}

/** Normalises `text` (ANSI, CR redraws, controls) and bounds it by lines and characters. */
export function boundText(options: BoundOptions): BoundResult {
  const normalised = normaliseText(options.text.replace(/\r\n/g, '\n'));
  const headShare = Math.min(1, Math.max(0, options.headShare ?? 1 / 3));
  let lines = normalised.split('\n');
  const totalLines = lines.length;
  const totalChars = normalised.length;
  let omittedLines = 0;

  const maxLines = options.maxLines;
  if (maxLines !== undefined && lines.length > maxLines) {
    const keep = Math.max(0, maxLines - 1);
    const headCount = Math.floor(keep * headShare);
    const tailCount = keep - headCount;
    omittedLines = lines.length - keep;
    lines = [...lines.slice(0, headCount), '\u0000MARK', ...lines.slice(lines.length - tailCount)];
  }

  let text = lines.join('\n');
  const maxChars = options.maxChars;
  let partial = false;
  if (maxChars !== undefined && text.length > maxChars) {
    const reserve = markerReserve(totalChars);
    if (maxChars <= reserve) {
      // No room for a marker and content: keep the end, which matters most.
      const kept = safeSuffix(normalised, maxChars);
      return { text: kept, truncated: { lines: totalLines - kept.split('\n').length, chars: totalChars - kept.length } };
    }
    const content = lines.filter((line) => line !== '\u0000MARK');
    const budget = maxChars - reserve;
    const headBudget = Math.floor(budget * headShare);
    const cut = cutByChars(content, headBudget, budget - headBudget);
    partial = cut.partial;
    lines = [...cut.head, '\u0000MARK', ...cut.tail];
    omittedLines = totalLines - cut.head.length - cut.tail.length + (partial ? 1 : 0);
    text = lines.join('\n');
  }
  if (!text.includes('\u0000MARK')) return { text, truncated: undefined };

  const keptChars = lines.filter((line) => line !== '\u0000MARK').reduce((sum, line) => sum + line.length + 1, 0) - 1;
  const omittedChars = Math.max(0, totalChars - keptChars - (lines.length > 1 ? 1 : 0));
  const finalText = text.replace('\u0000MARK', marker(omittedLines, omittedChars, partial));
  return { text: finalText, truncated: { lines: omittedLines, chars: omittedChars } };
}
