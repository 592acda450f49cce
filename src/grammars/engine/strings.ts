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

/** The latin1 form of a decoded line (one char per UTF-8 byte), as the raw-text anchors expect it. */
export function utf8ToLatin1(text: string): string {
  for (let index = 0; index < text.length; index++) {
    if (text.charCodeAt(index) > 0x7f) return String.fromCharCode(...encoder.encode(text));
  }
  return text;
}
