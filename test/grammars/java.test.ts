// Java family: javac (caret column, detail lines) and stack traces (package hints, Caused-by ranks), formats.md rows 57–58, §3.11/15.
import { describe, expect, it } from 'vitest';
import { createScanner } from '../../src/grammars/index.js';
import { normaliseLine } from '../../src/summarise/index.js';

function scan(lines: string[], formats = ['javac', 'java-stack']) {
  const scanner = createScanner({ normaliseLine, formats });
  scanner.write(`${lines.join('\n')}\n`);
  return scanner.end().locations;
}

describe('javac', () => {
  it('takes the column from the caret under the echoed source and appends the detail lines', () => {
    expect(
      scan([
        'src/main/java/com/acme/Bad.java:10: error: cannot find symbol',
        '\tint n = Util.thrice(3);',
        '\t            ^',
        '  symbol:   method thrice(int)',
        '  location: class Util',
        '1 error',
      ]),
    ).toMatchObject([
      {
        file: 'src/main/java/com/acme/Bad.java',
        line: 10,
        column: 14,
        severity: 'error',
        message: 'cannot find symbol\nsymbol:   method thrice(int)\nlocation: class Util',
        columnUnit: 'char',
      },
    ]);
  });

  it('splits an -Xlint [key] off as the code', () => {
    expect(scan(['A.java:8: warning: [rawtypes] found raw type: List', '        List names;', '        ^'])).toMatchObject([
      { file: 'A.java', line: 8, column: 9, severity: 'warning', code: 'rawtypes', message: 'found raw type: List' },
    ]);
  });
});

describe('java-stack', () => {
  const trace = [
    'Exception in thread "main" java.lang.IllegalStateException: bad config value: x',
    '\tat com.acme.Helper.run(Helper.java:9)',
    '\tat com.acme.Main.main(Main.java:5)',
    'Caused by: java.lang.RuntimeException: wrapped',
    '\tat com.acme.Outer$Inner.load(Outer.java:20)',
    '\tat sun.reflect.NativeMethodAccessorImpl.invoke0(Native Method)',
    '\t... 2 more',
    'Caused by: java.lang.NumberFormatException: For input string: "x"',
    '\tat java.base/java.lang.Integer.parseInt(Integer.java:668)',
    '\tat app//com.acme.Config.parsePort(Config.java:5)',
    '\t... 3 more',
  ];

  it('gives basename + package hints; JDK frames keep their module prefix for resolve to drop', () => {
    expect(scan(trace).map((l) => [l.file, l.line, l.hints])).toEqual([
      ['Helper.java', 9, { basenameOnly: true, packagePath: 'com.acme' }],
      ['Main.java', 5, { basenameOnly: true, packagePath: 'com.acme' }],
      ['Outer.java', 20, { basenameOnly: true, packagePath: 'com.acme' }],
      ['Integer.java', 668, { basenameOnly: true, packagePath: 'java.base/java.lang' }],
      ['Config.java', 5, { basenameOnly: true, packagePath: 'app//com.acme' }],
    ]);
  });

  it('ranks the last Caused by as the root cause and the top exception highest, re-ranking as causes appear', () => {
    const locations = scan(trace);
    expect(locations.map((l) => [l.file, l.frame?.causeRank, l.frame?.index, l.message])).toEqual([
      ['Helper.java', 2, 0, 'java.lang.IllegalStateException: bad config value: x'],
      ['Main.java', 2, 1, 'java.lang.IllegalStateException: bad config value: x'],
      ['Outer.java', 1, 0, 'java.lang.RuntimeException: wrapped'],
      ['Integer.java', 0, 0, 'java.lang.NumberFormatException: For input string: "x"'],
      ['Config.java', 0, 1, 'java.lang.NumberFormatException: For input string: "x"'],
    ]);
    expect(new Set(locations.map((l) => l.frame?.trace)).size).toBe(3);
    expect(locations.every((l) => l.frame?.innermostLast === false)).toBe(true);
  });

  it('keeps a second, unrelated exception as its own chain and Suppressed sections above the root cause', () => {
    const locations = scan([
      'java.io.IOException: close failed',
      '\tat com.acme.Io.run(Io.java:3)',
      '\tSuppressed: java.lang.IllegalStateException: cleanup',
      '\t\tat com.acme.Io.close(Io.java:9)',
      'Caused by: java.io.EOFException',
      '\tat com.acme.Io.read(Io.java:5)',
      'Exception in thread "worker" java.lang.Error: later',
      '\tat com.acme.W.go(W.java:1)',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.frame?.causeRank])).toEqual([
      ['Io.java', 3, 1],
      ['Io.java', 9, 2],
      ['Io.java', 5, 0],
      ['W.java', 1, 0],
    ]);
  });

  it('ranks a Caused by at the indentation of a wholly indented trace (a test runner or logger) as a cause', () => {
    const locations = scan([
      '    java.lang.IllegalStateException: could not place order 42,x',
      '        at com.acme.OrderService.place(OrderService.java:10)',
      '        ... 1 more',
      '    Caused by: java.lang.NumberFormatException: For input string: "x"',
      '        at com.acme.OrderRepository.parseQuantity(OrderRepository.java:11)',
      '        \tSuppressed: java.lang.Error: cleanup',
      '        \t\tat com.acme.Io.close(Io.java:9)',
    ]);
    expect(locations.map((l) => [l.file, l.frame?.causeRank])).toEqual([
      ['OrderService.java', 1],
      ['OrderRepository.java', 0],
      ['Io.java', 2],
    ]);
  });

  it('skips V8 frames, which have a space before the parenthesis', () => {
    expect(scan(['    at Object.<anonymous> (/app/src/x.js:3:9)', '    at run (node:internal/main:1:1)'])).toEqual([]);
  });
});

describe('java-stack glued to its header', () => {
  it('reads a frame whose line break after the exception header was lost as the first frame of that trace', () => {
    const locations = scan([
      'Exception in thread "main" java.lang.NullPointerExceptionat com.acme.Files.list(Files.java:23)',
      '\tat com.acme.Files.list(Files.java:11)',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.frame?.index, l.message])).toEqual([
      ['Files.java', 23, 0, 'java.lang.NullPointerException'],
      ['Files.java', 11, 1, 'java.lang.NullPointerException'],
    ]);
    expect(new Set(locations.map((l) => l.frame?.trace)).size).toBe(1);
  });

  it('needs a header before the glued keyword and a whole frame after it', () => {
    expect(scan(['The docs say to look at com.acme.Files.list(Files.java:23)'], ['java-stack'])).toEqual([]);
    expect(scan(['it failed somewhat com.acme.Files.list(Files.java:23)'], ['java-stack'])).toEqual([]);
    expect(scan(['java.lang.IllegalStateException: badat com.acme.Files.list(Files.java:23) and more'], ['java-stack'])).toEqual([]);
  });
});
