// Data shared by every stage. Nothing here imports anything but the fix model's and the units' types: this is
// the contract.
import type { RawFix } from './fix.js';
export type { RawFix };

export type { ColumnUnit, Severity } from './units.js';
import type { ColumnUnit, Severity } from './units.js';

/** A location format faultline recognises; one entry per tool shape in the registry. */
export interface FormatSpec {
  /** The tool, kebab-case; also the fixture folder and the `--format` value. */
  readonly name: string;
  /** Language or tool family, for grouping in docs. */
  readonly language: string;
  /** Starts with the command that produces this output, e.g. "`tsc --pretty false`: …". */
  readonly description: string;
  /** Base of the printed column: 0 (pylint, OCaml) or 1 (most tools). */
  readonly columnBase: 0 | 1;
  readonly columnUnit: ColumnUnit;
  /** Which fields the format can carry. */
  readonly fields: readonly LocationField[];
  /** True when the fixture is real output observed here; false when written from documentation. */
  readonly observed: boolean;
  /** Link to the tool's documentation of the format, when there is one. */
  readonly url?: string;
  /** `structured`: a report (JSON, JSON lines, XML) read by src/reports, not a text shape of the grammars. */
  readonly input?: 'structured';
  /** For a format that prints stack frames: the order its runtime prints them in (required then; a test checks). */
  readonly trace?: TraceOrder;
}

/**
 * How a runtime prints a trace (issue 20). The primary is the deepest user frame in this order: the innermost
 * user frame of the root cause; for a test runner, the failing test's line unless a user frame below it raised.
 */
export interface TraceOrder {
  /**
   * Where the innermost (raising) frame of one trace is printed: `first` (V8, JVM, Go, Ruby, PHP, .NET, Rust's
   * backtrace) or `last`, outermost first (CPython's "most recent call last", pytest, Nim). The scanner stamps
   * every frame with it. `shape`: a tier that reads many runtimes' frames decides it per trace, from the frames'
   * shape or a header stating the order (the generic tier's trace reading), and stamps each frame itself.
   */
  readonly innermost: 'first' | 'last' | 'shape';
  /**
   * How a chain of exceptions is printed: `root-last` (Java's `Caused by:`, .NET's inner exceptions after `--->`,
   * the root cause printed last), `root-first` (CPython prints the cause above "The above exception was the
   * direct cause…") or `none` (one trace per failure).
   */
  readonly causes: 'root-first' | 'root-last' | 'none';
  /**
   * `later-fails`: an exception raised while the one printed above it was being handled is linked to it by its own
   * sentence (CPython's and pytest's "During handling of the above exception, another exception occurred:"). The one
   * above was caught, the code meant to deal with it, and dealing with it failed (a handler's own bug, a
   * `pytest.raises` whose check of the caught exception failed): the later exception ranks as the root, whatever
   * `causes` says of the chain's other links.
   */
  readonly handling?: 'later-fails';
  /** The runner names the failing test (its own frame in the trace, or a summary line restating it). */
  readonly testRunner?: boolean;
}

export type LocationField = 'file' | 'line' | 'column' | 'endLine' | 'endColumn' | 'severity' | 'message' | 'code';

/** Role of a location within a stack trace or traceback. */
export interface FrameInfo {
  /** Identifies one printed trace (all frames of one traceback share it). */
  readonly trace: number;
  /** Position within the printed trace, 0 = first printed. */
  readonly index: number;
  /**
   * True when the innermost (raising) frame is printed last, as in Python; false when first (V8, JVM, Go). The
   * scanner sets it from the format's FormatSpec.trace.
   */
  readonly innermostLast: boolean;
  /**
   * Rank of this trace within an exception chain: 0 is the root cause, higher is further from it.
   * Python prints the root cause first; Java's "Caused by:" prints it last.
   */
  readonly causeRank: number;
  /**
   * Set by resolve (issue 13): 0 for the raising frame (the innermost frame of the trace that was reported,
   * vendored and runtime frames being dropped), 1 for its caller, and so on outwards.
   */
  readonly depth?: number;
  /** Set by resolve: true for exactly one frame per trace, the raising one (depth 0). */
  readonly raised?: boolean;
}

/**
 * The part a location plays (issue 13): a `diagnostic` with its own severity, a `frame` of a trace (see
 * FrameInfo), or a `related` span of another location (gcc/clang `note:`, tsc "'x' is declared here.", rustc
 * labels and `note:` children). Related spans hang under their diagnostic (`ResolvedLocation.related`) and are
 * never listed as locations of their own. Read it with roleOf().
 */
export type LocationRole = 'diagnostic' | 'frame' | 'related';

