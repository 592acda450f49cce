// A log pasted double-spaced (issue 20, copy damage): some web views and consoles (a CI console copied from the browser,
// a mail client, a CRLF log read as two line ends) put an empty line after every line. Formats that read a line's
// neighbours (a stylish header above its rows, a message below its location) then meet a blank where the tool printed
// none, so a lone blank between two printed lines is stepped over when the log's first lines show the pattern.

// How many of the first lines are looked at: enough to see the pattern, bounded so the check stays cheap.
const LOOKED_AT = 400;
// Below this many printed lines, a few blank lines in a short log do not make a pattern.
const FEWEST_PRINTED = 6;
// The reporter's own lines above the copied block join without a blank: a code fence, an ellipsis, the command
// (```` ```bash ````, `...`, `$ eslint .`). In a short paste a tenth of the lines does not cover them, so the joins of
// a first block of at most this many lines are not counted; a log's own output rarely starts with so short a block
// and then spaces every line.
const TYPED_HEAD = 4;

const BLANK = /^\s*$/;

/** Whether nearly every printed line of the log's first lines stands alone between blank lines. */
export function isDoubleSpaced(firstSlice: string): boolean {
  let printed = 0;
  // Printed lines right after a printed line: a double-spaced paste has none, a log as printed has most.
  let adjacent = 0;
  // Printed lines right after exactly one blank line that follows a printed line.
  let alone = 0;
  let previousBlank = true;
  let blanksBefore = 0;
  let seenPrinted = false;
  // Printed lines before the log's first blank line, and whether one was met.
  let head = 0;
  let seenBlank = false;
  let start = 0;
  for (let count = 0; count < LOOKED_AT && start < firstSlice.length; count++) {
    const newline = firstSlice.indexOf('\n', start);
    const end = newline < 0 ? firstSlice.length : newline;
    // The slice's last line may be cut: only whole lines count.
    if (newline < 0 && count > 0) break;
    const blank = BLANK.test(firstSlice.slice(start, Math.min(end, start + 256)));
    if (blank) {
      blanksBefore++;
      seenBlank = true;
    } else {
      if (!seenBlank) head++;
      printed++;
      if (!previousBlank) adjacent++;
      else if (seenPrinted && blanksBefore === 1) alone++;
      blanksBefore = 0;
      seenPrinted = true;
    }
    previousBlank = blank;
    start = end + 1;
  }
  if (seenBlank && head <= TYPED_HEAD) adjacent -= Math.max(0, head - 1);
  return printed >= FEWEST_PRINTED && adjacent * 10 <= printed && alone * 10 >= printed * 6;
}
