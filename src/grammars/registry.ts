// The ordered registry of formats, between the streaming engine (./engine: prefilter, scanner, line contexts,
// the shared Chevrotain parser) and the catalog (./catalog: one file or folder per tool family). A candidate line
// is offered to formats in this order and the first that claims it wins, so specific shapes come before the
// general ones they resemble.
import { FaultlineError, didYouMean, type FormatSpec } from '../core/index.js';
import type { GrammarFamily, GrammarFormat } from './engine/format.js';
import { LineParser } from './engine/parser.js';
import { beamFamily } from './catalog/beam/beam.js';
import { classicFamily } from './catalog/classic/classic.js';
import { docsFamily } from './catalog/docs/docs.js';
import { dotnetFamily } from './catalog/dotnet/dotnet.js';
import { eslintFamily } from './catalog/eslint.js';
import { functionalFamily } from './catalog/functional/functional.js';
import { fstarFamily } from './catalog/fstar.js';
import { lispFamily } from './catalog/lisp.js';
import { elmFamily } from './catalog/elm.js';
import { gccFamily } from './catalog/gcc.js';
import { makeFamily } from './catalog/make.js';
import { ninjaFamily } from './catalog/ninja.js';
import { nixFamily } from './catalog/nix.js';
import { ideFamily } from './catalog/ide.js';
import { genericFamily } from './catalog/generic.js';
import { formatterDiffFamily } from './catalog/formatter-diff.js';
import { goFamily } from './catalog/go/go.js';
import { infraFamily } from './catalog/infra/infra.js';
import { javaFamily } from './catalog/java/java.js';
import { javascriptFamily } from './catalog/javascript.js';
import { jvmBuildFamily } from './catalog/jvm-build/jvm-build.js';
import { luaFamily } from './catalog/lua.js';
import { fennelFamily } from './catalog/fennel.js';
import { crystalFamily } from './catalog/crystal.js';
import { crashReportsFamily } from './catalog/crash-reports.js';
import { haxeFamily } from './catalog/haxe.js';
import { godotFamily } from './catalog/godot.js';
import { gamemakerFamily } from './catalog/gamemaker.js';
import { vyperFamily } from './catalog/vyper.js';
import { qtFamily } from './catalog/qt.js';
import { awkFamily } from './catalog/awk.js';
import { adaFamily } from './catalog/ada.js';
import { schemeFamily } from './catalog/scheme.js';
import { spidermonkeyFamily } from './catalog/spidermonkey.js';
import { embeddedFamily } from './catalog/embedded.js';
import { hdlFamily } from './catalog/hdl.js';
import { shadersFamily } from './catalog/shaders.js';
import { groovyFamily } from './catalog/jvm-build/groovy.js';
import { antFamily } from './catalog/jvm-build/ant.js';
import { mobileFamily } from './catalog/mobile/mobile.js';
import { nativeToolsFamily } from './catalog/native-tools/native-tools.js';
import { permissiveFamily } from './catalog/permissive.js';
import { proseFamily } from './catalog/prose/prose.js';
import { proseFileFamily } from './catalog/prose/file-only.js';
import { perlFamily } from './catalog/perl.js';
import { phpFamily } from './catalog/php.js';
import { phpcsFamily } from './catalog/php-cs.js';
import { phpViewsFamily } from './catalog/php-views.js';
import { pythonFamily } from './catalog/python/python.js';
import { pythonLintFamily } from './catalog/python-lint/python-lint.js';
import { rubyFamily } from './catalog/ruby/ruby.js';
import { rustFamily } from './catalog/rust/rust.js';
import { scientificFamily } from './catalog/scientific/scientific.js';
import { shellFamily } from './catalog/shell.js';
import { packagingFamily } from './catalog/packaging.js';
import { systemConfigFamily } from './catalog/system-config.js';
import { spellingFamily } from './catalog/spelling.js';
import { sqlClientsFamily } from './catalog/sql-clients.js';
import { systemsLintFamily } from './catalog/systems-lint.js';
import { testRunnersFamily } from './catalog/test-runners.js';
import { typescriptFamily } from './catalog/typescript.js';
import { webToolsFamily } from './catalog/web-tools/web-tools.js';