/** What a location says, whether or not it was mapped to a workspace file yet. */
export interface LocationDetails {
  /** 1-based line; 0 for the file as a whole (tsc's `x.d.ts(0)`, webpack 4's module header with no position). On a
   * raw location whose hints.importedName asks resolve to find the line, 0 is never resolved, unresolved or dropped
   * (it leaves no trace when the line is not found). */
  line: number;
  /** Column as printed, converted to 1-based in the format's unit; null when not printed. */
  column: number | null;
  endLine: number | null;
  /**
   * Last column of the range, 1-based and INCLUSIVE in the format's unit (gcc, GHC and mypy print it so);
   * grammars of tools that print an exclusive end (OCaml) subtract one. Exclusive consumers (LSP, SARIF) add one.
   */
  endColumn: number | null;
  severity: Severity | null;
  message: string;
  /** Tool-specific code such as TS2322, E0308, eqeqeq; null when none. */
  code: string | null;
  format: string;
  columnUnit: ColumnUnit;
  /** 1-based line of the log on which the location was printed (counted on `\n`). */
  logLine: number;
  /** Present for stack-trace and traceback frames. */
  frame?: FrameInfo;
  /** 'related' on related spans; absent otherwise (a location with `frame` is a frame, else a diagnostic). */
  role?: 'related';
  /** The edits the tool offered for this diagnostic (issue 23), in the tool's units; absent when none. */
  fixes?: readonly RawFix[];
}

/** A location exactly as a grammar recognised it in the log, before any file-system work. */
export interface RawLocation extends LocationDetails {
  /** The path as printed (ANSI removed, URL scheme removed, percent-decoded). */
  file: string;
  /** Hints for the resolver collected from the surrounding output. */
  hints?: ResolveHints;
  /**
   * The tool printed the source line stripped of its indentation (CPython) and counted `column` and
   * `endColumn` from its first character: this is that stripped line. Resolve adds the indentation the file's
   * line has, or drops the columns when the file's line is not this text (edited since, or unreadable).
   */
  dedentedLine?: string;
  /**
   * For a related span (role 'related'): the location it belongs to, emitted earlier or later in the same scan.
   * Resolve attaches the span to that location's `related`; a span whose diagnostic did not resolve stands alone.
   */
  relatedTo?: RawLocation;
  /**
   * The log lines where this same location (file, line, columns, severity, code, format, message, and no hints,
   * frame or role) was printed again, in order: the scanner keeps a dense log's repeats as one entry, so memory
   * follows what is distinct. Each repeat still counts toward `maxLocations`, and still reports as unresolved or
   * dropped when the first does.
   */
  repeatedAt?: number[];
  /** Set on a repeat that was folded into an earlier identical location (`repeatedAt`): that location. A repeat is
   * not in the scan's result; a related span that names it as `relatedTo` belongs to this one. */
  sameAs?: RawLocation;
}

