// Hard cases of the web tool-chain family: file:// URLs with %20 (§3.6), bundler paths (webpack://, webpack-internal://,
// /@fs/, ?t=123; §3.12), ANSI inside locations (§3.7), a monorepo task prefix before esbuild's multi-line output (§3.13),
// 0-based columns (esbuild, webpack, rollup; §3.16), multi-line formats (§3.10) and look-alikes (§3.18).
import { describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/index.js';
import { scanLog as scan } from '../_scan.js';

const brief = (locations: RawLocation[]) => locations.map((l) => `${l.format} ${l.file}:${l.line}:${l.column}`);
const E = '\u001b';

describe('esbuild', () => {
  it('reads the location from its own line below the header and converts the 0-based byte column', () => {
    const [location, ...rest] = scan([
      '✘ [ERROR] Could not resolve "left-pad"',
      '',
      '    src/index.ts:3:16:',
      '      3 │ import pad from "left-pad";',
      '        ╵                 ~~~~~~~~~~',
      '',
    ]);
    expect(rest).toEqual([]);
    expect(location).toMatchObject({
      format: 'esbuild',
      file: 'src/index.ts',
      line: 3,
      column: 17,
      severity: 'error',
      message: 'Could not resolve "left-pad"',
      columnUnit: 'byte',
    });
  });

  it('keeps the header behind a turbo task prefix, including the prefixed blank line (§3.13)', () => {
    const locations = scan([
      '@acme/web:build: ▲ [WARNING] Duplicate key "a" in object literal [duplicate-object-key]',
      '@acme/web:build: ',
      '@acme/web:build:     src/a.ts:1:14:',
    ]);
    expect(locations).toHaveLength(1);
    expect(locations[0]).toMatchObject({ file: 'src/a.ts', line: 1, column: 15, severity: 'warning', code: 'duplicate-object-key' });
  });

  it('reports a note location with the note text', () => {
    const locations = scan([
      '✘ [ERROR] No matching export in "src/b.ts" for import "x"',
      '',
      '    src/a.ts:1:9:',
      '      1 │ import { x } from "./b"',
      '',
      '  The symbol "y" was declared here:',
      '',
      '    src/b.ts:2:13:',
    ]);
    expect(locations.map((l) => `${l.file}:${l.line}:${l.column} ${l.severity}`)).toEqual(['src/a.ts:1:10 error', 'src/b.ts:2:14 note']);
  });

  it('ignores a location line with no esbuild header above it', () => {
    expect(scan(['some text', '', '    src/index.ts:3:16:'], ['esbuild'])).toEqual([]);
  });
});

describe('webpack', () => {
  it("places webpack 4's header without a position at its chain's first entry when that names the module itself", () => {
    const located = scan([
      'ERROR in ./src/cart.js',
      "Module not found: Error: Can't resolve './prices' in '/srv/shop/src'",
      ' @ ./src/cart.js 4:0-30 9:2-8',
      ' @ ./src/main.js',
    ]);
    // The chain entry is the header's position, not a second `imported here` note.
    expect(located).toHaveLength(1);
    expect(located[0]).toMatchObject({ format: 'webpack', file: './src/cart.js', line: 4, column: 1, endLine: 4, endColumn: 30 });
    expect(located[0]?.message).toBe("Module not found: Error: Can't resolve './prices' in '/srv/shop/src'");
  });

  it("reads webpack 1's `Module parse failed: /abs/F Line N: msg` (esprima: the line in words, no column)", () => {
    const located = scan(
      ['ERROR in ./lib/menu.jsx', 'Module parse failed: /home/u/site/lib/menu.jsx Line 7: Unexpected token <'],
      ['webpack'],
    );
    expect(brief(located)).toEqual(['webpack ./lib/menu.jsx:7:null']);
    expect(located[0]?.message).toBe('Unexpected token <');
    // The same words elsewhere (a path after `Line`, no webpack header) are no place of this format.
    expect(scan(['Module parse failed: /home/u/site/lib/menu.jsx Line 7: Unexpected token <'], ['webpack'])).toEqual([]);
  });

  it('reports the module as a whole (line 0) when nothing below its header places it', () => {
    const located = scan([
      'ERROR in ./src/data.json',
      'Module parse failed: Unexpected token } in JSON at position 20',
      ' @ ./src/main.js 3:0-30',
      '',
      'ERROR in ./src/theme.css (./node_modules/css-loader!./src/theme.css)',
      'Module build failed (from ./node_modules/css-loader/index.js):',
      'Error: the theme cannot be read',
    ]);
    expect(brief(located)).toEqual(['webpack ./src/data.json:0:null', 'webpack-chain ./src/main.js:3:1', 'webpack ./src/theme.css:0:null']);
    expect(located[2]?.message).toBe('Module build failed (from ./node_modules/css-loader/index.js): Error: the theme cannot be read');
    // A dependency not resolved, with no chain below: its import, found by resolve, else the module as a whole.
    const [unchained] = scan(['ERROR in ./src/cart.js', "Module not found: Error: Can't resolve './prices' in '/srv/shop/src'"]);
    expect(unchained).toMatchObject({ line: 0, hints: { importedName: './prices', wholeFileOtherwise: true } });
    // A chunk (`ERROR in main`) and a module alone without webpack's header (Next.js) are no place.
    expect(scan(['ERROR in main', 'Module not found: x'])).toEqual([]);
    expect(scan(['./src/data.json', 'Module parse failed: Unexpected token } in JSON at position 20'])).toEqual([]);
  });

  it('reads a module alone on its line that opens an entry of a `Failed to compile.` block (Next.js, create-react-app)', () => {
    const located = scan(
      [
        'Failed to compile.',
        '',
        './components/menu/index.js',
        "Module not found: Can't resolve 'menu-styles'",
        '',
        'Import trace for requested module:',
        './pages/home.js',
        '',
        './components/card.js',
        'Error: ',
        '  x Expression expected',
        '',
        'Compiled with warnings.',
        '',
        './src/legacy.js',
        "Module Warning (from ./node_modules/eslint-loader/index.js): 'x' is never used",
      ],
      ['webpack'],
    );
    expect(located.map((l) => [l.file, l.line, l.severity])).toEqual([
      ['./components/menu/index.js', 0, 'error'],
      ['./components/card.js', 0, 'error'],
      ['./src/legacy.js', 0, 'warning'],
    ]);
    // Not resolved: its import (resolve reads the file), else the module as a whole.
    expect(located[0]?.hints).toEqual({ importedName: 'menu-styles', wholeFileOtherwise: true });
    // An import trace's entry is no entry of the block; a module alone with no heading above it is no place.
    expect(scan(['Import trace for requested module:', './pages/home.js', 'Error: boom'], ['webpack'])).toEqual([]);
    expect(scan(['', './deploy.sh', 'Error: the token is not set'], ['webpack'])).toEqual([]);
  });

  it('parses `module L:C-EC` with 0-based, exclusive-end columns and takes the message from the next line', () => {
    const [location] = scan(['ERROR in ./src/index.js 2:0-39', "Module not found: Error: Can't resolve './missing' in '/app/src'"]);
    expect(location).toMatchObject({
      format: 'webpack',
      file: './src/index.js',
      line: 2,
      column: 1,
      endLine: 2,
      endColumn: 39,
      severity: 'error',
    });
    expect(location?.message).toMatch(/^Module not found/);
  });

  it("reads create-react-app's header-less `./module L:C` line only above webpack's message", () => {
    const locations = scan([
      'Failed to compile.',
      '',
      './src/pages/Home.jsx 48:12',
      'Module parse failed: Unexpected token (48:12)',
      '',
      'Compiled with warnings.',
      '',
      './src/util.js 3:0-20',
      "Attempted import error: 'x' is not exported from './a'.",
      '',
      './src/notes.md 2:1',
      'some text that webpack never wrote',
    ]);
    const webpack = locations.filter((l) => l.format === 'webpack');
    expect(webpack.map((l) => [l.file, l.line, l.column, l.endColumn, l.severity])).toEqual([
      ['./src/pages/Home.jsx', 48, 13, null, 'error'],
      ['./src/util.js', 3, 1, 20, 'warning'],
    ]);
    // The last `F L:C` is left to the permissive tier, which keeps it only where the workspace has the file.
    expect(locations.filter((l) => l.format !== 'webpack').map((l) => [l.format, l.file, l.line])).toEqual([
      ['permissive', './src/notes.md', 2],
    ]);
  });

  it('parses a multi-line range, a loader chain and ANSI colour around the heading (§3.7)', () => {
    const locations = scan([
      `${E}[1m${E}[31mERROR${E}[39m${E}[22m in ${E}[1m./src/a.css (./node_modules/css-loader/dist/cjs.js!./src/a.css) 3:4-5:6${E}[39m${E}[22m`,
      'Module build failed',
      'WARNING in ./src/b.js 7:2',
      'export x was not found',
    ]);
    expect(locations.map((l) => `${l.file}:${l.line}:${l.column}-${l.endLine}:${l.endColumn} ${l.severity}`)).toEqual([
      './src/a.css:3:5-5:6 error',
      './src/b.js:7:3-null:null warning',
    ]);
  });

  it('takes `ERROR in` without a position as the module as a whole, and not the ` @ ./src/index.js 1:0-34` import trace', () => {
    const located = scan(
      ['ERROR in ./src/x.js', 'Module build failed (from ./node_modules/babel-loader/lib/index.js):', ' @ ./src/index.js 1:0-34 3:0-6'],
      ['webpack'],
    );
    expect(brief(located)).toEqual(['webpack ./src/x.js:0:null']);
  });

  it('cleans webpack:// and webpack-internal:/// frame paths (§3.12)', () => {
    const locations = scan([
      'TypeError: x is undefined',
      '    at App (webpack://my-app/./src/App.jsx:12:3)',
      '    at render (webpack-internal:///./src/x.jsx:4:9)',
      '    at boot (webpack-internal:///(app-pages-browser)/./src/boot.js:1:2)',
    ]);
    expect(brief(locations).map((line) => line.replace(/^\S+ /, ''))).toEqual([
      './src/App.jsx:12:3',
      './src/x.jsx:4:9',
      './src/boot.js:1:2',
    ]);
  });
});

describe('vite and rollup', () => {
  it('vite: the framed header `╭─[ path:L:C ]` with the plugin heading above it', () => {
    const [location] = scan(['[builtin:vite-transform] Unexpected token', '   ╭─[ src/greet.ts:2:24 ]', '   │']);
    expect(location).toMatchObject({
      format: 'vite',
      file: 'src/greet.ts',
      line: 2,
      column: 24,
      code: 'builtin:vite-transform',
      message: 'Unexpected token',
    });
  });

  it('vite: an unresolved import names a file but no line: no line from the log, the name left for resolve', () => {
    const [location, ...rest] = scan(['Error: [vite]: Rollup failed to resolve import "x" from "/app/src/main.ts".']);
    expect(rest).toEqual([]);
    expect([location?.file, location?.line, location?.hints?.importedName]).toEqual(['/app/src/main.ts', 0, 'x']);
  });

  // A local server's URL path is relative to the folder it serves (engine/paths.ts); `/@fs/` marks an absolute one.
  it('cleans /@fs/ and ?t= query strings from dev-server frames (§3.12)', () => {
    const locations = scan([
      'Error: boom',
      '    at main (http://localhost:5173/src/main.ts?t=1700000000:3:9)',
      '    at load (http://localhost:5173/@fs/home/u/app/src/lib.ts?v=abc123:1:2)',
    ]);
    expect(locations.map((l) => `${l.file}:${l.line}:${l.column}`)).toEqual(['src/main.ts:3:9', '/home/u/app/src/lib.ts:1:2']);
  });

  it('vite dev server: `File:` with no position takes the caret row of the frame, the import left for resolve', () => {
    const [location, ...rest] = scan([
      '9:41:07 AM [vite] Internal server error: Failed to resolve import "./ledger" from "src/cart.ts". Does the file exist?',
      '  Plugin: vite:import-analysis',
      '  File: /home/ana/shop/src/cart.ts',
      '  4  |  export const total = 0;',
      '  5  |  import { sum } from "./ledger";',
      '     |                       ^',
      '  6  |  ',
      '      at formatError (file:///home/ana/shop/node_modules/vite/dist/node/chunks/dep-1.js:40782:46)',
    ]);
    expect(location).toMatchObject({ format: 'vite-dev', file: '/home/ana/shop/src/cart.ts', line: 5, column: 22 });
    expect(location?.code).toBe('vite:import-analysis');
    expect(location?.hints).toEqual({ importedName: './ledger', wholeFileOtherwise: true });
    expect(rest.map((l) => l.format)).toEqual(['node-stack']);
  });

  it('vite dev server: `File: path:L:C` is the place; a `File:` line under no vite heading is not read', () => {
    const locations = scan([
      '[vite] Internal server error: Transform failed with 1 error:',
      '  Plugin: vite:esbuild',
      '  File: /srv/app/src/pages/Home.tsx:12:7',
      '',
      'Summary of the upload',
      '  File: /srv/app/src/notes.ts',
      '  3  |  const x = 1;',
      '     |        ^',
    ]);
    // The second `File:` is vite's no more; the excerpt marked under it is the prose tier's (kept only when the workspace
    // holds the file).
    expect(brief(locations)).toEqual(['vite-dev /srv/app/src/pages/Home.tsx:12:7', 'prose /srv/app/src/notes.ts:3:8']);
    expect(locations[0]?.hints).toBeUndefined();
  });

  it('rollup: `[!] RollupError: path (L:C): msg` once, not again for the repeated `path (L:C)` line; 0-based column', () => {
    const locations = scan([
      `${E}[1m${E}[31m[!] ${E}[1mRollupError: src/math.js (2:12): Expression expected${E}[22m`,
      'src/math.js (2:12)',
      '1: export function add(a, b) {',
    ]);
    expect(locations).toHaveLength(1);
    expect(locations[0]).toMatchObject({
      format: 'rollup',
      file: 'src/math.js',
      line: 2,
      column: 13,
      severity: 'error',
      message: 'Expression expected',
    });
  });

  it('rollup: a location row under a `(!)` warning heading is a warning', () => {
    const [location] = scan(['(!) Plugin typescript: @rollup/plugin-typescript TS2307: Cannot find module', 'src/main.ts (1:20)']);
    expect(location).toMatchObject({ file: 'src/main.ts', line: 1, column: 21, severity: 'warning' });
  });
});

describe('deno', () => {
  it('claims `at … (file:///…)` frames under deno’s `error: Uncaught` and decodes %20 (§3.6)', () => {
    const locations = scan([
      'error: Uncaught (in promise) TypeError: bad thing',
      '  throw new TypeError("bad thing");',
      '        ^',
      '    at boom (file:///home/u/my%20app/src/lib.ts:2:9)',
      '    at ext:core/01_core.js:12:3',
      '    at file:///home/u/my%20app/src/main.ts:2:1',
    ]);
    expect(brief(locations)).toEqual([
      'deno /home/u/my app/src/lib.ts:2:9',
      'deno ext:core/01_core.js:12:3',
      'deno /home/u/my app/src/main.ts:2:1',
    ]);
    expect(locations.map((l) => l.frame?.index)).toEqual([0, 1, 2]);
    expect(locations[0]?.message).toBe('Uncaught (in promise) TypeError: bad thing');
    expect(locations[1]?.hints?.runtime).toBe(true);
  });

  it('check: `TS2322 [ERROR]: msg` then the `at file://…` line is one error diagnostic', () => {
    const [location, ...rest] = scan([
      "TS2322 [ERROR]: Type 'number' is not assignable to type 'string'.",
      'const s: string = n;',
      '      ^',
      '    at file:///app/src/main.ts:2:7',
    ]);
    expect(rest).toEqual([]);
    expect(location).toMatchObject({ format: 'deno', file: '/app/src/main.ts', line: 2, column: 7, severity: 'error', code: 'TS2322' });
    expect(location?.frame).toBeUndefined();
  });

  it('before 1.0: `error TS2304: msg`, a blank line, then the `► url:L:C` marker line is one error diagnostic', () => {
    const locations = scan(["error TS2304: Cannot find name 'Label'.", '', '► https://deno.land/x/ticker/src/quote.ts:7:16']);
    expect(locations).toMatchObject([
      { format: 'deno', file: 'https://deno.land/x/ticker/src/quote.ts', line: 7, column: 16, severity: 'error', code: 'TS2304' },
    ]);
    // A marker with no TypeScript code above it is not deno's.
    expect(scan(['► https://deno.land/x/ticker/src/quote.ts:7:16'], ['deno'])).toEqual([]);
  });

  it('test: `name => ./path:L:C` once per test, and lint: `error[rule]` then ` --> path:L:C`', () => {
    const locations = scan([
      'adds => ./src/main_test.ts:4:6',
      'error: Error: expected 5',
      '',
      ' FAILURES ',
      '',
      'adds => ./src/main_test.ts:4:6',
      '',
      'error[no-unused-vars]: `unused` is never used',
      ' --> /app/src/lint.ts:1:10',
    ]);
    expect(locations.map((l) => `${l.file}:${l.line}:${l.column} ${l.severity} ${l.code}`)).toEqual([
      './src/main_test.ts:4:6 null null',
      '/app/src/lint.ts:1:10 error no-unused-vars',
    ]);
  });

  it('leaves rustc’s `error[E0308]` arrows and plain node ESM frames alone', () => {
    const locations = scan(
      ['error[E0308]: mismatched types', ' --> src/main.rs:2:5', '', 'TypeError: x', '    at file:///app/x.mjs:3:11'],
      ['deno', 'bun', 'mocha'],
    );
    expect(locations).toEqual([]);
  });
});

describe('bun and mocha', () => {
  it('bun run: frames followed by the `Bun v…` trailer are bun’s', () => {
    const locations = scan([
      '2 |   throw new TypeError("bad thing");',
      '                ^',
      'TypeError: bad thing',
      '      at boom (/app/src/lib.ts:2:13)',
      '      at /app/src/main.ts:2:1',
      '',
      'Bun v1.4.5 (Linux x64)',
    ]);
    expect(brief(locations)).toEqual(['bun /app/src/lib.ts:2:13', 'bun /app/src/main.ts:2:1']);
    expect(locations[0]?.message).toBe('TypeError: bad thing');
  });

  it('bun test: the `(fail) name` trailer names the test', () => {
    const [location] = scan([
      'error: expect(received).toBe(expected)',
      '',
      '      at <anonymous> (/app/src/math.test.ts:6:21)',
      '(fail) adds [7.97ms]',
    ]);
    expect(location).toMatchObject({
      format: 'bun',
      file: '/app/src/math.test.ts',
      line: 6,
      column: 21,
      message: 'adds — expect(received).toBe(expected)',
    });
  });

  it('mocha: frames inside a numbered failure block get the suite and test titles', () => {
    const locations = scan([
      '  2) parse',
      '       rejects empty input:',
      '     TypeError: empty input',
      '      at parse (file:///app/src/math.js:5:26)',
      '      at process.processImmediate (node:internal/timers:483:21)',
    ]);
    expect(brief(locations)).toEqual(['mocha /app/src/math.js:5:26', 'mocha node:internal/timers:483:21']);
    expect(locations[0]?.message).toBe('parse rejects empty input — TypeError: empty input');
  });

  it('plain node frames stay node-stack', () => {
    expect(brief(scan(['TypeError: boom', '    at boom (/srv/app/src/lib.js:2:22)']))).toEqual(['node-stack /srv/app/src/lib.js:2:22']);
  });
});

describe('linters', () => {
  it('eslint-compact: severity, message and rule; a path with spaces', () => {
    const [location] = scan(["/home/u/my app/src/util.js: line 2, col 25, Warning - Expected '===' and instead saw '=='. (eqeqeq)"]);
    expect(location).toMatchObject({
      format: 'eslint-compact',
      file: '/home/u/my app/src/util.js',
      line: 2,
      column: 25,
      severity: 'warning',
      code: 'eqeqeq',
      message: "Expected '===' and instead saw '=='.",
    });
  });

  it('biome: location from the header, severity and message from the block; a file-only format header is skipped', () => {
    const locations = scan([
      'src/lint.js:3:9 lint/suspicious/noDoubleEquals  FIXABLE  ━━━━━━━━',
      '',
      '  × Using == may be unsafe.',
      '',
      'src/fmt.js format ━━━━━━━━━━',
      '',
      '  × Formatter would have printed the following content:',
    ]);
    expect(locations).toHaveLength(1);
    expect(locations[0]).toMatchObject({
      format: 'biome',
      file: 'src/lint.js',
      line: 3,
      column: 9,
      severity: 'error',
      code: 'lint/suspicious/noDoubleEquals',
      message: 'Using == may be unsafe.',
    });
  });

  it('prettier: the location at the end in parentheses; `[warn] file` is not a location', () => {
    const locations = scan([
      '[error] src/broken.js: SyntaxError: Unexpected token (2:14)',
      '[error] > 2 |   return (1 +;',
      '[warn] src/fmt.js',
    ]);
    expect(brief(locations)).toEqual(['prettier src/broken.js:2:14']);
    expect(locations[0]?.message).toBe('SyntaxError: Unexpected token');
  });

  it('stylelint: rows under a file header, coloured (§3.7)', () => {
    const locations = scan([
      `${E}[4msrc/style.css${E}[24m`,
      `  ${E}[2m2:12${E}[22m  ${E}[31m✖${E}[39m  Unexpected unit  ${E}[2mlength-zero-no-unit${E}[22m`,
      '  5:4   ⚠  Unexpected empty block  block-no-empty',
    ]);
    expect(locations.map((l) => `${l.file}:${l.line}:${l.column} ${l.severity} ${l.code}`)).toEqual([
      'src/style.css:2:12 error length-zero-no-unit',
      'src/style.css:5:4 warning block-no-empty',
    ]);
  });

  it('svelte-check: the location alone, the severity and message on the next line', () => {
    const [location] = scan(['/app/src/App.svelte:3:9', "Warn: 'x' is declared but never read. (ts)"]);
    expect(location).toMatchObject({ format: 'svelte-check', file: '/app/src/App.svelte', line: 3, column: 9, severity: 'warning' });
  });

  it('sass: the first stack row is the error, later rows are notes', () => {
    const locations = scan([
      'Error: Undefined variable.',
      '  ╷',
      '3 │   @return $x * 2 + $undefined-thing;',
      '  │                    ^^^^',
      '  ╵',
      '  src/_vars.scss 3:20  double()',
      '  src/a.scss 4:12      root stylesheet',
    ]);
    expect(locations.map((l) => `${l.format} ${l.file}:${l.line}:${l.column} ${l.severity}`)).toEqual([
      'sass src/_vars.scss:3:20 error',
      'sass src/a.scss:4:12 note',
    ]);
  });

  it('look-alikes: code-frame gutters, coverage rows, a `path L:C` with no sass heading', () => {
    expect(
      scan(
        ['  4 | const x = 1;', 'a.ts | 80 | 12-14', '  src/a.scss 3:20  root stylesheet', '[error] not a path: thing (1:2)'],
        ['sass', 'prettier', 'stylelint', 'rollup', 'webpack'],
      ),
    ).toEqual([]);
  });
});

describe('swc', () => {
  it('reports the line the marks sit under, not the first line of the excerpt that heads the frame', () => {
    const frame = [
      '  x Expression expected',
      '    ,-[src/util.ts:300:1]',
      ' 300 | a',
      ' 302 |   return x +;',
      '     :             ^',
      ' 303 | }',
      '     `----',
    ];
    expect(scan(frame, ['swc'])).toMatchObject([
      { file: 'src/util.ts', line: 302, column: 13, severity: 'error', message: 'Expression expected', format: 'swc' },
    ]);
  });

  it('takes a code frame `>` or a `,->` span as the marked line, without a column it did not draw', () => {
    const arrow = ['  ⚠ Unused label', '   ,-[app/page.tsx:302:1]', '   302 | a', ' > 305 | b', '   `----'];
    expect(scan(arrow, ['swc'])).toMatchObject([{ line: 305, column: null, severity: 'warning' }]);
    const span = ['  x Unclosed', '    ,-[src/page.tsx:7:1]', '  7 |   a', '  9 | ,->   b', ' 10 | `->   c', '    `----'];
    expect(scan(span, ['swc'])).toMatchObject([{ line: 9, column: null }]);
  });
});

describe('ts-loader, webpack chains, tslint, next', () => {
  it('reads [tsl] blocks with their TS code, the spaced-paren form, and webpack import chains as notes', () => {
    const locations = scan([
      '[tsl] ERROR in /app/src/a.ts(3,7)',
      "      TS2322: Type 'string' is not assignable to type 'number'.",
      "src/a.ts (4,2): error TS2304: Cannot find name 'x'.",
      ' @ ./src/index.js 1:0-32 3:0-6',
    ]);
    expect(locations.map((l) => [l.format, l.file, l.line, l.column, l.endColumn, l.severity, l.code])).toEqual([
      ['ts-loader', '/app/src/a.ts', 3, 7, null, 'error', 'TS2322'],
      ['ts-loader', 'src/a.ts', 4, 2, null, 'error', 'TS2304'],
      ['webpack-chain', './src/index.js', 1, 1, 33, 'note', null],
    ]);
  });

  it("reads ts-loader 2's position line under webpack's ERROR in header, and not without the header", () => {
    const locations = scan([
      'ERROR in ./src/app/menu.ts',
      "(8,20): error TS2304: Cannot find name 'separator'.",
      '',
      "(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
    ]);
    // webpack's header alone is the module as a whole (line 0), which resolve leaves out beside ts-loader's line.
    expect(locations.map((l) => [l.format, l.file, l.line, l.column, l.severity, l.code, l.message])).toEqual([
      ['webpack', './src/app/menu.ts', 0, null, 'error', null, "(8,20): error TS2304: Cannot find name 'separator'."],
      ['ts-loader', './src/app/menu.ts', 8, 20, 'error', 'TS2304', "Cannot find name 'separator'."],
    ]);
  });

  it("reads webpack 1-3's request through loaders as its resource, whose chain entry is the loader's output", () => {
    const locations = scan([
      'ERROR in ./~/vue-html-loader!./~/vue-loader/lib/selector.js?type=template&index=0!./src/components/Dock.vue',
      'Module build failed:',
      ' @ ./src/components/Dock.vue 3:18-140',
      ' @ ./src/main.js',
    ]);
    // The chain's position is in vue-loader's generated module of the same file: the file is the place as a whole.
    expect(locations.map((l) => [l.format, l.file, l.line, l.column])).toEqual([['webpack', './src/components/Dock.vue', 0, null]]);
    // A plain module's own import chain still places it (webpack 4's `Module not found` under its header).
    const plain = scan([
      'ERROR in ./src/view.js',
      "Module not found: Error: Can't resolve './gone' in '/app/src'",
      ' @ ./src/view.js 2:0-36',
    ]);
    expect(plain.map((l) => [l.format, l.file, l.line])).toEqual([['webpack', './src/view.js', 2]]);
  });

  it('reads tslint verbose, prose and stylish rows, the stylish header only once', () => {
    const locations = scan([
      'ERROR: (semicolon) src/a.ts[2, 25]: Missing semicolon',
      'WARNING: src/b.ts:3:1 - Calls to console.log are not allowed.',
      'src/c.ts:4:5',
      'ERROR: 4:5  quotemark  " should be \'',
    ]);
    expect(locations.map((l) => [l.format, l.file, l.line, l.column, l.severity, l.code])).toEqual([
      ['tslint', 'src/a.ts', 2, 25, 'error', 'semicolon'],
      ['tslint', 'src/b.ts', 3, 1, 'warning', null],
      ['tslint', 'src/c.ts', 4, 5, 'error', 'quotemark'],
    ]);
  });

  it('reads next lint rows under their ./file header, and not without one', () => {
    const locations = scan([
      './pages/index.js',
      "12:5  Error: 'x' is not defined.  no-undef",
      '',
      "3:1  Error: 'y' is not defined.  no-undef",
    ]);
    expect(locations.map((l) => [l.format, l.file, l.line, l.column, l.code])).toEqual([['next', './pages/index.js', 12, 5, 'no-undef']]);
  });
});

describe('babel', () => {
  // babel-loader on Windows writes the drive (`D:/…`); a page's babel writes the script's URL.
  it('reads a module named by a Windows drive path or a dev server URL', () => {
    const locations = scan([
      'SyntaxError: D:/work/shop/src/stories/cart.js: Unexpected token (14:4)',
      'SyntaxError: http://localhost:3000/greeting.js: Unexpected token (7:4)',
    ]);
    expect(brief(locations)).toEqual(['babel D:/work/shop/src/stories/cart.js:14:5', 'babel greeting.js:7:5']);
  });

  // A wrapper's own label before the error's name: a renderer's `Stack trace: `, webpack's `Module build failed: `.
  it("reads babel's error after one label a wrapper writes first, not after any prose", () => {
    const locations = scan([
      'Stack trace: SyntaxError: <app>/views/Card.jsx: Unexpected token (6:3)',
      'Uncaught SyntaxError: src/menu.jsx: Unterminated JSX contents (9:1)',
      'we saw that SyntaxError: src/other.jsx: Unexpected token (2:2) yesterday',
    ]);
    expect(brief(locations).slice(0, 2)).toEqual(['babel <app>/views/Card.jsx:6:4', 'babel src/menu.jsx:9:2']);
    expect(locations.filter((l) => l.format === 'babel')).toHaveLength(2);
  });
});

describe('unresolved-import (a module named with the file importing it, no line)', () => {
  it('records the name for resolve, from vite, rollup and node, in colour or not', () => {
    const locations = scan([
      '[vite]: Rollup failed to resolve import "lowlight" from "E:/shop/src/Rich.svelte".',
      'Error: [vite]: Rolldown failed to resolve import "pkg-x" from "/app/src/main.ts".',
      '\u001b[1m\u001b[31m[!] \u001b[1mRollupError: Could not resolve "./state.js" from "src/main.js"\u001b[22m',
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'dec' imported from /app/src/a.mjs",
    ]);
    expect(locations.map((l) => [l.format, l.file, l.line, l.hints?.importedName])).toEqual([
      ['unresolved-import', 'E:/shop/src/Rich.svelte', 0, 'lowlight'],
      ['unresolved-import', '/app/src/main.ts', 0, 'pkg-x'],
      ['unresolved-import', 'src/main.js', 0, './state.js'],
      ['unresolved-import', '/app/src/a.mjs', 0, 'dec'],
    ]);
  });

  it('takes no line that names no importing file', () => {
    expect(scan(["Error: Cannot find module 'left-pad'", 'Could not resolve "x"'], ['unresolved-import'])).toEqual([]);
  });

  it("reads CommonJS's require stack: each entry requires the one above it, the first the missing module", () => {
    const locations = scan(
      [
        "Error: Cannot find module 'big-decimal'",
        'Require stack:',
        '- /srv/app/node_modules/@acme/money/lib/index.js',
        '- /srv/app/src/price.js',
        '- C:\\work\\app\\src\\main.js',
        '    at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15)',
      ],
      ['unresolved-import'],
    );
    expect(locations.map((l) => [l.file, l.line, l.logLine, l.severity, l.hints?.importedName, l.relatedTo === locations[0]])).toEqual([
      ['/srv/app/node_modules/@acme/money/lib/index.js', 0, 3, 'error', 'big-decimal', false],
      ['/srv/app/src/price.js', 0, 4, 'error', '@acme/money', true],
      ['C:\\work\\app\\src\\main.js', 0, 5, 'error', '/srv/app/src/price.js', true],
    ]);
    // Where the require is not found, the file is still the place, as a whole.
    expect(locations.every((l) => l.hints?.wholeFileOtherwise === true)).toBe(true);
    // Without the stack (the main module itself missing), nothing names a file.
    expect(scan(["Error: Cannot find module '/srv/app/start.js'", '    at Module._resolveFilename (x)'], ['unresolved-import'])).toEqual(
      [],
    );
  });
});
