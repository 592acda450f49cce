// What the prefilter skips at a line's start before trying its line-start anchors: blanks, colour codes and a paste's
// quote marks, read by hand.

// Colour codes (SGR, erase-line) and blanks before a phrase, skipped by hand: a regex doing it at every line
// needs a lookahead trick to stay linear on long runs of spaces.
export function skipColour(text: string, position: number): number {
  while (text.charCodeAt(position) === 0x1b && text.charCodeAt(position + 1) === 0x5b) {
    let end = position + 2;
    for (let code = text.charCodeAt(end); (code >= 0x30 && code <= 0x39) || code === 0x3b; code = text.charCodeAt(++end));
    const final = text.charCodeAt(end);
    if (final !== 0x6d && final !== 0x4b) break;
    position = end + 1;
  }
  return position;
}

// A paste's quote marks (`> `, `>>`) and code-fence backticks before a line's own text.
export function afterPasteMarks(text: string, position: number): number {
  let at = position;
  for (; at - position < 16; at++) {
    const code = text.charCodeAt(at);
    if (code !== 0x3e && code !== 0x60 && !(code === 0x20 && text.charCodeAt(at - 1) === 0x3e)) break;
  }
  return at;
}

export function skipBlanksAndColour(text: string, position: number): number {
  for (;;) {
    const code = text.charCodeAt(position);
    if (code === 0x20 || code === 0x09) position++;
    else if (code === 0x1b) {
      const after = skipColour(text, position);
      if (after === position) return position;
      position = after;
    } else return position;
  }
}
