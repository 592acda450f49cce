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
  // (never an error annotation), which resolve always drops: the command's own output is the place. A recipe killed by a signal
  // ends in the signal's description instead (`Aborted (core dumped)`, `Segmentation fault`).
  // The program name may carry a version (`gmake-4.3[2]: `, `Make-4.3: ` on Windows).
  const failed = MAKE_RECIPE_FAILED.exec(text);
  if (failed) {
    const hints = recipeHints(directories.current());
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
    context.emit({ file: anyRecipe[1]!, line: Number(anyRecipe[2]), severity: 'note', message: anyRecipe[3]! });
    return true;
  }
  // An ignored error is no failure: make went on. Since 4.2 its report names the recipe's place, a note dropped like
  // the others; before, the `recipe for target` line above carried it, and this line is only claimed (the permissive tier
  // read `make: [Makefile:2: test] Error 1 (ignored)` as an error of the makefile).
  const ignored = MAKE_IGNORED.exec(text);
  if (ignored) {
    const place = /^(.+?):(\d+): (.+)$/.exec(ignored[1] ?? '');
    if (place) {
      const hints = recipeHints(directories.current());
      context.emit({
        file: place[1]!,
        line: Number(place[2]),
        severity: 'note',
        message: `recipe for target '${place[3]}' failed (ignored)`,
        ...(hints ? { hints } : {}),
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
    context.emit({ file: syntax[1] ?? 'Makefile', line: Number(syntax[2]), severity, message });
    return true;
  }
  return false;
}

function recipeHints(directory: string | undefined): ResolveHints | undefined {
  return directory === undefined ? undefined : { directory };
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
