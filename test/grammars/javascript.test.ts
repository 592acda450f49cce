// Hard cases of the JavaScript family: V8 frames with file:// URLs and pseudo-paths (§3.6), parentheses and
// spaces in paths (§3.2, §3.3), bundler URLs (§3.12), ANSI inside vitest locations (§3.7), Node's caret
// header, jest/vitest failure blocks, trace grouping and `[cause]` chains.
import { describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/index.js';
import { scanLog, withoutWeakTiers } from '../_scan.js';

const scan = (lines: string[], formats?: string[]) => withoutWeakTiers(scanLog(lines, formats));

const brief = (locations: RawLocation[]) => locations.map((l) => `${l.format} ${l.file}:${l.line}:${l.column}`);
const E = '\u001b';

describe('node-stack', () => {
  it("joins a frame whose `(path:L:C)` a fixed-width copy wrapped onto the next line; another runtime's bare place is not V8's", () => {
    const wrapped = scan(['AssertionError: expected 2 to deeply equal 0', '   at Page.<anonymous>', '      (/app/tests/page.ts:66:84)']);
    expect(wrapped.filter((l) => l.format === 'node-stack').map((l) => [l.file, l.line, l.column, l.frame?.index])).toEqual([
      ['/app/tests/page.ts', 66, 84, 0],
    ]);
    // ExUnit 0.x's `at example.exs:11` has no column: it is generic's place, not a V8 frame without a place.
    expect(brief(scan(['     at example.exs:11']))).toEqual(['generic example.exs:11:null']);
  });

  it('refuses a frame whose file no JavaScript runtime loads, and keeps every kind that one does', () => {
    // nix's `at /w/x.nix:7:10:` (trailing colon, so the V8 parser stops short) and a parenthesised one reach nix.
    const nix = scan(["error: undefined variable 'lib'", '', '       at /w/pkgs/tool.nix:7:10:', '', '            7|   x = lib;']);
    expect(brief(nix)).toEqual(['nix /w/pkgs/tool.nix:7:10']);
    expect(brief(scan(['Error: x', '    at f (/w/native/loop.c:3:4)'], ['node-stack']))).toEqual([]);
    expect(brief(scan(['Error: x', '    at /w/native/clone.S:81'], ['node-stack']))).toEqual([]);
    const kept = scan(
      [
        'Error: x',
        '    at a (/w/src/view.vue:2:3)',
        '    at b (/w/src/page.tsx:4:5)',
        '    at c (file:///w/src/main.mts:6:7)',
        '    at d (/w/src/legacy.coffee:8:9)',
        '    at e (http://localhost:5173/src/app.svelte?t=17:12:13)',
        '    at f (node:internal/process/task_queues:95:5)',
      ],
      ['node-stack'],
    );
    expect(kept.map((l) => `${l.file.replace(/^.*\//, '')}:${l.line}`)).toEqual([
      'view.vue:2',
      'page.tsx:4',
      'main.mts:6',
      'legacy.coffee:8',
      'app.svelte:12',
      'task_queues:95',
    ]);
  });

  it('reads a frame of a script without an extension (`bin/www`), for the workspace to confirm', () => {
    const locations = scan(
      [
        'TypeError: x is not a function',
        '    at start (/srv/app/bin/www:12:7)',
        '    at /srv/app/lib/a.js:3:1',
        '    at C:\\app\\bin\\cli:4:2',
      ],
      ['node-stack'],
    );
    expect(locations.map((l) => [l.file, l.line, l.column, l.frame?.index, l.hints?.confirm ?? false])).toEqual([
      ['/srv/app/bin/www', 12, 7, 0, true],
      ['/srv/app/lib/a.js', 3, 1, 1, false],
      ['C:\\app\\bin\\cli', 4, 2, 2, true],
    ]);
    // A bare name without a folder is no script's place (`at main (index:3:1)` is a bundle's module id).
    expect(scan(['Error: x', '    at main (index:3:1)'], ['node-stack'])).toEqual([]);
  });

  it('parses every V8 frame shape, numbering frames in printed order (innermost first)', () => {
    const locations = scan([
      'TypeError: boom',
      '    at boom (/srv/app/src/lib.js:2:22)',
      '    at /srv/app/src/index.js:3:43',
      '    at Array.forEach (<anonymous>)',
      '    at async main (/srv/app/src/main.js:5:5)',
      '    at new Queue (/srv/app/src/queue.js:7:9)',
      '    at Object.<anonymous> (/srv/app/src/index.js:1:1)',
      '    at Function.executeUserEntryPoint [as runMain] (node:internal/modules/run_main:164:12)',
      '    at async Promise.all (index 0)',
    ]);
    expect(brief(locations)).toEqual([
      'node-stack /srv/app/src/lib.js:2:22',
      'node-stack /srv/app/src/index.js:3:43',
      'node-stack /srv/app/src/main.js:5:5',
      'node-stack /srv/app/src/queue.js:7:9',
      'node-stack /srv/app/src/index.js:1:1',
      'node-stack node:internal/modules/run_main:164:12',
    ]);
    expect(locations.map((l) => l.frame?.index)).toEqual([0, 1, 3, 4, 5, 6]);
    expect(new Set(locations.map((l) => l.frame?.trace)).size).toBe(1);
    expect(locations.every((l) => l.frame?.innermostLast === false && l.severity === null && l.message === 'TypeError: boom')).toBe(true);
    expect(locations.at(-1)?.hints?.runtime).toBe(true);
  });

  it('decodes file:// URLs with percent-encoded spaces and keeps pseudo-paths as runtime (§3.6)', () => {
    const locations = scan([
      'RangeError: not a number',
      '    at parseAmount (file:///tmp/my%20project%20(copy)/src/lib.mjs:3:30)',
      '    at file:///app/src/main.mjs:3:22',
      '    at [eval]:1:19',
      '    at async ModuleLoader.import (node:internal/modules/esm/loader:606:24)',
    ]);
    expect(brief(locations)).toEqual([
      'node-stack /tmp/my project (copy)/src/lib.mjs:3:30',
      'node-stack /app/src/main.mjs:3:22',
      'node-stack [eval]:1:19',
      'node-stack node:internal/modules/esm/loader:606:24',
    ]);
    expect(locations.map((l) => l.hints?.runtime === true)).toEqual([false, false, true, true]);
  });

  it('takes the LAST :L:C) when the path holds spaces and parentheses (§3.2, §3.3)', () => {
    const locations = scan([
      'Error: x',
      '    at Queue.push (/tmp/my project (copy)/src/lib.js:3:25)',
      '    at /tmp/my project (copy)/src/index.js:4:3',
    ]);
    expect(brief(locations)).toEqual([
      'node-stack /tmp/my project (copy)/src/lib.js:3:25',
      'node-stack /tmp/my project (copy)/src/index.js:4:3',
    ]);
  });

  it('strips bundler and dev-server URLs, including a ?t= query (§3.12)', () => {
    const locations = scan([
      'Error: render failed',
      '    at App (webpack-internal:///./src/App.jsx:58:11)',
      '    at render (webpack://my-app/./src/render.ts:12:3)',
      '    at load (http://localhost:5173/src/x.ts?t=123:3:4)',
    ]);
    expect(brief(locations)).toEqual(['node-stack ./src/App.jsx:58:11', 'node-stack ./src/render.ts:12:3', 'node-stack src/x.ts:3:4']);
  });

  it("reads a source-mapped frame's original side, never the bundle's (`at fn (original <- bundle)`, karma)", () => {
    const locations = scan([
      'AssertionError: expected 2 to equal 3',
      '    at Context.<anonymous> (webpack:///spec/cart.spec.js:41:34 <- tests.bundle.js:18941:47)',
      // karma 0.13 wrote the bundle first; the side naming the bundler URL is the original.
      '    at Object.total (tests.bundle.js:18950:12 <- webpack:///src/cart.js:9:3)',
      '    at fn (tests.bundle.js:1:2 <- also.bundle.js:3:4)',
    ]);
    expect(brief(locations)).toEqual([
      'node-stack spec/cart.spec.js:41:34',
      'node-stack src/cart.js:9:3',
      'node-stack tests.bundle.js:1:2',
    ]);
  });

  it("puts the places an error's message names before its frames, innermost template first", () => {
    // A template engine's error: the message is the outer template's place, then the included one's on its own line.
    const locations = scan(
      [
        'ReferenceError: /srv/site/views/page.ejs:5',
        ' >> 5|   <%- include("nav") %>',
        '',
        '/srv/site/views/nav.ejs:3',
        ' >> 3|   <% if (user.admin) { %>',
        '',
        'user is not defined',
        '    at eval ("/srv/site/views/nav.ejs":12:8)',
        '    at nav (/srv/site/node_modules/ejs/lib/ejs.js:703:17)',
        '    at render (/srv/site/src/app.js:9:5)',
      ],
      ['node-stack'],
    );
    expect(brief(locations)).toEqual([
      'node-stack /srv/site/views/nav.ejs:3:null',
      'node-stack /srv/site/views/page.ejs:5:null',
      'node-stack /srv/site/node_modules/ejs/lib/ejs.js:703:17',
      'node-stack /srv/site/src/app.js:9:5',
    ]);
    expect(locations.map((l) => l.frame?.index)).toEqual([0, 1, 3, 4]);
    expect(new Set(locations.map((l) => l.frame?.trace)).size).toBe(1);
  });

  it("reads a template engine's chain cut before its frames as one trace, innermost (last printed) first", () => {
    const chain = [
      'ReferenceError: /srv/site/views/page.ejs:5',
      ' >> 5|   <%- include("nav") %>',
      '',
      '/srv/site/views/nav.ejs:3',
      '    2|   <nav>',
      ' >> 3|   <% if (user.admin) { %>',
      '',
      'user is not defined',
    ];
    const locations = scan(chain, ['node-stack']);
    expect(brief(locations)).toEqual(['node-stack /srv/site/views/nav.ejs:3:null', 'node-stack /srv/site/views/page.ejs:5:null']);
    expect(locations.map((l) => l.frame?.index)).toEqual([0, 1]);
    expect(locations.map((l) => l.message)).toEqual(['user is not defined', 'user is not defined']);
    // Every format: the chain's place lines are node-stack's, so no other format reads them in log order.
    expect(brief(scan(chain)).map((entry) => entry.split(' ')[0])).toEqual(['node-stack', 'node-stack']);
    // A place line with no excerpt under it is no template's.
    expect(scan(['ReferenceError: /srv/site/views/page.ejs:5', 'user is not defined'], ['node-stack'])).toEqual([]);
  });

  it('reads no place from a message that only mentions one', () => {
    const locations = scan(
      ['Error: cannot read /srv/site/views/page.ejs:5 twice', '    at render (/srv/site/src/app.js:9:5)'],
      ['node-stack'],
    );
    expect(brief(locations)).toEqual(['node-stack /srv/site/src/app.js:9:5']);
  });

  it('starts a new trace per contiguous block of frames and takes each message from its own header', () => {
    const locations = scan([
      'startup failed: Error: ECONNREFUSED postgres://localhost:5432/app',
      '    at connect (/app/src/db.js:3:9)',
      '',
      'TypeError: second',
      '    at other (/app/src/other.js:1:1)',
    ]);
    expect(locations.map((l) => l.message)).toEqual([
      'startup failed: Error: ECONNREFUSED postgres://localhost:5432/app',
      'TypeError: second',
    ]);
    expect(locations[0]?.frame?.trace).not.toBe(locations[1]?.frame?.trace);
    expect(locations.map((l) => l.frame?.index)).toEqual([0, 0]);
  });

  it('ranks a `[cause]` trace as the root cause (0) and its wrapper as 1', () => {
    const locations = scan([
      'Error: outer',
      '    at wrap (/app/src/a.js:1:7)',
      '    ... 6 lines matching cause stack trace ...',
      '    at node:internal/main/run_main_module:28:49 {',
      '  [cause]: Error: inner',
      '      at root (/app/src/b.js:2:9)',
      '}',
    ]);
    expect(locations.map((l) => [l.file, l.frame?.causeRank])).toEqual([
      ['/app/src/a.js', 1],
      ['node:internal/main/run_main_module', 1],
      ['/app/src/b.js', 0],
    ]);
  });

  it('leaves Java frames (no space before the parenthesis) to other formats', () => {
    const locations = scan(['\tat com.acme.App.run(App.java:12)'], ['node-stack']);
    expect(locations).toEqual([]);
  });
});

describe('node-uncaught', () => {
  it('reads the header, the caret column and the error line below it', () => {
    const locations = scan([
      '/tmp/my project (copy)/src/lib.js:2',
      '  return input.items.map((x) => x * 2);',
      '                     ^',
      '',
      "TypeError: Cannot read properties of undefined (reading 'map')",
      '    at boom (/tmp/my project (copy)/src/lib.js:2:22)',
    ]);
    expect(brief(locations)).toEqual([
      'node-uncaught /tmp/my project (copy)/src/lib.js:2:22',
      'node-stack /tmp/my project (copy)/src/lib.js:2:22',
    ]);
    expect(locations[0]?.severity).toBe('error');
    expect(locations[0]?.message).toBe("TypeError: Cannot read properties of undefined (reading 'map')");
    expect(locations[0]?.frame).toBeUndefined();
  });

  it('is not fooled by a bare path:line without a caret line', () => {
    const locations = scan(['src/lib.js:2', 'some text', 'more'], ['node-uncaught']);
    expect(locations).toEqual([]);
  });
});

describe('jest', () => {
  it('gives a failure block frames the test name and first message line', () => {
    const locations = scan([
      'FAIL test/add.test.js',
      '  ● math › adds',
      '',
      '    expect(received).toBe(expected) // Object.is equality',
      '',
      `    ${E}[31m${E}[1m>${E}[22m${E}[39m${E}[90m 4 |${E}[39m   expect(add(1, 2)).toBe(4);`,
      '',
      `${E}[2m      ${E}[2mat Object.toBe (${E}[22m${E}[2m${E}[0m${E}[36mtest/add.test.js${E}[39m${E}[0m${E}[2m:4:21)${E}[22m`,
    ]);
    expect(brief(locations)).toEqual(['jest test/add.test.js:4:21']);
    expect(locations[0]?.message).toBe('math › adds — expect(received).toBe(expected) // Object.is equality');
    expect(locations[0]?.frame).toMatchObject({ index: 0, innermostLast: false, causeRank: 0 });
  });

  it('claims console.* call-site frames without reporting them', () => {
    const locations = scan(['  console.log', '    hello', '', '      at Object.log (test/x.test.js:3:11)']);
    expect(locations).toEqual([]);
  });

  it('leaves frames after the run summary to node-stack', () => {
    const locations = scan(['Tests:       1 failed, 1 total', 'Error: later', '    at x (/app/src/x.js:1:2)']);
    expect(brief(locations)).toEqual(['node-stack /app/src/x.js:1:2']);
  });
});

describe('vitest', () => {
  it('reads ❯ frames with and without a function name, ANSI between file: and L:C (§3.7)', () => {
    const locations = scan([
      `${E}[41m${E}[1m FAIL ${E}[22m${E}[49m test/add.test.ts${E}[2m > ${E}[22mparse${E}[2m > ${E}[22mrejects`,
      `${E}[31m${E}[1mError${E}[22m: config.name is required${E}[39m`,
      `${E}[36m ${E}[2m❯${E}[22m parseConfig src/parse.ts:${E}[2m4:11${E}[22m${E}[39m`,
      '      4|     throw new Error("x");',
      `${E}[90m ${E}[2m❯${E}[22m test/add.test.ts:${E}[2m11:12${E}[22m${E}[39m`,
      '',
      '⎯⎯⎯⎯⎯⎯⎯⎯⎯[1/1]⎯',
      ' ❯ test/add.test.ts (3 tests | 2 failed) 22ms',
    ]);
    expect(brief(locations)).toEqual(['vitest src/parse.ts:4:11', 'vitest test/add.test.ts:11:12']);
    expect(locations.map((l) => l.frame?.index)).toEqual([0, 1]);
    expect(locations[0]?.message).toBe('parse > rejects — Error: config.name is required');
  });

  it('keeps an absolute path with spaces whole', () => {
    const locations = scan([' FAIL  a.test.ts > x', 'Error: y', ' ❯ /tmp/my project/src/a.ts:3:4']);
    expect(brief(locations)).toEqual(['vitest /tmp/my project/src/a.ts:3:4']);
  });
});
