// gcc's context lines in the languages of its catalogs (locale-words-gcc.ts): `required from here` and the
// `required from …` chain are notes of the diagnostic below, in any language the table knows.
import { describe, expect, it } from 'vitest';
import { GCC_SCOPE_LINE, gccContextLine } from '../../src/grammars/engine/locale-words-gcc.js';
import { scanLog } from '../_scan.js';

describe('gcc context lines in other languages', () => {
  it('tells a whole "required from here" from the openings of a chain, and anything else from both', () => {
    expect(gccContextLine('von hier erfordert')).toBe('here');
    expect(gccContextLine('se requiere desde aquí')).toBe('here');
    expect(gccContextLine('requis par « T f(T) »')).toBe('chain');
    expect(gccContextLine('рекурсивно требуемый из ‘int depth()’')).toBe('chain');
    expect(gccContextLine('required from here')).toBe('here');
    expect(gccContextLine('von hier erfordert, sagt jemand')).toBeUndefined();
    expect(gccContextLine('some other words')).toBeUndefined();
  });
});

function scan(lines: string[]) {
  return scanLog(lines, ['gcc']);
}

describe('gcc template chains in other languages', () => {
  it("reads a translated chain as notes of the user's error below it", () => {
    const locations = scan([
      'src/grid.cpp: Trong minh dụ của ‘T half(T) [với T = Cell]’:',
      'src/grid.cpp:12:9:   được yêu cầu từ ‘T quarter(T) [với T = Cell]’',
      'src/grid.cpp:20:14:   được yêu cầu từ đây',
      'src/grid.cpp:4:12: lỗi: no match for ‘operator/’',
    ]);
    expect(locations.map((l) => [l.line, l.severity, l.relatedTo?.line ?? null])).toEqual([
      [12, 'note', 4],
      [20, 'note', 4],
      [4, 'error', null],
    ]);
  });

  it('promotes a translated "required from here" over an error inside a system header', () => {
    const locations = scan([
      'src/store.cpp:7:25:   requis depuis ici',
      "/usr/include/c++/12/bits/new_allocator.h:175:11: erreur: pas de fonction concordante pour l'appel à « Item::Item(int) »",
    ]);
    expect(locations[0]).toMatchObject({ file: 'src/store.cpp', line: 7, severity: 'error' });
    expect(locations[0]?.message).toContain('pas de fonction concordante');
  });
});

describe("gcc's scope lines in other languages", () => {
  it("reads the line above a function's diagnostics in every recorded language, never a diagnostic head", () => {
    for (const line of [
      "src/a.c: In function 'main':",
      'src/a.c: In Funktion »main«:',
      'src/a.c: 在函数‘main’中:',
      'src/a.c: 関数 ‘main’ 内:',
      'src/a.c: В функции «main»:',
      'src/a.h: Auf höchster Ebene:',
      'src/a.cpp: Dans la fonction membre « int Box::size() »:',
    ])
      expect(GCC_SCOPE_LINE.test(line), line).toBe(true);
    expect(GCC_SCOPE_LINE.test('src/a.c:4:7: Fehler: »x« nicht deklariert')).toBe(false);
    expect(GCC_SCOPE_LINE.test('src/a.c: Fehler: keine Eingabedateien')).toBe(false);
  });
});
