// A tool often prints only the name of a file that its command or an earlier line gave with its folders (Prisma's
// `-->  schema.prisma:1` under `prisma generate --schema C:\app\pg\schema.prisma`): the path printed above lets
// resolve pick, of several same-named workspace files, the one it ends in (ResolveHints.mentionedPath).
import { isStandardInputName } from '../../core/index.js';

// How far above a bare file name a path ending in it is looked for: about a command and its first lines of output.
const MAX_MENTION_LOOKBACK = 16;

function isBareName(file: string): boolean {
  return file.length > 2 && file.includes('.') && !/[/\\:<>[\]\s]/.test(file) && !isStandardInputName(file);
}

// The word of `line` nearest its end that is a path with folders ending in `/name` or `\name` (the whole name:
// `xschema.prisma` does not end in `schema.prisma`). A blank inside a path cuts it; its end is what counts.
function pathEndingIn(line: string, name: string): string | undefined {
  for (let at = line.lastIndexOf(name); at > 0; at = line.lastIndexOf(name, at - 1)) {
    const before = line[at - 1];
    const after = line[at + name.length];
    if ((before !== '/' && before !== '\\') || (after !== undefined && !/[\s"'`),;:]/.test(after))) continue;
    let start = at - 1;
    while (start > 0 && !/[\s"'`(=]/.test(line[start - 1]!)) start--;
    return line.slice(start, at + name.length);
  }
  return undefined;
}

/** The lines above a location (`neighbour(-1)` is the line before). */
interface LinesAbove {
  neighbour(delta: number): string | undefined;
  /** False when the line certainly does not hold `needle` (or is no line): then its text is not made. */
  neighbourMayHold(delta: number, needle: string): boolean;
}

/** The nearest path above a location that ends in its bare file name. */
export function pathMentionedAbove(file: string, above: LinesAbove): string | undefined {
  if (!isBareName(file)) return undefined;
  for (let delta = -1; delta >= -MAX_MENTION_LOOKBACK; delta--) {
    // Most lines above do not name the file at all, and the look-back was ~1/8 of a warm 10 KB call (issue 21).
    if (!above.neighbourMayHold(delta, file)) continue;
    const line = above.neighbour(delta);
    if (line === undefined) return undefined;
    const path = pathEndingIn(line, file);
    if (path !== undefined) return path;
  }
  return undefined;
}

// A path with folders and an extension (`contracts/A.sol`, `C:\app\A.sol`), the word before a location's `: name`.
const READ_PATH = /^["'`(]?((?:[A-Za-z]:)?[^\s:"'`]*[/\\][^\s:"'`]*\.\w{1,12})$/;

/** The path a line printed just before a location's bare name (`PATH: name:7:1`, truffle's `Error parsing
 * contracts/A.sol: ParsedContract.sol:7:1`): the file the tool was reading. */
export function pathPrintedBefore(line: string, file: string): string | undefined {
  if (!isBareName(file)) return undefined;
  const at = line.indexOf(file);
  if (at < 4) return undefined;
  const before = line.slice(0, at).trimEnd();
  if (!before.endsWith(':') || before.length === line.slice(0, at).length) return undefined;
  let start = before.length - 1;
  while (start > 0 && !/\s/.test(before[start - 1] as string)) start--;
  const word = before.slice(start, -1);
  const path = READ_PATH.exec(word)?.[1];
  return path === undefined || path.endsWith(`/${file}`) || path.endsWith(`\\${file}`) ? undefined : path;
}