const FAMILIES: readonly GrammarFamily[] = [
  // Workflow commands (`::error file=…,line=…::msg`) and infrastructure tools first: a workflow command is
  // unambiguous and its message may itself quote another tool's location, which must not be counted twice.
  infraFamily,
  // IDE panes copied as text next: their rows (`Error:(L, C) `, tab-separated Error List cells, `file|L|msg|`) quote
  // a compiler's message, which must not be read again as that compiler's line.
  ideFamily,
  // TeX next: it only watches the `(./x.tex … )` file stack on lines other formats may read, and claims its own `! `
  // error and `l.N` context lines, which no other format knows.
  docsFamily,
  // Godot next: its `   at: GDScript::reload (res://x.gd:6)` place lines would read as V8 frames, and its engine's own
  // C++ places (`   At: core/x.cpp:945.`) must be claimed before gcc or generic report them.
  godotFamily,
  // GameMaker beside Godot: its `Script: scr at line 35 : msg` would reach the prose tier as a file-less line, and its
  // runner's `gml_Object_…_Step_0 (line 4)` code names need the project's event-file layout.
  gamemakerFamily,
  // Qt next: the QML engine's `qrc:/x.qml:6: ReferenceError` and `file:///x.qml:6 Expected token` places behind a logger's
  // level words would reach generic without their severity, and uic's line (`uic: Error in line 6, column 26 : …`)
  // would reach the prose tier without the form its next line names.
  qtFamily,
  // tsc next: its `file(L,C): error TSnnnn` and `file:L:C - error TSnnnn` shapes carry a code no other format has,
  // and its `Found N errors in file:L` summary must be claimed (and ignored) before generic counts it again.
  typescriptFamily,
  // Nix before the web tool-chain: its `       at /x/default.nix:7:10:` line has the shape of a bare V8 or deno frame.
  nixFamily,
  // Web tool-chain (deno, bun, biome, esbuild, webpack…) before plain V8 frames: deno's `at file:///…` frames
  // and bundler module paths are theirs, and would otherwise read as node frames or generic paths.
  webToolsFamily,
  // Spell checkers before rustc: typos prints rustc's `error: …` / `  --> file:L:C` frame for a misspelling, and
  // misspell's `file:L:C: "x" is a misspelling of "y"` would otherwise be a generic location without severity.
  spellingFamily,
  // rustc/cargo before the GNU-style formats: cargo's short form `src/x.rs:L:C: error[E…]` is rustc's, not generic.
  rustFamily,
  // Go and Rust linters (clippy, golangci-lint) before go build: same `file:L:C: msg` head, told apart by their tails.
  systemsLintFamily,
  // OCaml/GHC/Elm before Python: OCaml's `File "x.ml", line 3, characters 4-9:` looks like a Python frame.
  functionalFamily,
  // F* names its range in parentheses after the file (`x.fst(12,8-12,20):`), before MSBuild's `x(12,8):` look-alike.
  fstarFamily,
  // Guile's `In FILE:` backtrace headers and Racket's rackunit `location:` fields, before generic reads their places.
  lispFamily,
  // Elm's titled blocks (`-- TYPE MISMATCH --- src/Main.elm`) name their line only in the excerpt's gutter below, a
  // shape no other format reads; beside the other functional languages, and after webpack, whose `ERROR in
  // ./src/Main.elm` header above an elm-webpack-loader block stays webpack's own line.
  elmFamily,
  // Python linters (flake8, pylint, pyright, ruff) before Python: their `x.py:L:C: CODE msg` rows carry codes
  // that pytest's `x.py:L: msg` line shape would otherwise absorb.
  pythonLintFamily,
  // Test runners whose places are keys of a TAP YAML block, Robot Framework keyword frames or Karate's `x.feature:N - `
  // steps: before Python, whose `File "…", line N` frames resemble Robot's 0.3 frames, and before generic and the
  // permissive tier, which would read the places without the runner's order or the feature's basename lookup.
  testRunnersFamily,
  // Vyper before Python: its annotation lines (`  line 5:17` under the exception) and a crash's tokenize position
  // (`start (40,79)`) belong to the `Error compiling: F` header above, which Python's traceback reading knows nothing of.
  vyperFamily,
  // Python before generic: tracebacks (`File "…", line N`) and pytest/mypy `x.py:L:` lines carry the tool's meaning.
  pythonFamily,
  // Test runners (jest, vitest) before plain V8 frames: inside a runner's failure block a frame is the runner's.
  javascriptFamily,
  // eslint after the JS runtimes: its stylish rows have no file on the line, unix rows end with [Severity/rule].
  eslintFamily,
  // Scripting languages: extension-gated (.rb, .php, .pl, .lua, .sh) or phrase-anchored (`on line N`, `line N:`).
  rubyFamily,
  phpFamily,
  // A Blade view named in a message's `(View: …)` suffix: read before generic, without claiming the line, whose compiled
  // frames the formats after it still read.
  phpViewsFamily,
  // PHP_CodeSniffer's `  8 | ERROR | msg` rows carry no path: they are read only under a `FILE:` header.
  phpcsFamily,
  perlFamily,
  // Fennel before Lua: the compiler's frames in a compile error's traceback are its own, not the program's.
  fennelFamily,
  luaFamily,
  // Crystal before generic, which would read each block's `In src/x.cr:5:19` as a separate error of its own and
  // miss that the chain's last block is the one that raised.
  crystalFamily,
  // Haxe before generic, which would read `x.hx:7: characters 15-25 : msg` without its column, severity or notes.
  haxeFamily,
  // Groovy before the shells: its `path: L: msg` head is dash's shape, and the ` @ line L, column C.` below it is Groovy's.
  groovyFamily,
  // Ant's `BUILD FAILED` chain before generic, which would read each `x.xml:N:` line as an error of its own and rank
  // the outermost caller first; the chain is one call stack whose last line is the task that failed.
  antFamily,
  shellFamily,
  // rpmbuild's `error: line N: …` names no file: before the prose tier would place it only through a redirect. pip's
  // `(from -r requirements.txt (line 2))` before it too: the prose tier reads each such line as a place in printed order,
  // blind to which requirement pip was taking up when it failed.
  packagingFamily,
  // Database clients name a stored object, not a file (`Errors for PACKAGE BODY X:` rows, `Msg 102, …, Line 6`): before the
  // prose tier reads their `Line 6` as a place in standard input or in a file mentioned above.
  sqlClientsFamily,
  // logrotate's `error: F:N msg` (no colon after the number) before generic and the prose tier.
  systemConfigFamily,
  // Gambit's `*** ERROR IN f, "x.scm"@3.5 -- …` and CHICKEN's call history, before generic reads their heads as messages.
  schemeFamily,
  // SpiderMonkey's and JavaScriptCore's `name@file.js:2:5` frames before generic, which reads `name@file.js` as the path.
  spidermonkeyFamily,
  // GNAT's listing quotes source lines (`    4. x := 1`) that no other format reads; its `>>> ` lines are its own.
  adaFamily,
  // awk before generic: gawk echoes the source line as `gawk: x.awk:4: <source>`, which generic would read as a message.
  awkFamily,
  // Maven/Gradle/Kotlin/Scala wrap javac-like lines in their own prefixes (`[ERROR] …:[12,5]`, `e: file:///…`).
  jvmBuildFamily,
  javaFamily,
  // Crash reporters' issue rows (HockeyApp's `Class;method;File.java;117`) beside the JVM traces they mostly hold: no other
  // format reads a semicolon-separated frame, and the permissive tier would take its number for nothing.
  crashReportsFamily,
  // MSBuild/MSVC/.NET: `path(L,C): error CODE:` and `in path:line N` frames, before gcc's C-family colon form.
  dotnetFamily,
  mobileFamily,
  beamFamily,
  scientificFamily,
  // go before gcc and generic: go test prints basename-only `x_test.go:L:` lines whose package comes later.
  goFamily,
  // Sanitizers, valgrind, GoogleTest, the linker, CMake, gfortran, GNAT: native tools whose lines mention C-family
  // files without being compiler diagnostics, so they must be claimed before gcc reads them as such.
  nativeToolsFamily,
  // HDL simulators before the classic forms: VCS's `"rtl/x.sv", 18: token is 'y'` is a quoted classic head, and only
  // the `Error-[SE]` title above it gives its severity and code.
  hdlFamily,
  // Shader compilers before gcc and generic: glslang's `ERROR: 0:6:` names a source string, not a file called `0`.
  shadersFamily,
  // Embedded tool chains before the classic forms and gcc: IAR's `"file",82  Error[Pe020]:` is a quoted classic head
  // with a vendor tail, and the Arduino IDE's `sketch:12:5: error:` names a file without its extension, which gcc refuses.
  embeddedFamily,
  // Emacs compile-mode's classic forms (GNU dotted columns, quoted `"file", line N`, vendor compilers) after
  // every tool family, whose own lines they never match, and before gcc and generic: `file:L.C:` would
  // otherwise read as a line-only GNU location and `Error E2209 foo.c 15:` as prose.
  classicFamily,
  // ninja beside make: its `ninja: Entering directory` line sets the folder the compiler lines after it are read
  // in, and no other format's line starts with `ninja: `.
  ninjaFamily,
  // make and gcc before generic: their lines are generic `path:L:C:` lines with a severity and notes to keep. make
  // first: its `Makefile:12: *** missing separator` and recipe reports are gcc-shaped lines that are make's own.
  makeFamily,
  gccFamily,
  // A formatter's unified diff (`--- x.py` / `+++ x.py`, `@@ -L,N +L,N @@`) before generic: no tool's own line starts
  // with `+++ ` or `@@ -`, and generic would otherwise read nothing from them at all.
  formatterDiffFamily,
  // generic after the specific formats: it accepts any `path:line` with a source extension, so it would steal every other format's lines.
  genericFamily,
  // The permissive tier after everything: it proposes any path-like token before a line number for the workspace
  // to confirm, so it must only ever see lines no strict format claimed (a strict format's location is reported
  // even when unresolved; the permissive tier's is dropped unless confirmed, and must not hide the strict one).
  permissiveFamily,
  // The prose tier last of all: a location in words (`line 4 of x.ini`) is the loosest shape there is, so it reads
  // only lines that not even the permissive tier's `path:line` claimed; its candidates also wait for the workspace.
  proseFamily,
  // A file a failure line names with no line, last: the loosest reading of all, kept by resolve only when the log placed
  // nothing else. A last-resort format, read apart from the candidate lines (its place here orders the docs only).
  proseFileFamily,
];

