// What the prose tier asks of the places on its line: whether another format proposed a place already, and whether
// the line's places wrap one another (a message quoting the error it met in the file it read).
import type { LineContext } from '../../engine/format.js';
import { baseName } from '../../engine/paths.js';

interface Span {
  start: number;
  end: number;
}

// Whether a format before this one proposed this place from this line already (the permissive tier, or the
// claimant of the line, which may have read a path with blanks that this tier's words cut: same line, same name).
// A place with no file (`-`, standard input) is the place a claimant of the line read with its file (a format that
// knows which file the tool meant), though not one the permissive tier only guessed. Only this line's locations are
// read (lineEmitted), so a line that left nothing may be remembered as such (barren-lines.ts). A weak guess of the
// same place (`Foo.php` before a number) that a phrase joins to its number by words (`in Foo.php line 27`) is
// named a file by them (hints.named: a bare name may be the workspace's one file of that name); a guess that spelled
// the file otherwise is no proposal of the phrase's.
export function proposedAlready(
  context: LineContext,
  file: string,
  line: number,
  unnamed: boolean,
  joined: boolean,
  moduleName = false,
): boolean {
  const name = baseName(file);
  // A function's name (`tests.Prep`) is proposed already by a format that completed it to a file (`+tests/Prep.m`).
  const stems = moduleName ? file.split('.').slice(-2) : [];
  for (const other of context.lineEmitted()) {
    if (other.line !== line) continue;
    if (other.file !== file && stems.includes(baseName(other.file).replace(/\.[^.]*$/, ''))) return true;
    if (joined && other.hints?.confirm === true && other.hints.named !== true) {
      if (other.file !== file) continue;
      // Words join it to its number: named, and a function's name, which resolve completes to its file.
      other.hints = { ...other.hints, named: true, ...(moduleName ? { moduleName } : {}) };
      return true;
    }
    if (unnamed ? other.hints?.confirm !== true : sameFile(other.file, file, name)) return true;
  }
  return false;
}

function sameFile(other: string, file: string, name: string): boolean {
  return baseName(other) === name || (/[\s/\\]$/.test(other.slice(0, other.length - file.length)) && other.endsWith(file));
}

// Whether every place of the line after the first follows a colon that ends the place before it (`… of a.conf: … of b`).
export function wrapsInner(text: string, phrases: readonly Span[]): boolean {
  const ordered = [...phrases].sort((a, b) => a.start - b.start);
  return ordered.every((found, at) => at === 0 || /^\s*:\s+\S/.test(text.slice(ordered[at - 1]!.end, found.start)));
}