export interface ResolveHints {
  /** Directory the tool was in when it printed a relative path (make's "Entering directory"). */
  directory?: string;
  /** Go import path or Java package that names the directory of a basename-only path. */
  packagePath?: string;
  /** The path is only a basename; resolve through packagePath or a unique workspace match. */
  basenameOnly?: boolean;
  /** The printed path is a pseudo-path (node:internal, <frozen …>, [eval]) that never maps to a file. */
  runtime?: boolean;
  /** The path starts its line and the line before ends in this path-like text: a terminal-width console may
   * have wrapped one path over the two lines (formats.md §3.9), so the joined path is tried first. */
  wrappedFrom?: string;
  /**
   * A weak candidate of the permissive tier (any path-like token before a line number): it is reported only
   * when resolve maps it to an existing file inside a root, and otherwise discarded without a trace, so
   * timestamps, versions, ports and URLs never become findings.
   */
  confirm?: boolean;
  /** A weak candidate whose line's words join it to its number (`in Foo.php line 27`, `line 4 of app.ini`): a bare
   * name no folder holds may then be the workspace's one file of that name, as a strict format's bare name is. */
  named?: boolean;
  /** For a location in standard input (`<stdin>`, `-`, no file): the command a nearby log line echoed
   * (`$ python3 - < app.py`), which may name the file (src/core/standard-input.ts). */
  commandLine?: string;
  /** The tool printed no file at all (a prose `line N, column C`): only a command that redirects a file into the
   * tool or gives it by an input option names it, never an operand. */
  unnamed?: boolean;
  /** A project folder the tool named on a nearby line (msbuild's trailing `[…/X.csproj]`): relative paths of
   * this location may be relative to it. */
  projectDirectory?: string;
  /** The monorepo package a task runner's prefix named (turbo's `@acme/api:build: `): when the path matches in
   * several packages, the one in a folder of that name. */
  packageName?: string;
  /** A bare file name that a line above printed with its folders (a command's `--schema pkg/pg/schema.prisma`,
   * `Compiling src/net/io.c`): when several workspace files have the name, the one that path ends in. */
  mentionedPath?: string;
  /** A path the same line printed just before this location's bare name, as `PATH: name:7:1` (truffle's `Error parsing
   * contracts/A.sol: ParsedContract.sol:7:1`): the file the tool was reading, where the location is when the
   * printed name is a stand-in no workspace file has. */
  readingFile?: string;
  /** The tool said this location's package was built from a local folder (cargo's `custom build command for
   * \`name v1.0.0 (/abs/folder)\``): the file is the user's own even under `third_party/` or `vendor/`. */
  localPackage?: boolean;
  /** The printed "file" is a database object's name (`PIT_ADMIN`, `sp_BlitzWho`) and this its kind as the database
   * named it (`package body`, `procedure`, or `object` when unsaid): the workspace file the object's source is kept
   * in is looked up by name (src/resolve/database-objects.ts), and an object no file holds is the database's own. */
  databaseObject?: string;
  /** A template named by its engine's logical name, which leaves out the extension the loader appends (Thymeleaf's
   * `(template: "owners/details" - line 52, col 17)`): the workspace file is that path with one template extension. */
  logicalName?: boolean;
  /** The tool named the file but no line, and the module or name that file imports (`failed to resolve import "x"
   * from "F"`): the line is the file's first import of it, which resolve reads (src/resolve/imported-lines.ts); a
   * file that is not found, or does not import it, leaves no trace. */
  importedName?: string;
  /** With importedName: the tool named this file as the place whatever it imports (node's `Require stack:` entry), so
   * a file that does not import the name there is still the place, at the location's own line (0: as a whole; vite's
   * dev server: the line its code frame marks). */
  wholeFileOtherwise?: boolean;
  /** A runtime's name for a function or module whose file is its name (MATLAB's `Error in tests.Prep (line 26)`, Octave's
   * `Gauss_normal at line 10`): when the printed name is no file, the one workspace file that is its last part (or, for
   * a method, the part before) plus one source extension. */
  moduleName?: boolean;
  /** The prose tier's file is a build file's kind written as a word (`dockerfile parse error on line 81`): whichever
   * file of that kind the tool read, so a strict report at that line in a file of the kind (`Dockerfile.nixos:81`) is it. */
  kindName?: boolean;
  /** A weak candidate for a file a failure line named with no line (prose/file-only.ts): the file as a whole (line 0),
   * kept only when no other location of the log resolved. */
  fileOnly?: boolean;
  /** The printed "file" is a Python distribution's name (pip's `Failed building wheel for x`): the workspace's manifest
   * that names it (pyproject.toml, setup.cfg, setup.py; PEP 503) as a whole, and any other leaves no trace. */
  distribution?: boolean;
  /** A runtime frame at a line the compiler gave code a macro generated (an Elixir module's `defmodule` line): nobody
   * wrote it there, so resolve drops it as the build's, keeping its place in the trace. */
  generated?: boolean;
}

/** `build`: a build system's own bookkeeping (a CMake build folder's generated makefiles; make's recipe line,
 * which says which command failed, never why; a frame in code a macro generated, hints.generated). */
export type DropReason = 'vendored' | 'runtime' | 'ignored' | 'build';
/** `ambiguous`: two or more workspace files match the printed path equally well; never guessed. */
export type UnresolvedReason = 'not-found' | 'outside-root' | 'ambiguous';

/** A location mapped to a workspace file. */
export interface ResolvedLocation extends LocationDetails {
  /** Relative to `root`, posix separators. */
  file: string;
  /** Absolute root the file lies in. */
  root: string;
  /** Absolute path of the file, symlinks resolved. */
  absolutePath: string;
  /** Related spans of this diagnostic (role 'related'), in printed order; absent when there are none. */
  related?: ResolvedLocation[];
}

export interface UnresolvedLocation {
  file: string;
  line: number;
  column: number | null;
  format: string;
  logLine: number;
  reason: UnresolvedReason;
  /** With `ambiguous`: the workspace files (relative to their root) that matched. */
  candidates?: string[];
}

export interface DroppedLocation {
  file: string;
  line: number;
  reason: DropReason;
}

/** The result of locate: `locations[0]` is the primary, the place a human fixes first. */
export interface LocateResult {
  locations: ResolvedLocation[];
  unresolved: UnresolvedLocation[];
  dropped: DroppedLocation[];
}

/** How a command ran, as plain data for headers, prompts and reports. */
export interface RunInfo {
  /** argv of the command (argv[0] is the program). */
  command: string[];
  cwd: string;
  /** null when the exit code is unknown (killed, or only the log is known). */
  exitCode: number | null;
}

/** Source of one symbol (or a plain excerpt) attached to a prompt; lines are 1-based, inclusive. */
export interface SymbolInfo {
  name: string;
  /** LSP SymbolKind name such as 'function' or 'method'; 'excerpt' when no symbol was found. */
  kind: string;
  startLine: number;
  endLine: number;
  /** The text of lines startLine…endLine. */
  source: string;
  /** Root-relative path of the file the symbol is in (posix separators), when known. */
  file?: string;
}

/**
 * Counts the work a stage does: characters and records its loops examine. Growth tests pass one and check
 * that 4× the input costs ~4× the steps, a count that no busy machine can make flaky (CPU time could). A stage
 * without one counts nothing.
 */
export interface WorkMeter {
  steps: number;
}