function buildIndex(families: readonly GrammarFamily[]): ReadonlyMap<string, GrammarFormat> {
  const index = new Map<string, GrammarFormat>();
  for (const family of families) {
    for (const format of family.formats) {
      if (index.has(format.name)) throw new FaultlineError('E_DUPLICATE_FORMAT', `format '${format.name}' is registered twice`);
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(format.name))
        throw new FaultlineError('E_INTERNAL', `format name '${format.name}' is not kebab-case`);
      index.set(format.name, format);
    }
  }
  return index;
}

const FORMAT_INDEX = buildIndex(FAMILIES);

/** Every registered format in registry order. */
export function registeredFormats(): readonly GrammarFormat[] {
  return [...FORMAT_INDEX.values()];
}

/** Public descriptions of the formats (no parse functions). */
export function formatSpecs(): FormatSpec[] {
  return registeredFormats().map(
    ({
      anchor: _anchor,
      parse: _parse,
      fallback: _fallback,
      readsClaimedLines: _claimed,
      lastResort: _last,
      lastResortGate: _gate,
      ...spec
    }) => spec,
  );
}

// The whole set as one frozen array: the scanner keys its per-process caches (prefilter, anchors) by the set, and
// one array for every call lets it find them by identity instead of joining 156 names per call.
const ALL_FORMATS: readonly GrammarFormat[] = Object.freeze(registeredFormats());

