// Prefix peeling (issue 11 item 2): known wrapper prefixes, logfmt wrappers, prefixes learned from the log and
// tool tags never end up in a path, and the log line numbers stay those of the original log.
import { describe, expect, it } from 'vitest';
import { createScanner } from '../../../src/grammars/index.js';
import { learnPrefix, readStructuredLog, toolTagOf } from '../../../src/grammars/engine/peel.js';

/** The message of a structured log line, or the line itself when it is not one (what the line texts show). */
const unwrapStructuredLog = (line: string): string => readStructuredLog(line)?.text ?? line;
import { detectLinePrefixes, stripLinePrefixes } from '../../../src/grammars/engine/prefixes.js';
import { normaliseLine } from '../../../src/summarise/index.js';
import type { RawLocation } from '../../../src/core/index.js';
import { scanLog } from '../../_scan.js';

function scan(text: string): RawLocation[] {
  return scanLog(text).filter((location) => !location.hints?.confirm);
}

const brief = (found: RawLocation[]): string[] => found.map((location) => `${location.file}:${location.line}@${location.logLine}`);

describe('known prefixes', () => {
  it.each([
    ['##[error]src/a.ts(3,4): error TS2322: x', 'src/a.ts(3,4): error TS2322: x'],
    ['[rank0]:[rank0]:   File "a.py", line 3, in f', '  File "a.py", line 3, in f'],
    ['Step #2 - "tf plan": main.tf line 3', 'main.tf line 3'],
    ['Step #0: src/a.c:1:2: error: x', 'src/a.c:1:2: error: x'],
    // A build script's relayed compiler line, as old cargo printed it and as cargo now indents it under `--- stdout`.
    ['cargo:warning=src/a.c:1:2: error: x', 'src/a.c:1:2: error: x'],
    ['  cargo:warning=src/a.c:1:2: error: x', 'src/a.c:1:2: error: x'],
    ['#12 4.406 src/a.c:1:2: error: x', 'src/a.c:1:2: error: x'],
    ['web_1  | src/a.c:1:2: error: x', 'src/a.c:1:2: error: x'],
    ['2024-05-01 12:00:00,123 src/a.c:1:2: error: x', 'src/a.c:1:2: error: x'],
    ['2024-05-01T12:00:00.123456Z 00O+ src/a.c:1:2', 'src/a.c:1:2'],
    ['[2024-05-01T12:00:00.123Z] src/a.c:1:2', 'src/a.c:1:2'],
    // A CI server's copied log glues the bracketed clock to the text, or writes its status column and step between.
    ['[21:04:09]./main.go:8:10: x', './main.go:8:10: x'],
    ['[2024-05-01 12:00:00]src/a.c:1:2', 'src/a.c:1:2'],
    ['[21:04:09]W:\t [Step 1/2] src/a.c:1:2: error: x', 'src/a.c:1:2: error: x'],
    ['[21:04:09] :\t [Step 2/2]   at f (src/a.js:1:2)', '  at f (src/a.js:1:2)'],
    ['[21:04:09]i: TeamCity server version is 2024.1', 'TeamCity server version is 2024.1'],
    ['12:00:01.532 src/a.c:1:2', 'src/a.c:1:2'],
    ['1:09:33 PM: Error: MDX compilation failed for file "/b/docs/a.md"', 'Error: MDX compilation failed for file "/b/docs/a.md"'],
    ['[   +3 ms] lib/app.dart:20:7: Error: x', 'lib/app.dart:20:7: Error: x'],
    ['[+1234 ms] lib/app.dart:20:7: Error: x', 'lib/app.dart:20:7: Error: x'],
    ['[        ] lib/app.dart:20:7: Error: x', 'lib/app.dart:20:7: Error: x'],
    // Yarn 2+: the message code, the group marks, and a build script's locator and stream (fixtures/node-uncaught).
    ['➤ YN0009: │ │ src/a.ts:1:14 - error TS1005: x', 'src/a.ts:1:14 - error TS1005: x'],
    ['➤ YN0000: │ app@workspace:. STDERR /w/a.js:2', '/w/a.js:2'],
    ['➤ YN0000: │ @acme/kit@npm:1.2.0 STDOUT src/a.c:1:2: error: x', 'src/a.c:1:2: error: x'],
    ['➤ YN0000: │ app@workspace:. STDERR ', ''],
    ['➤ YN0000: ┌ Link step', 'Link step'],
  ])('%s', (line, peeled) => {
    expect(stripLinePrefixes(line)).toBe(peeled);
  });

  it("finds Yarn 2+'s prefix at a line start in the raw latin1 text, as the line-start prefilter reads it", () => {
    const raw = Buffer.from('x\n➤ YN0009: │ │ src/a.ts:1:14 - error TS1005: x\n', 'utf8').toString('latin1');
    expect(detectLinePrefixes(raw)).toContain('YN');
    expect(scan('➤ YN0000: ┌ Build\n➤ YN0009: │ │ src/a.ts:1:14 - error TS1005: x\n').map((found) => found.file)).toEqual(['src/a.ts']);
  });

  it('keeps a location that merely starts with digits and colons', () => {
    expect(stripLinePrefixes('12.go:3:4: undefined: x')).toBe('12.go:3:4: undefined: x');
    // A one-digit hour is a clock only with its AM/PM: `1:09:33 x` may be a tool's own position.
    expect(stripLinePrefixes('1:09:33 warning: x')).toBe('1:09:33 warning: x');
    // A bracket that is no clock stays: a tool's own `[12:00]` or a test's `[a:1]` is no CI prefix.
    expect(stripLinePrefixes('[12:00]src/a.c:1:2')).toBe('[12:00]src/a.c:1:2');
  });
});

