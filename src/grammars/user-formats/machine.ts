// The line-by-line state of vim's quickfix reader, for user patterns: multi-line messages (%A %E %W %I %N start
// one, %C continues it, %Z ends it), the directory stack (%D %X), the file stack (%P %Q %O), lines consumed but
// not reported (%-), whole lines as the message (%+) and "try this pattern first on the next line" (%>). A
// diagnostic leaves when the next one starts, when its %Z comes, when a line no pattern reads ends it, or at the
// end of the log; so memory is one pending message and the two stacks.
import type { RawLocation, Severity } from '../../core/index.js';
import { DirectoryContext } from '../engine/directories.js';
import { LineMatcher, type Captures } from './matcher.js';
import { parsePattern } from './pattern.js';
import type { Pattern } from './pattern-tree.js';

interface Compiled {
  readonly pattern: Pattern;
  readonly matcher: LineMatcher;
}

interface Pending {
  file: string;
  line: number;
  endLine: number;
  column: number;
  endColumn: number;
  visual: boolean;
  type: string;
  number: number;
  message: string;
  logLine: number;
  directory: string | undefined;
}

/** A pattern that gave up on a line (its step budget ran out). */
export interface GiveUp {
  readonly pattern: string;
  readonly logLine: number;
  readonly steps: number;
}

const MULTI_START = 'AEWIN';
const FILE_STACK = 'OPQ';

const DRIVE = /^[A-Za-z]:[\\/]/;
const isAbsolute = (path: string): boolean => path.startsWith('/') || DRIVE.test(path);
// The file stack of %P/%Q is bounded like the directory stack: a log of %P lines without their %Q keeps the newest.
const MAX_FILES = 64;
// The directory stack's Leaving lines back-fill the engine's own locations; the user's machine has none to give.
const NO_LOCATIONS: readonly RawLocation[] = [];

/** Where a relative directory of %D lands, without node:path (grammars have no Node APIs). */
function enter(current: string | undefined, directory: string): string {
  if (current === undefined || isAbsolute(directory)) return directory;
  return `${current.replace(/\/+$/, '')}/${directory}`;
}

function severityOf(type: string, number: number): Severity | null {
  const lower = type.toLowerCase();
  if (lower === 'e') return 'error';
  if (lower === 'w') return 'warning';
  if (lower === 'i' || lower === 'n') return 'note';
  // errorformat (and vim's quickfix list) call an entry with a number and no type an error.
  return type === '' && number > 0 ? 'error' : null;
}

/** vim's pointer column: the caret's screen column, tabs to the next multiple of 8. */
function pointerColumn(pointer: string): number {
  let column = 0;
  for (const char of pointer) {
    column++;
    if (char === '\t') column += 7 - ((column - 1) % 8);
  }
  return column + 1;
}

const toInt = (text: string | undefined): number => (text === undefined ? 0 : Number.parseInt(text, 10) || 0);

export class QuickfixMachine {
  private readonly patterns: readonly Compiled[];
  private multiline = false;
  private ignoring = false;
  private pending: Pending | undefined;
  private againFrom = 0;
  // The engine's directory stack (bounded, as make's tracking is), fed by %D and %X.
  private readonly directories = new DirectoryContext();
  private readonly files: string[] = [];
  readonly gaveUp: GiveUp[] = [];

  constructor(
    sources: readonly string[],
    private readonly format: string,
    private readonly emit: (location: RawLocation) => void,
  ) {
    this.patterns = sources.map((source) => {
      const pattern = parsePattern(source);
      return { pattern, matcher: new LineMatcher(pattern.tree) };
    });
  }

  /** Reads one normalised line; true when a pattern consumed it (built-in formats then leave it alone). */
  feed(text: string, logLine: number): boolean {
    const from = this.againFrom;
    this.againFrom = 0;
    return this.read(text, logLine, from, false);
  }

  /** Ends the log: the message still being read leaves. */
  end(): void {
    this.flush();
  }

