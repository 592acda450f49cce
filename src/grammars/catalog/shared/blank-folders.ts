// A place whose folders hold blanks (`C:\GoBot\Console Server\main.go:81:18:`, `/home/me/My Project/src/a.py:3`, go's
// `Report Tool/main.go:6:10:`): the walk back from the extension stops at the blank, so the path is cut to its last
// words. Where the joined path starts decides whether it is one: at a path root (a drive, a `/` after a blank or a
// quote, `~/`, `./`, `../`), or at a folder name that opens the line or a quote. The walk crosses single blanks only,
// between words that a folder name can be, so a leading word (`at /srv/x`, `from run.rb`, `File  tests/x.py`) never
// starts one: a rooted cut path is whole already, two blanks end a path, and a word of the listed kinds stops the walk.
// The joined path is a guess (the caller proposes it with hints.confirm): the workspace keeps it only if it holds it.

// A path root written at a word's start, the rest of the word a path's characters.
const ROOTED_WORD = /^(?:[A-Za-z]:[\\/]|\/|~\/|\.\.?[\\/])[^\s"'`:;,<>|*?]*$/;
// The cut path already starts at a root: the blank before it separates it from the text.
const ROOTED_CUT = /^(?:[A-Za-z]:[\\/]|[\\/~]|\.\.?[\\/])/;
// A folder name's word: letters, digits and the punctuation folder names carry; no colon, comma or quote.
const FOLDER_WORD = /^[\p{L}\p{N}_.+&@#\\/-]+$/u;
// Words that introduce a place rather than name a folder (frame and traceback words, severities, prepositions).
const LEADING_WORD = /^(?:at|from|in|on|of|to|by|for|with|and|or|see|file|line|error|warning|note|info|debug|fail|failed|pass|ok)$/i;
// What ends a word walking back; an opener before a rooted word is where the place opens (`(/home/me/My App/a.js:3`).
const WORD_END = /[\s"'`([=<,|]/;
const OPENERS = /["'`([=]/;
const MAX_WORDS = 6;
const MAX_PATH = 260;

/** Where the joined path of a cut place starts, or -1: the walk back from the extension stopped at `start` (`cut`). */
export function blankFolderStart(text: string, start: number, cut: string): number {
  if (text[start - 1] !== ' ' || ROOTED_CUT.test(cut)) return -1;
  let margin = 0;
  while (margin < start && /\s/.test(text[margin] ?? '')) margin++;
  let blank = start - 1;
  for (let words = 0; words < MAX_WORDS; words++) {
    if (text[blank] !== ' ' || blank === 0 || text[blank - 1] === ' ') return -1;
    let word = blank;
    while (word > 0 && start - word <= MAX_PATH && !WORD_END.test(text[word - 1] ?? ' ')) word--;
    if (start - word > MAX_PATH) return -1;
    const name = text.slice(word, blank);
    const before = text[word - 1];
    if (ROOTED_WORD.test(name)) return before === undefined || /\s/.test(before) || OPENERS.test(before) ? word : -1;
    if (!FOLDER_WORD.test(name) || LEADING_WORD.test(name)) return -1;
    // A relative path starts at a folder name only where a place can open: the line's margin or a quote. Its blanks
    // must lie in folders (a separator after them), or a sentence's last word before a bare file name would join it.
    if (before === undefined || /["'`]/.test(before) || word === margin) return /[\\/]/.test(cut) ? word : -1;
    blank = word - 1;
  }
  return -1;
}