describe('logfmt wrappers', () => {
  it('unquotes and unescapes the message and appends the error field', () => {
    expect(unwrapStructuredLog('time="2024-01-01T00:00:00Z" level=error msg="  File \\"a.py\\", line 5, in f"')).toBe(
      '  File "a.py", line 5, in f',
    );
    expect(unwrapStructuredLog('time=2024-01-01T00:00:00Z level=ERROR msg=build err="src/a.go:3:4: undefined: x"')).toBe(
      'build: src/a.go:3:4: undefined: x',
    );
    expect(unwrapStructuredLog('level=error msg="a\\tb\\nc"')).toBe('a\tb c');
  });

  it('leaves lines that are not logfmt alone', () => {
    for (const line of ['time to build: 3s', 'level=3 of 5', 'src/a.go:3: time=x']) expect(unwrapStructuredLog(line)).toBe(line);
  });

  it("reads the logger's level as a severity: error and warning words, pino's numbers, nothing for info", () => {
    expect(readStructuredLog('time=x level=ERROR msg="a.tf line 3"')?.severity).toBe('error');
    expect(readStructuredLog('level=warn msg=x')?.severity).toBe('warning');
    expect(readStructuredLog('level=info msg=x')?.severity).toBeNull();
    expect(readStructuredLog('{"level":50,"time":1,"msg":"on a.tf line 3"}')).toEqual({ text: 'on a.tf line 3', severity: 'error' });
    expect(readStructuredLog('{"@level":"warn","@message":"x","err":"y"}')).toEqual({ text: 'x: y', severity: 'warning' });
  });

  it('reads a JSON log line only with a level and a string message', () => {
    // rdjsonl's severity is a diagnostic's, not a logger level; cargo's message is an object.
    for (const line of ['{"message":"x","severity":"ERROR"}', '{"level":"error","message":{"a":1}}', '{"level":"error"', '[1]']) {
      expect(readStructuredLog(line)).toBeUndefined();
    }
  });
});