  private read(text: string, logLine: number, from: number, rescan: boolean): boolean {
    let index = from;
    let captures: Captures | null = null;
    for (; index < this.patterns.length; index++) {
      const { pattern, matcher } = this.patterns[index] as Compiled;
      if (rescan && pattern.prefix !== undefined && FILE_STACK.includes(pattern.prefix)) continue;
      if ((pattern.prefix === 'C' || pattern.prefix === 'Z') && !this.multiline) continue;
      const outcome = matcher.match(text);
      if (outcome.gaveUp) {
        if (!this.gaveUp.some((entry) => entry.pattern === pattern.source))
          this.gaveUp.push({ pattern: pattern.source, logLine, steps: outcome.steps });
        continue;
      }
      captures = outcome.captures;
      if (captures) break;
    }
    if (!captures) {
      // A line no pattern reads ends the message being read, as in vim.
      this.flush();
      this.multiline = false;
      this.ignoring = false;
      return false;
    }
    const { pattern } = this.patterns[index] as Compiled;
    if (pattern.again) this.againFrom = index;
    const prefix = pattern.prefix ?? '';
    if (prefix === 'D') {
      if (captures.f) this.directories.enter(enter(this.directories.current(), captures.f), NO_LOCATIONS);
      return true;
    }
    if (prefix === 'X') {
      this.directories.leave(undefined, NO_LOCATIONS);
      return true;
    }
    if (FILE_STACK.includes(prefix) && prefix !== '') {
      if (prefix === 'P' && captures.f && this.files.push(captures.f) > MAX_FILES) this.files.shift();
      if (prefix === 'Q') this.files.pop();
      const rest = captures.r?.trimStart() ?? '';
      if (rest !== '') this.read(rest, logLine, index, true);
      return true;
    }
    if (prefix === 'C' || prefix === 'Z') {
      if (!this.ignoring && !pattern.minus && this.pending) this.merge(this.pending, pattern, captures, text);
      if (prefix === 'Z') {
        this.flush();
        this.multiline = false;
        this.ignoring = false;
      }
      return true;
    }
    this.flush();
    if (prefix === 'G') return true;
    if (MULTI_START.includes(prefix) && prefix !== '') {
      this.multiline = true;
      this.ignoring = pattern.minus;
    } else if (pattern.minus && this.multiline) {
      this.ignoring = true;
    }
    if (pattern.minus) return true;
    this.pending = this.start(pattern, captures, text, logLine);
    if (!this.multiline) this.flush();
    return true;
  }

  private start(pattern: Pattern, captures: Captures, text: string, logLine: number): Pending {
    const pointer = captures.p !== undefined ? pointerColumn(captures.p) : 0;
    const visualColumn = toInt(captures.v);
    return {
      file: captures.f ?? captures.o ?? '',
      line: toInt(captures.l),
      endLine: toInt(captures.e),
      column: pointer || visualColumn || toInt(captures.c),
      endColumn: toInt(captures.k),
      visual: pointer > 0 || visualColumn > 0,
      type: captures.t ?? (pattern.prefix && 'EWIN'.includes(pattern.prefix) ? pattern.prefix : ''),
      number: toInt(captures.n),
      message: pattern.plus ? text : (captures.m ?? ''),
      logLine,
      directory: this.directories.current(),
    };
  }

  /** A continuation line fills in what the first line left out and adds to the message. */
  private merge(pending: Pending, pattern: Pattern, captures: Captures, text: string): void {
    const more = this.start(pattern, captures, text, pending.logLine);
    if (more.message !== '') pending.message = pending.message === '' ? more.message : `${pending.message}\n${more.message}`;
    pending.file ||= more.file;
    pending.line ||= more.line;
    pending.endLine ||= more.endLine;
    pending.endColumn ||= more.endColumn;
    pending.number ||= more.number;
    if (pending.type === '') pending.type = captures.t ?? '';
    if (!pending.column && more.column) {
      pending.column = more.column;
      pending.visual = more.visual;
    }
  }

  private flush(): void {
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) return;
    const file = pending.file || this.files[this.files.length - 1] || '';
    if (file === '') return;
    const relative = !isAbsolute(file);
    this.emit({
      file: file.replace(/\\ /g, ' '),
      // A pattern without %l names a whole file; vim then opens it at its first line.
      line: pending.line || 1,
      column: pending.column || null,
      endLine: pending.endLine || null,
      endColumn: pending.endColumn || null,
      severity: severityOf(pending.type, pending.number),
      message: pending.message.trim(),
      code: pending.number > 0 ? String(pending.number) : null,
      format: this.format,
      columnUnit: pending.visual ? 'display' : 'byte',
      logLine: pending.logLine,
      ...(relative && pending.directory !== undefined ? { hints: { directory: pending.directory } } : {}),
    });
  }
}