/** The formats named (in registry order), or all; an unknown name is a usage error. */
export function selectFormats(names?: readonly string[]): readonly GrammarFormat[] {
  if (!names || names.length === 0) return ALL_FORMATS;
  for (const name of names) {
    if (!FORMAT_INDEX.has(name))
      throw new FaultlineError(
        'E_UNKNOWN_FORMAT',
        `unknown format '${name}'${didYouMean(name, [...FORMAT_INDEX.keys()])} (see 'faultline formats')`,
      );
  }
  return registeredFormats().filter((format) => names.includes(format.name));
}

/** Builds the Chevrotain parser holding every family's rules; `validate` runs Chevrotain's grammar checks. */
export function buildParser(validate = false): LineParser {
  return new LineParser(
    FAMILIES.flatMap((family) => (family.rules ? [family.rules] : [])),
    validate,
  );
}

const FAMILY_OF_FORMAT = new Map(FAMILIES.flatMap((family) => family.formats.map((format) => [format.name, family] as const)));
const familyParsers = new Map<GrammarFamily | undefined, LineParser>();

function familyParser(family: GrammarFamily | undefined): LineParser {
  let parser = familyParsers.get(family);
  if (!parser) {
    parser = new LineParser(family?.rules ? [family.rules] : []);
    familyParsers.set(family, parser);
  }
  return parser;
}

