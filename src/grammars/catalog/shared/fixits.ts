// gcc and clang `-fdiagnostics-parseable-fixits` (issue 23): after a diagnostic's code frame, one line per edit,
// `fix-it:"FILE":{LINE:COL-LINE:COL}:"TEXT"`, columns 1-based UTF-8 bytes and the range half-open; FILE and TEXT
// C-escaped (`\n`, `\"`, `\\`, octal bytes). All fix-its of one diagnostic are one fix; fix-its under notes are
// alternatives of the diagnostic the notes belong to (clang: "notes' fix-its are not cumulative"). Neither
// compiler marks a fix-it safe, so every one is `review`.
import type { RawFix, RawFixEdit } from '../../../core/index.js';
import type { LineContext } from '../../engine/format.js';
import { GCC_SCOPE_LINE } from '../../engine/locale-words-gcc.js';

const FIX_IT = /^fix-it:"((?:[^"\\]|\\.)*)":\{(\d+):(\d+)-(\d+):(\d+)\}:"((?:[^"\\]|\\.)*)"$/;
/** A diagnostic's next head (or gcc's `In function` line, in any language): the fix-its of this one are all above it. */
const NEXT_HEAD = /^(?:\S[^:]*:\d+:(?:\d+:)? |In file included from )/;
/** How far below its head a fix-it is looked for: a code frame is a few lines; the window is ±40. */
const LOOKAHEAD = 30;

const SIMPLE_ESCAPES: Record<string, number> = {
  n: 0x0a,
  t: 0x09,
  r: 0x0d,
  '"': 0x22,
  '\\': 0x5c,
  "'": 0x27,
  a: 0x07,
  b: 0x08,
  f: 0x0c,
  v: 0x0b,
};
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The C-escaped string as text (octal escapes are bytes of UTF-8); undefined when it is not valid. */
function unescapeC(escaped: string): string | undefined {
  const bytes: number[] = [];
  for (let index = 0; index < escaped.length; index++) {
    const code = escaped.charCodeAt(index);
    if (code !== 0x5c) {
      // Literal characters keep their UTF-8 bytes, so they mix with octal-escaped bytes.
      for (const byte of new TextEncoder().encode(escaped[index] as string)) bytes.push(byte);
      continue;
    }
    const next = escaped[index + 1] ?? '';
    const octal = /^[0-7]{1,3}/.exec(escaped.slice(index + 1, index + 4));
    if (octal) {
      bytes.push(parseInt(octal[0], 8) & 0xff);
      index += octal[0].length;
    } else if (next in SIMPLE_ESCAPES) {
      bytes.push(SIMPLE_ESCAPES[next] as number);
      index++;
    } else return undefined;
  }
  try {
    return utf8.decode(new Uint8Array(bytes));
  } catch {
    return undefined;
  }
}

function fixItEdit(line: string): RawFixEdit | undefined {
  const match = FIX_IT.exec(line);
  if (!match) return undefined;
  const file = unescapeC(match[1] as string);
  const newText = unescapeC(match[6] as string);
  const [startLine, startColumn, endLine, endColumn] = [2, 3, 4, 5].map((group) => Number(match[group]));
  if (file === undefined || file === '' || newText === undefined || !startLine || !startColumn || !endLine || !endColumn) return undefined;
  return {
    file,
    start: { line: startLine, column: startColumn, unit: 'byte' },
    end: { line: endLine, column: endColumn, unit: 'byte' },
    newText,
  };
}

/**
 * The fix-it lines below the diagnostic or note on the current line, as one fix; none when there are none, or
 * when one of them cannot be read (a fix applied in part breaks the code).
 */
export function fixItsBelow(context: LineContext, source: string, description: string): RawFix[] {
  const edits: RawFixEdit[] = [];
  for (let delta = 1; delta <= LOOKAHEAD; delta++) {
    const line = context.line(delta);
    if (line === undefined || NEXT_HEAD.test(line) || GCC_SCOPE_LINE.test(line)) break;
    if (!line.startsWith('fix-it:"')) continue;
    const edit = fixItEdit(line);
    if (!edit) return [];
    edits.push(edit);
  }
  return edits.length === 0 ? [] : [{ source, safety: 'review', description, edits }];
}
