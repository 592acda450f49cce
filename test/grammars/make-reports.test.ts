// Issue 20: make's own reports of a failed recipe are notes (never an error annotation), in the layout of every
// make version: `make: *** [Makefile:4: x] Error 1` (GNU make 4.2 and later, also as gmake, make[N]) and the
// older pair `Makefile:4: recipe for target 'x' failed` + `make: *** [x] Error 1` (own words, the documented
// shape of GNU make before 4.2), also as a localized make words it (the `make: *** [x]` report after it says what it is).
import { describe, expect, it } from 'vitest';
import { scanLog as scan } from '../_scan.js';

describe("make's recipe reports", () => {
  it('are notes in the layout of make 4.2 and later, under every name make runs as', () => {
    const found = scan([
      'make: *** [Makefile:4: ledger] Error 1',
      'gmake[2]: *** [CMakeFiles/ledger.dir/build.make:90: ledger.o] Error 1',
      'make[1]: *** [sub.mk:7: test] Segmentation fault (core dumped)',
    ]);
    expect(found.map((location) => [location.file, location.line, location.severity, location.format])).toEqual([
      ['Makefile', 4, 'note', 'make'],
      ['CMakeFiles/ledger.dir/build.make', 90, 'note', 'make'],
      ['sub.mk', 7, 'note', 'make'],
    ]);
  });

  it("are notes in the older layout, while make's own Makefile errors stay errors", () => {
    const found = scan([
      "Makefile:4: recipe for target 'ledger' failed",
      'make: *** [ledger] Error 1',
      'Makefile:12: *** missing separator.  Stop.',
    ]);
    expect(found.map((location) => [location.file, location.line, location.severity])).toEqual([
      ['Makefile', 4, 'note'],
      ['Makefile', 12, 'error'],
    ]);
  });

  it('are notes when a localized make words the older layout its own way (own words, French and German)', () => {
    const found = scan([
      'Makefile:84 : la recette pour la cible « lib/static » a échoué',
      'make: *** [lib/static] Erreur 4',
      'Makefile:9: Die Regel für Ziel „ledger“ scheiterte',
      'make[1]: *** [ledger] Fehler 1',
      'Makefile:30: warning: overriding recipe for target `ledger`',
    ]);
    expect(found.map((location) => [location.file, location.line, location.severity])).toEqual([
      ['Makefile', 84, 'note'],
      ['Makefile', 9, 'note'],
      ['Makefile', 30, 'warning'],
    ]);
  });

  it('say when make found the failure in no file: a program not started, an ignored error', () => {
    const outcomes = (lines: string[]) => scan(lines).map((location) => [location.file, location.line, location.hints?.recipeOutcome]);
    // GNU make 4.3 (recorded in fixtures/make/missing-program and ignored-error), then own words of the older layouts.
    expect(outcomes(['make: gcc-13: No such file or directory', 'make: *** [Makefile:2: all] Error 127'])).toEqual([
      ['Makefile', 2, 'missing-program'],
    ]);
    expect(outcomes(['/bin/sh: 1: lzcomp: not found', 'make[1]: *** [tools.mk:9: lz] Error 127'])).toEqual([
      ['tools.mk', 9, 'missing-program'],
    ]);
    expect(outcomes(['make: [Makefile:2: test] Error 1 (ignored)'])).toEqual([['Makefile', 2, 'ignored']]);
    expect(outcomes(['make: cc: Command not found', "Makefile:5: recipe for target 'app' failed", 'make: *** [app] Error 127'])).toEqual([
      ['Makefile', 5, 'missing-program'],
    ]);
    expect(outcomes(["makefile:57: recipe for target 'default' failed", 'make: [default] Error 2 (ignored)'])).toEqual([
      ['makefile', 57, 'ignored'],
    ]);
    const windows = [
      'process_begin: CreateProcess(NULL, cp app.py build, ...) failed.',
      'make (e=2): The system cannot find the file specified.',
      'make: *** [Makefile:23: app.zip] Error 2',
    ];
    expect(outcomes(windows)).toEqual([['Makefile', 23, 'missing-program']]);
    // A localized make of the older layout (own words): the status says it as well.
    expect(outcomes(['Makefile:9: Die Regel für Ziel „ledger“ scheiterte', 'make: *** [ledger] Fehler 127'])).toEqual([
      ['Makefile', 9, 'missing-program'],
    ]);
    // A failed compile or a missing script of the project's own says nothing of the kind.
    expect(outcomes(['make: *** [Makefile:4: ledger] Error 1'])).toEqual([['Makefile', 4, undefined]]);
    expect(outcomes(['/bin/sh: 1: ./gen.sh: not found', 'make: *** [Makefile:8: gen] Error 127'])).toEqual([['Makefile', 8, undefined]]);
  });
});
