// String helpers for the scanner and the line contexts: representation (latin1, own copies) and line bounds.

const decoder = new TextDecoder('utf-8', { fatal: false });
const encoder = new TextEncoder();

/** The scanner reads latin1 (one char per byte, fast); candidate text is re-decoded as UTF-8. */
export function latin1ToUtf8(text: string): string {
  let ascii = true;
  for (let index = 0; index < text.length; index++) {
    if (text.charCodeAt(index) > 0x7f) {
      ascii = false;
      break;
    }
  }
  if (ascii) return text;
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index);
  return decoder.decode(bytes);
}

/**
 * A copy of `text` that shares no memory with the string it was cut from. V8 substrings point into their
 * parent: a location's message sliced from a 100 KB log slice kept the whole slice alive until the scan
 * ended (heap grew ~0.3 MB per MB of log), and candidate text that Chevrotain keeps as a parser's last input
 * pinned one buffer per parser (3–5 MB promoted per young-generation GC). Slicing a fresh concatenation
 * makes V8 copy the characters, so only the text itself is kept.
 */
export function ownCopy(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

/** Start and end (at its `\n`) of the line `delta` lines from [lineStart, lineEnd) in `text`; undefined past an end. */
export function neighbourBounds(text: string, lineStart: number, lineEnd: number, delta: number): [number, number] | undefined {
  let start = lineStart;
  let end = lineEnd;
  for (let step = 0; step < Math.abs(delta); step++) {
    if (delta < 0) {
      if (start <= 0) return undefined;
      end = start - 1;
      start = text.lastIndexOf('\n', end - 1) + 1;
    } else {
      if (end >= text.length) return undefined;
      start = end + 1;
      const next = text.indexOf('\n', start);
      end = next < 0 ? text.length : next;
    }
  }
  return [start, end];
}

/** The latin1 form of a decoded line (one char per UTF-8 byte), as the raw-text anchors expect it. */
export function utf8ToLatin1(text: string): string {
  for (let index = 0; index < text.length; index++) {
    if (text.charCodeAt(index) > 0x7f) return String.fromCharCode(...encoder.encode(text));
  }
  return text;
}
