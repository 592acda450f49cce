// Rule 6: locations[0] is the primary; the rest follow in printed order, each report once (file, line, column and message).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FrameInfo, RawLocation } from '../../src/core/types.js';
import { resolveLocations } from '../../src/resolve/index.js';
import { makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

let root = '';
beforeEach(async () => {
  root = await makeWorkspace({ 'a.ts': '', 'b.ts': '', 'c.ts': '', 'd.ts': '', 'node_modules/lib/x.js': '' });
});
afterEach(removeWorkspaces);

const noIgnores = async (): Promise<Set<string>> => new Set();

async function order(raws: RawLocation[]): Promise<string[]> {
  const result = await resolveLocations(raws, { cwd: root, roots: [root], isIgnored: noIgnores });
  return result.locations.map((l) => `${l.file}:${l.line}`);
}

function frame(file: string, line: number, info: Partial<FrameInfo>, message = ''): RawLocation {
  return raw(file, { line, message, frame: { trace: 0, index: 0, innermostLast: false, causeRank: 0, ...info } });
}

describe('diagnostics', () => {
  it('puts the first error first even when warnings come before it', async () => {
    const raws = [
      raw('a.ts', { line: 1, severity: 'warning' }),
      raw('b.ts', { line: 2, severity: 'error' }),
      raw('c.ts', { line: 3, severity: 'error' }),
    ];
    expect(await order(raws)).toEqual(['b.ts:2', 'a.ts:1', 'c.ts:3']);
  });

  it('puts the first warning ahead of notes and severity-less lines', async () => {
    const raws = [raw('a.ts', { severity: null }), raw('b.ts', { severity: 'note' }), raw('c.ts', { severity: 'warning' })];
    expect((await order(raws))[0]).toBe('c.ts:1');
  });

  it('passes over a line 0 (the file as a whole) for a report of the same kind that names a line', async () => {
    expect(await order([raw('a.ts', { line: 0 }), raw('b.ts', { line: 2 })])).toEqual(['b.ts:2', 'a.ts:0']);
    const errors = [raw('a.ts', { line: 0, severity: 'error' }), raw('b.ts', { line: 7, severity: 'error' })];
    expect((await order(errors))[0]).toBe('b.ts:7');
    // A line 0 error still outranks a warning with a line: severity decides first.
    expect((await order([raw('c.ts', { line: 3, severity: 'warning' }), raw('a.ts', { line: 0, severity: 'error' })]))[0]).toBe('a.ts:0');
  });

  it('leaves out a whole-file report (line 0) when the log names a line of that file at its severity or above', async () => {
    const loaderBelowHeader = [raw('a.ts', { line: 0, severity: 'error' }), raw('a.ts', { line: 4, severity: 'error' })];
    expect(await order(loaderBelowHeader)).toEqual(['a.ts:4']);
    // A note in the file (an import chain's `imported here`) is no place for the error; another file is none either.
    expect(await order([raw('a.ts', { line: 0, severity: 'error' }), raw('a.ts', { line: 2, severity: 'note' })])).toEqual([
      'a.ts:0',
      'a.ts:2',
    ]);
    expect(await order([raw('a.ts', { line: 0, severity: 'warning' }), raw('b.ts', { line: 2, severity: 'error' })])).toEqual([
      'b.ts:2',
      'a.ts:0',
    ]);
    // A trace's frame in the file (the `require` call below a require stack's entry) places the error.
    const requireStack = [raw('a.ts', { line: 0, severity: 'error' }), frame('a.ts', 12, { index: 4 })];
    expect(await order(requireStack)).toEqual(['a.ts:12']);
  });

  it('falls back to the first printed location', async () => {
    expect(await order([raw('a.ts', { line: 4 }), raw('b.ts', { line: 5 })])).toEqual(['a.ts:4', 'b.ts:5']);
  });

  it('keeps printed order among equal errors, but an error the tool recovers from yields to one that stopped it', async () => {
    const validity = raw('a.ts', { line: 7, severity: 'error', message: 'validity error : xml:id : attribute value x is not an NCName' });
    const compile = raw('b.ts', { line: 14, severity: 'error', message: 'element if' });
    const later = raw('c.ts', { line: 20, severity: 'error', message: 'another error' });
    // The rest stay in printed order.
    expect(await order([validity, compile, later])).toEqual(['b.ts:14', 'a.ts:7', 'c.ts:20']);
    expect(await order([compile, later])).toEqual(['b.ts:14', 'c.ts:20']);
    // Only recovered errors (xmllint --valid's run): the first of them.
    const second = raw('c.ts', { line: 3, severity: 'error', message: 'Non-fatal error: duplicate key' });
    expect(await order([validity, second])).toEqual(['a.ts:7', 'c.ts:3']);
    // A recovered error still outranks a warning, and a fatal one that merely names recovery is no recovered one.
    expect((await order([raw('b.ts', { line: 2, severity: 'warning' }), validity]))[0]).toBe('a.ts:7');
    const fatal = raw('b.ts', { line: 5, severity: 'error', message: 'Recoverable fatal error: Object could not be converted' });
    expect(await order([validity, fatal])).toEqual(['b.ts:5', 'a.ts:7']);
  });

  it('prefers an error diagnostic over a stack trace', async () => {
    const raws = [frame('a.ts', 1, { index: 0 }), raw('b.ts', { line: 2, severity: 'error' })];
    expect((await order(raws))[0]).toBe('b.ts:2');
  });
});

describe('stack traces', () => {
  it("ranks a build driver's failed-child trace below the places the child printed before it", async () => {
    // cythonize's CompileError from setup.py reports the severity-less `x.pyx:L:C: msg` rows above it.
    const raws = [
      raw('a.ts', { line: 4, column: 2 }),
      raw('b.ts', { line: 9, column: 5 }),
      frame('c.ts', 6, { index: 0, innermostLast: true }),
      frame('d.ts', 2, { index: 1, innermostLast: true }, 'Cython.Compiler.Errors.CompileError: a.ts'),
    ];
    expect(await order(raws)).toEqual(['a.ts:4', 'b.ts:9', 'c.ts:6', 'd.ts:2']);
  });

  it('keeps a failed-child trace primary when nothing was printed before it, and any other crash always', async () => {
    const alone = [
      frame('c.ts', 6, { index: 0, innermostLast: true }),
      frame('d.ts', 2, { index: 1, innermostLast: true }, 'subprocess.CalledProcessError: returned non-zero exit status 1.'),
      raw('a.ts', { line: 4, column: 2 }),
    ];
    expect((await order(alone))[0]).toBe('d.ts:2');
    const crash = [raw('a.ts', { line: 4, column: 2 }), frame('d.ts', 2, { index: 0, innermostLast: true }, 'KeyError: x')];
    expect((await order(crash))[0]).toBe('d.ts:2');
  });

  it('picks the first printed user frame when the innermost frame is printed first (V8, JVM)', async () => {
    const raws = [frame('node_modules/lib/x.js', 10, { index: 0 }), frame('a.ts', 11, { index: 1 }), frame('b.ts', 12, { index: 2 })];
    expect(await order(raws)).toEqual(['a.ts:11', 'b.ts:12']);
  });

  it('picks the last printed user frame when the innermost frame is printed last (Python)', async () => {
    const raws = [
      frame('a.ts', 1, { index: 0, innermostLast: true }),
      frame('b.ts', 2, { index: 1, innermostLast: true }),
      frame('node_modules/lib/x.js', 3, { index: 2, innermostLast: true }),
    ];
    expect(await order(raws)).toEqual(['b.ts:2', 'a.ts:1']);
  });

  it('picks the root cause of a Java "Caused by:" chain, printed last', async () => {
    const raws = [
      frame('a.ts', 1, { trace: 0, index: 0, causeRank: 1 }),
      frame('b.ts', 2, { trace: 0, index: 1, causeRank: 1 }),
      frame('c.ts', 3, { trace: 1, index: 0, causeRank: 0 }),
      frame('d.ts', 4, { trace: 1, index: 1, causeRank: 0 }),
    ];
    expect(await order(raws)).toEqual(['c.ts:3', 'a.ts:1', 'b.ts:2', 'd.ts:4']);
  });

  it('picks the root cause of a Python chain, printed first', async () => {
    const raws = [
      frame('a.ts', 1, { trace: 0, index: 0, causeRank: 0, innermostLast: true }),
      frame('b.ts', 2, { trace: 0, index: 1, causeRank: 0, innermostLast: true }),
      frame('c.ts', 3, { trace: 1, index: 0, causeRank: 1, innermostLast: true }),
      frame('d.ts', 4, { trace: 1, index: 1, causeRank: 1, innermostLast: true }),
    ];
    expect((await order(raws))[0]).toBe('b.ts:2');
  });
});

describe('deduplication', () => {
  it('keeps the first mention of each file:line in printed order', async () => {
    const raws = [raw('a.ts', { line: 1 }), raw('b.ts', { line: 2 }), raw('a.ts', { line: 1 }), raw('a.ts', { line: 3 })];
    expect(await order(raws)).toEqual(['a.ts:1', 'b.ts:2', 'a.ts:3']);
  });

  it('keeps the primary entry at index 0 when it repeats an earlier mention', async () => {
    const raws = [
      raw('a.ts', { line: 7, severity: null, message: 'summary' }),
      raw('b.ts', { line: 1, severity: 'warning' }),
      raw('a.ts', { line: 7, severity: 'error', message: 'TS2322' }),
    ];
    const result = await resolveLocations(raws, { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations.map((l) => [l.file, l.line, l.message])).toEqual([
      ['a.ts', 7, 'TS2322'],
      ['b.ts', 1, ''],
    ]);
  });

  it('carries the fields of the raw location, without hints', async () => {
    const located = raw('a.ts', { line: 3, column: 5, severity: 'error', code: 'TS1', message: 'm', hints: { directory: root } });
    const [first] = (await resolveLocations([located], { cwd: root, roots: [root], isIgnored: noIgnores })).locations;
    expect(first).toEqual({
      file: 'a.ts',
      root,
      absolutePath: `${root}/a.ts`,
      line: 3,
      column: 5,
      endLine: null,
      endColumn: null,
      severity: 'error',
      message: 'm',
      code: 'TS1',
      format: 'test',
      columnUnit: 'unknown',
      logLine: located.logLine,
    });
  });
});

describe('rules for real-world logs', () => {
  it("never lists make's recipe line: beside an error, frame or bare place, or alone, it is dropped as `build`", async () => {
    const recipe = (line: number) =>
      raw('a.ts', { line, severity: 'error', format: 'make', message: "recipe for target 'test' failed (Error 2)" });
    expect(await order([recipe(18), raw('b.ts', { line: 2, severity: 'error' })])).toEqual(['b.ts:2']);
    expect(await order([recipe(18), frame('c.ts', 3, {})])).toEqual(['c.ts:3']);
    expect(await order([raw('d.ts', { line: 4 }), recipe(18)])).toEqual(['d.ts:4']);
    // Alone (the log cut above the command's own output) it still names where the command is written, not what failed.
    const alone = await resolveLocations([recipe(18)], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(alone.locations).toEqual([]);
    expect(alone.dropped).toEqual([{ file: 'a.ts', line: 18, reason: 'build' }]);
    const result = await resolveLocations([recipe(18), raw('b.ts', { line: 2, severity: 'error' })], {
      cwd: root,
      roots: [root],
      isIgnored: noIgnores,
    });
    expect(result.dropped).toEqual([{ file: 'a.ts', line: 18, reason: 'build' }]);
  });

  it("drops MSBuild's relay of a command that exited (MSB3073, MSB3075, MSB6006) as make's recipe line", async () => {
    const exited = (code: string) =>
      raw('a.ts', { line: 80, severity: 'error', format: 'msbuild', code, message: 'The command "x" exited' });
    for (const code of ['MSB3073', 'MSB3075', 'MSB6006']) {
      const alone = await resolveLocations([exited(code)], { cwd: root, roots: [root], isIgnored: noIgnores });
      expect(alone.locations).toEqual([]);
      expect(alone.dropped).toEqual([{ file: 'a.ts', line: 80, reason: 'build' }]);
    }
    // Another MSBuild error at a project's line (an invalid project file) is that file's own.
    expect(await order([raw('a.ts', { line: 3, severity: 'error', format: 'msbuild', code: 'MSB4025' })])).toEqual(['a.ts:3']);
  });

  it("drops make's recipe note alone, whatever its words (a missing program's status, an ignored error)", async () => {
    for (const message of ["recipe for target 'all' failed (Error 127)", "recipe for target 'all' failed (ignored)"]) {
      const note = raw('a.ts', { line: 2, severity: 'note', format: 'make', message });
      const alone = await resolveLocations([note], { cwd: root, roots: [root], isIgnored: noIgnores });
      expect(alone.locations).toEqual([]);
      expect(alone.dropped).toEqual([{ file: 'a.ts', line: 2, reason: 'build' }]);
    }
  });

  it("drops a localized make's recipe line (a note in make's words) and one beside a place not found here", async () => {
    // `Makefile:20: die Regel für Ziel „gen-cpp“ scheiterte`: make's grammar gives its recipe reports, and only them, a note.
    const localized = raw('a.ts', { line: 20, severity: 'note', format: 'make', message: 'die Regel für Ziel „gen-cpp“ scheiterte' });
    expect(await order([raw('b.ts', { line: 13, severity: 'error', format: 'thrift' }), localized])).toEqual(['b.ts:13']);
    const beside = await resolveLocations([raw('/elsewhere/main.c', { line: 27, severity: 'error' }), localized], {
      cwd: root,
      roots: [root],
      isIgnored: noIgnores,
    });
    expect(beside.locations).toEqual([]);
    expect(beside.unresolved.map((entry) => entry.file)).toEqual(['/elsewhere/main.c']);
    expect(beside.dropped).toEqual([{ file: 'a.ts', line: 20, reason: 'build' }]);
    // A real makefile error stays a place of its own, beside the recipe line it causes.
    const syntax = raw('a.ts', { line: 12, severity: 'error', format: 'make', message: 'missing separator.  Stop.' });
    expect(await order([syntax, localized])).toEqual(['a.ts:12']);
  });

  it("lets the root cause win over an error that only restates the outer exception's frame (surefire)", async () => {
    const raws = [
      frame('a.ts', 1, { trace: 0, index: 0, causeRank: 1 }),
      frame('b.ts', 2, { trace: 1, index: 0, causeRank: 0 }),
      raw('a.ts', { line: 1, severity: 'error', message: 'a.testPlace:1 » IllegalState' }),
    ];
    expect((await order(raws))[0]).toBe('b.ts:2');
  });

  it("keeps an error diagnostic primary when it names the root cause's own place, or no frame at all", async () => {
    const restating = [frame('a.ts', 1, { index: 0 }), raw('a.ts', { line: 1, severity: 'error', message: 'the diagnostic' })];
    const result = await resolveLocations(restating, { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations[0]).toMatchObject({ file: 'a.ts', line: 1, severity: 'error', message: 'the diagnostic' });
    expect((await order([frame('a.ts', 1, { index: 0 }), raw('b.ts', { line: 2, severity: 'error' })]))[0]).toBe('b.ts:2');
  });

  it('prefers the copy of a place that kept its column over one copied degraded from a web log', async () => {
    const degraded = raw('a.ts', {
      line: 4,
      column: null,
      severity: 'error',
      message: '[7](https://ci.example/job/2#step:5:7)2: error: clean',
    });
    const clean = raw('a.ts', { line: 4, column: 72, severity: 'error', message: 'clean' });
    const result = await resolveLocations([degraded, clean], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations).toHaveLength(1);
    expect(result.locations[0]).toMatchObject({ line: 4, column: 72, message: 'clean' });
  });
});

describe('reports on one line (issue 20)', () => {
  it('keeps every distinct diagnostic of a line with thousands (a minified file) and folds exact repeats', async () => {
    const distinct = Array.from({ length: 3000 }, (_, index) =>
      raw('a.ts', { line: 1, column: index + 1, severity: 'error', message: `problem ${index}` }),
    );
    const repeats = Array.from({ length: 3000 }, () => raw('b.ts', { line: 1, column: 5, severity: 'error', message: 'same' }));
    const result = await resolveLocations([...distinct, ...repeats], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations.filter((location) => location.file === 'a.ts')).toHaveLength(3000);
    expect(result.locations.filter((location) => location.file === 'b.ts')).toHaveLength(1);
  });
});
