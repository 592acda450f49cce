// GNU Make's own messages: a failed recipe's report (a note: it says which recipe failed, not why), a makefile's own
// errors, and the folder the tools it runs print their relative paths from (`Entering directory`, an echoed `cd`).
// Link: https://www.gnu.org/software/make/manual/html_node/Error-Messages.html
import type { ResolveHints } from '../../core/index.js';
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { LOCALIZED_SEVERITY_PATTERN, MAKE_DIRECTORY_ANCHOR, makeDirectoryChange } from '../engine/locale-words.js';
import { directoryContext, echoedCdFolder } from '../engine/directories.js';

// The signals whose description ends make's line for a recipe they killed, in place of `Error N`.
const KILLING_SIGNALS = [
  'Segmentation fault',
  'Killed',
  'Aborted',
  'Terminated',
  'Bus error',
  'Illegal instruction',
  'Floating point exception',
  'Trace/breakpoint trap',
];
// `make[1]: *** [Makefile:20: all] Error 1`: the program name (with an optional version and recursion level), then
// the failed recipe's file, line and target, then how it failed.
// The line make prints when a recipe failed, in any locale (`make: *** [all] Error 2`, `make: *** [x] Erreur 4`).
const MAKE_FAILURE_REPORT = /^\S*[Mm]ake(?:-[\d.]+)?(?:\[\d+\])?: \*\*\* \[/;
// A localized make words the failure in its language (`Fehler 1`, `错误 1`) and may space or widen the colon (`Makefile:2 : all`).
const MAKE_RECIPE_FAILED = new RegExp(
  String.raw`^\S*[Mm]ake(?:-[\d.]+)?(?:\[\d+\])?: \*\*\* \[(.+?):(\d+)[ \u00a0]?[:：] ?(.+?)\] ` +
    String.raw`((?:Error|${LOCALIZED_SEVERITY_PATTERN}) \d+|(?:${KILLING_SIGNALS.join('|')}).*)$`,
  'i',
);

// `<any makefile>:100: recipe for target 'phc' failed` (make before 4.2).
const RECIPE_FOR_TARGET = /^(\S+?):(\d+) ?: (recipe for target ['`\u2018].*)$/;
// `make: [Makefile:2: test] Error 1 (ignored)`: a recipe's error make was told to ignore (a `-` before the command,
// `make -i`), and went on; make before 4.2 names the target only (`make: [test] Error 2 (ignored)`).
const MAKE_IGNORED = new RegExp(
  String.raw`^\S*[Mm]ake(?:-[\d.]+)?(?:\[\d+\])?: \[([^\]]+)\] (?:(?:Error|${LOCALIZED_SEVERITY_PATTERN}) \d+|[^(]+) \(ignored\)$`,
  'i',
);
// The shell's exit status 127 is "command not found", and the lines above make's report say which: make's own
// (`make: gcc: No such file or directory` since 4.3, `make: gcc: Command not found` before) or the shell's (`/bin/sh: 1:
// gcc: not found`, `bash: line 1: gcc: command not found`). A path there (`./gen.sh`) may be the project's own file.
const PROGRAM_NOT_FOUND = [
  /^\S*[Mm]ake(?:-[\d.]+)?(?:\[\d+\])?: ([^\s:]+): (?:Command not found|No such file or directory)$/,
  /^(?:\S*\/)?(?:ba|da|z)?sh: (?:\d+: |line \d+: )?([^\s:]+): (?:command )?not found$/,
];
// Windows make says it could not start the program in its own words, whatever the status: `process_begin:
// CreateProcess(NULL, cp …) failed.`, `make (e=2): The system cannot find the file specified.`
const PROCESS_NOT_STARTED = /^(?:process_begin: CreateProcess\(|\S*[Mm]ake(?:\[\d+\])? \(e=\d+\): )/;

/**
 * Whether make said a recipe failed for no file's reason: a program (not a path) that could not be started, or make's
 * ignored-error report below an old make's `recipe for target` line. Such a report is dropped even when it is the
 * log's only place (resolve-locations.ts).
 */
function recipeOutcome(context: LineContext, status: string | undefined): ResolveHints['recipeOutcome'] {
  if (MAKE_IGNORED.test(context.line(1) ?? '')) return 'ignored';
  for (let delta = -1; delta >= -3; delta -= 1) {
    const above = context.line(delta) ?? '';
    if (PROCESS_NOT_STARTED.test(above)) return 'missing-program';
    const named = PROGRAM_NOT_FOUND.map((pattern) => pattern.exec(above)?.[1]).find((name) => name !== undefined);
    if (named?.includes('/')) return undefined;
  }
  return status !== undefined && / 127$/.test(status) ? 'missing-program' : undefined;
}

function parseMake(context: LineContext): boolean {
  const text = context.text;
  const directories = directoryContext((key, create) => context.shared(key, create));
  // `make[1]: Entering directory '/x'`, or as make's catalogs word it (`make[1]: Verzeichnis „/x“ wird betreten`).
  const change = makeDirectoryChange(text);
  if (change) {
    if (change.entering) directories.enter(change.folder, context.emitted);
    else directories.leave(change.folder, context.emitted);
    return true;
  }
  // A recipe make echoes before running it: `cd lib && $(CC) -c foo.c` makes gcc print `foo.c` relative to lib/.
  const cd = echoedCdFolder(text);
  if (cd !== undefined) {
    directories.step(cd, context.emitted);
    return true;
  }
  // make: *** [Makefile:20: all] Error 1 — a location, but of the Makefile, not of the failing source: a note
  // (never an error annotation), which resolve drops once the log placed anything else. A recipe killed by a signal
  // ends in the signal's description instead (`Aborted (core dumped)`, `Segmentation fault`).
  // The program name may carry a version (`gmake-4.3[2]: `, `Make-4.3: ` on Windows).
  const failed = MAKE_RECIPE_FAILED.exec(text);
  if (failed) {
    const hints = recipeHints(directories.current(), recipeOutcome(context, failed[4]));
    context.emit({
      file: failed[1] ?? 'Makefile',
      line: Number(failed[2]),
      severity: 'note',
      message: `recipe for target '${failed[3]}' failed (${failed[4]})`,
      ...(hints ? { hints } : {}),
    });
    return true;
  }
  // make before 4.2 names the makefile of a failed recipe whatever it is called (`makefile_unix:100: recipe for
  // target 'x' failed`, `Makefile.linux:7: …`): the words are make's own, the file name proves nothing. Its
  // `make: *** [x] Error 127` report follows on the next line.
  const anyRecipe = RECIPE_FOR_TARGET.exec(text);
  if (anyRecipe) {
    const hints = olderLayoutHints(context);
    context.emit({
      file: anyRecipe[1]!,
      line: Number(anyRecipe[2]),
      severity: 'note',
      message: anyRecipe[3]!,
      ...(hints ? { hints } : {}),
    });
    return true;
  }
  // An ignored error is no failure: make went on. Since 4.2 its report names the recipe's place, a note dropped even
  // alone; before, the `recipe for target` line above carried it, and this line is only claimed (the permissive tier
  // read `make: [Makefile:2: test] Error 1 (ignored)` as an error of the makefile).
  const ignored = MAKE_IGNORED.exec(text);
  if (ignored) {
    const place = /^(.+?):(\d+): (.+)$/.exec(ignored[1] ?? '');
    if (place) {
      const hints = recipeHints(directories.current(), 'ignored');
      context.emit({
        file: place[1]!,
        line: Number(place[2]),
        severity: 'note',
        message: `recipe for target '${place[3]}' failed (ignored)`,
        hints,
      });
    }
    return true;
  }
  // Makefile:12: *** missing separator.  Stop.  (French typography puts a space before the colon: `Makefile:84 : …`.)
  const syntax = /^((?:[^:\s]*\/)?(?:GNUmakefile|[Mm]akefile|[\w.-]+\.mk)):(\d+) ?: (\*\*\* )?(.*)$/.exec(text);
  if (syntax) {
    const message = syntax[4] ?? '';
    // make before 4.2: `Makefile:4: recipe for target 'x' failed` above `make: *** [x] Error 1`, the same report. A
    // localized make words it its own way (`la recette pour la cible « x » a échouée`); the failure report right
    // after it says what it is in any language.
    const recipe = message.startsWith('recipe for target ') || (!syntax[3] && MAKE_FAILURE_REPORT.test(context.line(1) ?? ''));
    const severity = recipe ? 'note' : syntax[3] ? 'error' : 'warning';
    const hints = recipe ? olderLayoutHints(context) : undefined;
    context.emit({ file: syntax[1] ?? 'Makefile', line: Number(syntax[2]), severity, message, ...(hints ? { hints } : {}) });
    return true;
  }
  return false;
}

/** The older layout's recipe line: make's `*** [x] Error 127` report, when it is the next line, carries the status. */
function olderLayoutHints(context: LineContext): ResolveHints | undefined {
  const next = context.line(1) ?? '';
  return recipeHints(undefined, recipeOutcome(context, MAKE_FAILURE_REPORT.test(next) ? next : undefined));
}

function recipeHints(directory: string | undefined, outcome: ResolveHints['recipeOutcome']): ResolveHints | undefined {
  if (directory === undefined && outcome === undefined) return undefined;
  return { ...(directory ? { directory } : {}), ...(outcome ? { recipeOutcome: outcome } : {}) };
}

const make: GrammarFormat = {
  name: 'make',
  language: 'Make',
  description:
    '`make` (GNU Make): `make[1]: *** [Makefile:20: all] Error 1`, `Makefile:12: *** missing separator`, ' +
    'and `Entering directory` tracking for the tools it runs.',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://www.gnu.org/software/make/manual/html_node/Error-Messages.html',
  anchor: [
    MAKE_DIRECTORY_ANCHOR,
    String.raw`[Mm]ake(?:-[\d.]+)?(?:\[\d+\])?: \*\*\* \[`,
    String.raw`(?:[Mm]akefile|\.mk):\d+ ?: `,
    String.raw`:\d+ ?: recipe for target `,
    String.raw`[Mm]ake(?:-[\d.]+)?(?:\[\d+\])?: \[[^\]]+\] [^(]*\(ignored\)`,
    // a `cd sub && …` step (ninja's `[3/9] ` before it), which moves the folder the tools' paths are relative to
    String.raw`^(?:\[\d+/\d+\] )?cd (?:"[^"]+"|'[^']+'|[^\s"'&;|]+) &&`,
  ].join('|'),
  parse: parseMake,
};

export const makeFamily: GrammarFamily = { formats: [make] };