describe("a structured log's level among equals", () => {
  // Two diagnostics a logger wrapped at one level are equals: only one message kept a severity word of its own,
  // and the order the tool printed them in must survive (the real run is fixtures/terraform/logfmt-order).
  it.each([
    ['logfmt', (message: string) => `time=t level=ERROR msg="${message}"`],
    ['JSON', (message: string) => JSON.stringify({ time: 't', level: 'error', msg: message })],
  ])('%s lines give every location the level', (_name, wrap) => {
    const scanner = createScanner({ normaliseLine });
    scanner.write(
      [
        wrap('Reference to undeclared input variable on main.tf line 4, in locals'),
        wrap('Error in function call on vars.tf line 9, in locals'),
      ].join('\n') + '\n',
    );
    expect(scanner.end().locations.map((location) => `${location.file}:${location.line} ${location.severity}`)).toEqual([
      'main.tf:4 error',
      'vars.tf:9 error',
    ]);
  });
});

describe('learned prefixes', () => {
  const around = (lines: string[]) => (delta: number) => lines[delta + 2];
  it('learns a head that repeats on the lines around, and nothing from a tool line shape', () => {
    expect(learnPrefix('api  | src/a.c:1:2: error: x', around(['api  | one', 'api  | two', '', 'api  | three', 'db  | x']))).toBe(
      'api  | ',
    );
    // make's own `make[1]: ` head is a plausible prefix: it is learned, and the scanner peels it only when the
    // line needs it (see the scanner test below).
    expect(learnPrefix('src/a.c:1:2: error: x', around(['src/a.c:1:2: note', 'src/a.c:1:2: note', '', 'src/a.c:3:2: x', '']))).toBe('');
    expect(learnPrefix('[ERROR] /a/B.java:[1,2] x', around(['[ERROR] one', '[ERROR] two', '', '[ERROR] three', '']))).toBe('');
    expect(learnPrefix('--- FAIL: TestA (0.00s)', around(['--- FAIL: TestB', '--- FAIL: TestC', '', '', '']))).toBe('');
    expect(learnPrefix('svc | a.c:1:2', around(['svc | one', '', '', '', '']))).toBe('');
  });

  it('peels a learned prefix from the line and the neighbours a multi-line format reads', () => {
    const log = [
      '<7> Traceback (most recent call last):',
      '<7>   File "/app/job.py", line 9, in <module>',
      '<7>     run()',
      '<7> ZeroDivisionError: division by zero',
    ].join('\n');
    const found = scan(log);
    expect(brief(found)).toEqual(['/app/job.py:9@2']);
    expect(found[0]?.format).toBe('python-traceback');
  });

  it('keeps a tool head that its own format reads (make[1]: …)', () => {
    const log = [
      "make[1]: Entering directory '/w/lib'",
      'make[1]: *** [Makefile:2: util.o] Error 1',
      "make[1]: Leaving directory '/w/lib'",
    ].join('\n');
    const found = scan(log);
    expect(brief(found)).toEqual(['Makefile:2@2']);
    expect(found[0]?.hints?.directory).toBe('/w/lib');
  });
});

describe('tool tags', () => {
  it('recognises ant task tags, bracketed levels and bare severity words', () => {
    expect(toolTagOf('    [javac] /a/B.java:3: error: x')).toBe('    [javac] ');
    expect(toolTagOf('[checkstyle] [ERROR] /a/B.java:3:1: x')).toBe('[checkstyle] [ERROR] ');
    expect(toolTagOf('error:src/a.ts:2:1 bad')).toBe('error:');
    expect(toolTagOf('src/a.ts:2:1 error: bad')).toBe('');
  });

  it('never leaves a tool tag inside a path, and keeps the formats that read the tag themselves', () => {
    const log = [
      '    [javac] src/B.java:3: error: cannot find symbol',
      '[checkstyle] [ERROR] src/C.java:5:3: Missing a Javadoc comment. [MissingJavadocMethod]',
      'error:src/a.ts:2:1 bad',
      '##[error]src/d.ts(3,4): error TS2322: Type is not assignable',
      '[ERROR] /w/core/src/main/java/A.java:[12,5] cannot find symbol',
    ].join('\n');
    const found = scan(log);
    expect(brief(found)).toEqual(['src/B.java:3@1', 'src/C.java:5@2', 'src/a.ts:2@3', 'src/d.ts:3@4', '/w/core/src/main/java/A.java:12@5']);
    expect(found.map((location) => location.format)).toEqual(['javac', 'generic', 'generic', 'tsc', 'maven']);
  });
});