// Which family defines each rule, read once by running the definers against a recorder: define() only names a
// rule, its body runs later, in Chevrotain's self-analysis.
let ruleOwners: Map<string, GrammarFamily> | undefined;
function ownerOfRule(rule: string): GrammarFamily | undefined {
  if (!ruleOwners) {
    ruleOwners = new Map();
    for (const family of FAMILIES) {
      if (!family.rules) continue;
      const names: string[] = [];
      family.rules({
        define: (name: string) => void names.push(name),
        has: (name: string) => names.includes(name),
      } as unknown as LineParser);
      for (const name of names) ruleOwners.set(name, family);
    }
  }
  return ruleOwners.get(rule);
}

/**
 * The parser a format's rules live in, built on first use: the shared rules alone for families without rules
 * of their own, else the shared rules plus that family's. Chevrotain's self-analysis grows with the grammar,
 * so a log pays only for the families that actually see candidate lines.
 */
export function parserForFormat(formatName: string, rule: string): LineParser {
  // The shared rules (GNU and paren heads, paths) live in every parser: answer them from the smallest one, so a
  // family whose formats only peek at a GNU head never pays for building its own rules.
  const sharedOnly = familyParser(undefined);
  if (sharedOnly.has(rule)) return sharedOnly;
  const family = FAMILY_OF_FORMAT.get(formatName)?.rules ? FAMILY_OF_FORMAT.get(formatName) : undefined;
  const parser = familyParser(family);
  if (parser.has(rule)) return parser;
  // A format may reuse another family's rule (web tools parse V8 frames): that family's parser answers (5-10
  // ms to build where the whole grammar took ~55 ms, measured on the 10 and 100 MB bench logs).
  const owner = ownerOfRule(rule);
  if (!owner) throw new Error(`grammar rule '${rule}' is not defined`);
  return familyParser(owner);
}

/** For tests: the families, to check rule definitions and ordering. */
export function registeredFamilies(): readonly GrammarFamily[] {
  return FAMILIES;
}
