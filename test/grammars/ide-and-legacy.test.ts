// IDE panes copied as text (Android Studio, Visual Studio's Error List, Code::Blocks) and older tool versions
// (Maven 2 rows, scalastyle, Play templates, Julia 0.x, unindented Python frames).
import { describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/index.js';
import { scanLog as scan } from '../_scan.js';

const brief = (locations: RawLocation[]) => locations.map((l) => [l.format, l.file, l.line, l.column, l.severity]);

describe('IDE panes', () => {
  it('takes Android Studio rows under their path header, and none without one', () => {
    expect(brief(scan(['/p/app/src/Main.java', 'Error:(12, 5) error: cannot find symbol', 'Warning:(20, 9) unchecked call']))).toEqual([
      ['android-studio', '/p/app/src/Main.java', 12, 5, 'error'],
      ['android-studio', '/p/app/src/Main.java', 20, 9, 'warning'],
    ]);
    expect(scan(['Error:(12, 5) error: cannot find symbol'], ['android-studio'])).toEqual([]);
  });

  it("follows the Error List's header order, and VS's default order without a header", () => {
    expect(
      brief(scan(['Severity\tCode\tDescription\tFile\tLine\tProject', 'Error\tCS0103\tname missing\tC:\\src\\A.cs\t12\tApp'])),
    ).toEqual([['visual-studio', 'C:\\src\\A.cs', 12, null, 'error']]);
    expect(brief(scan(['Warning\tCS0168\tunused\tApp\tsrc/B.cs\t7\tActive']))).toEqual([['visual-studio', 'src/B.cs', 7, null, 'warning']]);
  });

  it('reads a row whose tabs became runs of spaces, and no prose line that merely starts with a severity word', () => {
    expect(brief(scan(['Error   1   error C2065: x : undeclared   C:\\src\\a.cpp  57  1   app'], ['visual-studio']))).toEqual([
      ['visual-studio', 'C:\\src\\a.cpp', 57, 1, 'error'],
    ]);
    expect(scan(['Error  while building  the project  12 times'], ['visual-studio'])).toEqual([]);
  });

  it('reads Code::Blocks rows with a line and skips the context rows', () => {
    expect(brief(scan(["src/main.cpp||In function 'int main()':|", "src/main.cpp|14|error: expected ';'|"]))).toEqual([
      ['codeblocks', 'src/main.cpp', 14, null, 'error'],
    ]);
  });
});

describe('older tool versions', () => {
  it('reads Maven rows without the level prefix as errors', () => {
    expect(brief(scan(['/src/Foo.java:[12,5] cannot find symbol']))).toEqual([['maven', '/src/Foo.java', 12, 5, 'error']]);
  });

  it('reads scalastyle rows with a line (0-based column) and Play template errors', () => {
    expect(
      brief(
        scan([
          'warning file=/src/Foo.scala message=Avoid mutable fields line=6 column=7',
          'error file=/src/Foo.scala message=File must end with newline character',
        ]),
      ),
    ).toEqual([['scalastyle', '/src/Foo.scala', 6, 8, 'warning']]);
    expect(brief(scan(['Compilation error[not found: value x]', 'In /app/views/index.scala.html at line 60.']))).toEqual([
      ['play-template', '/app/views/index.scala.html', 60, null, 'error'],
    ]);
  });

  it('continues a Julia 0.x trace through nested `while loading` lines, the innermost first', () => {
    const locations = scan([
      'ERROR: LoadError: LoadError: UndefVarError: AbstractFloat64 not defined',
      ' in include_from_node1(::String) at .\\loading.jl:488 (repeats 2 times)',
      ' in require(::Symbol) at .\\loading.jl:415',
      'while loading C:\\u\\Orbits\\src\\kepler.jl, in expression starting on line 12',
      'while loading C:\\u\\Orbits\\src\\Orbits.jl, in expression starting on line 7',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.frame?.index, l.hints?.runtime ?? false])).toEqual([
      ['.\\loading.jl', 488, 0, true],
      ['.\\loading.jl', 415, 1, true],
      ['C:\\u\\Orbits\\src\\kepler.jl', 12, 2, false],
      ['C:\\u\\Orbits\\src\\Orbits.jl', 7, 3, false],
    ]);
    // With no frames the first names the failed statement; its includers below are context, not errors.
    const alone = scan([
      'ERROR: LoadError: syntax: x',
      'while loading /u/b.jl, in expression starting on line 2',
      'while loading /u/a.jl, in expression starting on line 9',
    ]);
    expect(alone.map((l) => [l.file, l.line, l.severity])).toEqual([
      ['/u/b.jl', 2, 'error'],
      ['/u/a.jl', 9, null],
    ]);
  });

  it("reads Julia 0.x frames and its `while loading` trailer, dropping Base's ./file.jl frames", () => {
    const locations = scan([
      'ERROR: LoadError: UndefVarError: y not defined',
      ' in f(::Int64) at /u/x.jl:5',
      ' in include_from_node1(::String) at ./loading.jl:488',
      'while loading /u/x.jl, in expression starting on line 3',
    ]);
    expect(locations.map((l) => [l.format, l.file, l.line, l.message, l.hints?.runtime ?? false])).toEqual([
      ['julia-0', '/u/x.jl', 5, 'UndefVarError: y not defined', false],
      ['julia-0', './loading.jl', 488, 'UndefVarError: y not defined', true],
      ['julia-0', '/u/x.jl', 3, 'UndefVarError: y not defined', false],
    ]);
  });

  it('reads a Julia 0.x frame that lost its indentation, the `while loading` trailer its outermost entry', () => {
    const locations = scan([
      'ERROR: LoadError: UndefVarError: y not defined',
      'in g at /u/x.jl:7',
      'while loading /u/x.jl, in expression starting on line 12',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.severity, l.frame?.index])).toEqual([
      ['/u/x.jl', 7, null, 0],
      ['/u/x.jl', 12, null, 1],
    ]);
    // Alone, the trailer is the error's own line.
    expect(brief(scan(['ERROR: LoadError: syntax: extra token', 'while loading /u/x.jl, in expression starting on line 4']))).toEqual([
      ['julia-0', '/u/x.jl', 4, null, 'error'],
    ]);
  });

  it('reads Python frames that lost their indentation', () => {
    expect(brief(scan(['Traceback (most recent call last):', 'File "app/main.py", line 12, in <module>']))).toEqual([
      ['python-traceback', 'app/main.py', 12, null, null],
    ]);
  });
});
