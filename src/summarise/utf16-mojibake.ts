// ASCII that a tool read as UTF-16LE and wrote back as UTF-8 (xmake reading cl.exe's output, a wrapper decoding a
// child's bytes in the wrong encoding): every two characters became one, `ma` → U+616D `慭`, so a run of CJK-looking
// characters stands where `main.cpp(8): error …` was. A run whose every character is two printable ASCII bytes, and
// whose bytes read back name a file and a line, is turned back; real text in those scripts never passes the second test.

// A character whose UTF-16LE bytes are both printable ASCII (or a tab, CR, LF), at least U+0900.
const PAIR = '[\\u0900-\\u7e7e]';
const RUN = new RegExp(`${PAIR}{6,}`, 'g');
const PRINTABLE = /^[\t\r\n\x20-\x7e]$/;
// What the bytes must say: a file with an extension and a line after `(` or `:`.
const NAMES_A_PLACE = /[\w\\/.-]+\.\w+(?:\(\d+|:\d+)/;

function asciiPairs(run: string): string | undefined {
  let text = '';
  for (let index = 0; index < run.length; index++) {
    const code = run.charCodeAt(index);
    const low = String.fromCharCode(code & 0xff);
    const high = String.fromCharCode(code >> 8);
    if (!PRINTABLE.test(low) || !PRINTABLE.test(high)) return undefined;
    text += low + high;
  }
  return text;
}

/** The line with each such run read back as its ASCII bytes from its first line that names a place, else the line itself. */
export function repairUtf16Mojibake(line: string): string {
  RUN.lastIndex = 0;
  if (!RUN.test(line)) return line;
  return line.replace(RUN, (run) => {
    const text = asciiPairs(run);
    if (text === undefined) return run;
    // The run held several of the child's lines on this one: from the first that names a place on.
    const lines = text.split(/[\r\n]+/);
    const first = lines.findIndex((each) => NAMES_A_PLACE.test(each));
    return first < 0 ? run : lines.slice(first).join(' ').trimEnd();
  });
}
