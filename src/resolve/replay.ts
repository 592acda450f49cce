// A warm call that resolves what the call before it resolved (an editor or an agent locating the same failing run
// again) replays that call's questions instead of its work. Resolution is a function of the raw locations, the
// options and the answers the file system and the ignore check gave; so when the same locations come with the same
// options and every question asked last time still gets the same answer now, the last result is the answer again.
// Every question is asked again (a stat, a realpath, a workspace listing, git check-ignore): a file created or
// removed, or a .gitignore edited, between two calls changes an answer, and the call resolves afresh.
import type { LocateResult, RawLocation } from '../core/types.js';
import type { ResolverFileKind, ResolverFs } from './resolver-fs.js';

type IgnoredCheck = (root: string, relativePaths: string[]) => Promise<Set<string>>;

/** One question a resolution asked, and the answer it got, as comparable text. */
interface Question {
  ask(fs: ResolverFs, isIgnored: IgnoredCheck): Promise<string>;
  answer: Promise<string>;
}

// Calls larger than this are not kept: their resolution is worth its cost, and the copy would hold their memory.
const MAX_KEPT_LOCATIONS = 1024;
const MAX_KEPT_ANSWER_CHARS = 1 << 20;

const FAILED = '\u0000failed';
const kindText = (kind: ResolverFileKind | undefined): string => kind ?? '';
const optionalText = (text: string | undefined): string => (text === undefined ? '\u0000' : `=${text}`);
const listText = (items: Iterable<string>): string => JSON.stringify([...items].sort());
const optionalListText = (items: Iterable<string> | undefined): string => (items === undefined ? '\u0000' : listText(items));

/** Wraps a file system and an ignore check so that every question asked through them is kept with its answer. */
export class QuestionLog {
  readonly questions: Question[] = [];
  readonly fs: ResolverFs;
  readonly isIgnored: IgnoredCheck;

  constructor(fs: ResolverFs, isIgnored: IgnoredCheck) {
    // A question that failed is kept as one, so that its call is never kept (keep) and nothing rejects unheard.
    const keep = <T>(answer: Promise<T>, asText: (value: T) => string, ask: Question['ask']): Promise<T> => {
      this.questions.push({ ask: (again, check) => ask(again, check).catch(() => FAILED), answer: answer.then(asText, () => FAILED) });
      return answer;
    };
    this.fs = {
      stat: (path) => keep(fs.stat(path), kindText, (again) => again.stat(path).then(kindText)),
      realpath: (path) => keep(fs.realpath(path), optionalText, (again) => again.realpath(path).then(optionalText)),
      findFilesByName: (root, names) =>
        keep(fs.findFilesByName(root, names), listText, (again) => again.findFilesByName(root, names).then(listText)),
    };
    if (fs.readText) {
      const readText = (again: ResolverFs, path: string): Promise<string> =>
        (again.readText?.(path) ?? Promise.resolve(undefined)).then(optionalText);
      this.fs.readText = (path) => keep(fs.readText!(path), optionalText, (again) => readText(again, path));
    }
    if (fs.listNames) {
      const listNames = (again: ResolverFs, folder: string): Promise<string> =>
        (again.listNames?.(folder) ?? Promise.resolve(undefined)).then(optionalListText);
      this.fs.listNames = (folder) => keep(fs.listNames!(folder), optionalListText, (again) => listNames(again, folder));
    }
    this.isIgnored = (root, paths) => keep(isIgnored(root, paths), listText, (_, again) => again(root, paths).then(listText));
  }
}

/** The inputs of a call, as text; undefined when they hold something text cannot stand for (then nothing is kept). */
export function inputsKey(
  raws: readonly RawLocation[],
  cwd: string,
  roots: readonly string[],
  command?: readonly string[],
): string | undefined {
  if (raws.length > MAX_KEPT_LOCATIONS) return undefined;
  const indexOf = new Map(raws.map((location, index) => [location, index]));
  let exact = true;
  // A related span names another location: by its place in the list (a folded repeat by its first printing's).
  const replacer = (key: string, value: unknown): unknown => {
    if (value === undefined) return '\u0000undefined';
    if (typeof value === 'number' && !Number.isFinite(value)) return `\u0000${value}`;
    if (typeof value === 'function' || typeof value === 'bigint' || typeof value === 'symbol') exact = false;
    if ((key === 'relatedTo' || key === 'sameAs') && typeof value === 'object' && value !== null) {
      const index = indexOf.get(value as RawLocation) ?? indexOf.get((value as RawLocation).sameAs as RawLocation);
      if (index === undefined) exact = false;
      return [key, index, (value as RawLocation).logLine];
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) {
      exact = false;
    }
    return value;
  };
  const key = JSON.stringify([cwd, roots, command ?? null, raws], replacer);
  return exact ? key : undefined;
}

/** What the last resolution that may be replayed asked and answered. */
interface Kept {
  key: string;
  fs: ResolverFs | undefined;
  isIgnored: IgnoredCheck | undefined;
  questions: ReadonlyArray<{ ask: Question['ask']; answer: string }>;
  /** Kept only once the same inputs came twice: a one-off call (the CLI's) never pays for the copy. */
  result?: LocateResult;
}

let kept: Kept | undefined;

/** The inputs that identify a call: its key, and the file system and ignore check the caller gave (by identity). */
export interface CallInputs {
  key: string;
  fs: ResolverFs | undefined;
  isIgnored: IgnoredCheck | undefined;
}

const sameCall = (call: CallInputs, last: Kept): boolean =>
  last.key === call.key && last.fs === call.fs && last.isIgnored === call.isIgnored;

/** The last result, when the same call comes again and every question still gets its answer; a copy the caller owns. */
export async function replay(call: CallInputs, fs: ResolverFs, isIgnored: IgnoredCheck): Promise<LocateResult | undefined> {
  const last = kept;
  if (last?.result === undefined || !sameCall(call, last)) return undefined;
  const answers = await Promise.all(last.questions.map((question) => question.ask(fs, isIgnored)));
  if (answers.some((answer, index) => answer !== last.questions[index]!.answer)) return undefined;
  return structuredClone(last.result);
}

/** Keeps a finished resolution for the next call (its result once the same inputs came twice in a row). */
export async function keep(call: CallInputs, log: QuestionLog, result: LocateResult): Promise<void> {
  const answers = await Promise.all(log.questions.map((question) => question.answer));
  if (answers.includes(FAILED) || answers.reduce((chars, answer) => chars + answer.length, 0) > MAX_KEPT_ANSWER_CHARS) {
    kept = undefined;
    return;
  }
  const repeated = kept !== undefined && sameCall(call, kept);
  kept = { ...call, questions: log.questions.map((question, index) => ({ ask: question.ask, answer: answers[index]! })) };
  if (!repeated) return;
  try {
    kept.result = structuredClone(result);
  } catch {
    // Something in a location a copy cannot hold (a grammar's extra that is not plain data): not kept.
    kept = undefined;
  }
}
