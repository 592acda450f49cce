// Library packaging for editor extensions: exports map, side-effect-free ESM and CJS builds, the CJS
// build's import.meta paths, locationRange on every column unit, and the bundled example extension.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, UNICODE_FILE, UNICODE_LINE, cleanEnv, ensureBuilt, tempDir } from './_setup.js';

beforeAll(ensureBuilt);

// A child node whose child_process functions record calls (patched before the import, synced into ESM).
const PRELOAD = `
const cp = require('node:child_process');
globalThis.__spawned = [];
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
  const original = cp[name];
  cp[name] = function (...args) { globalThis.__spawned.push(name); return original.apply(this, args); };
}
require('node:module').syncBuiltinESMExports();
`;

function runNode(cwd: string, args: string[]) {
  writeFileSync(join(cwd, '..', 'preload.cjs'), PRELOAD);
  return spawnSync(process.execPath, ['--require', join(cwd, '..', 'preload.cjs'), ...args], {
    cwd,
    env: cleanEnv(cwd, { HOME: cwd, TMPDIR: cwd, XDG_CACHE_HOME: cwd }),
    encoding: 'utf8',
  });
}

describe('package.json exports', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  it('maps "." to the ESM, CJS and declaration builds, and npm run build makes them', () => {
    expect(pkg.exports['.']).toEqual({
      import: { types: './dist/index.d.ts', default: './dist/index.js' },
      require: { types: './dist/cjs/index.d.ts', default: './dist/index.cjs' },
    });
    for (const condition of ['import', 'require']) expect(Object.keys(pkg.exports['.'][condition])[0]).toBe('types');
    expect(pkg.types).toBe('./dist/index.d.ts');
    expect(JSON.parse(readFileSync(join(ROOT, 'dist', 'cjs', 'package.json'), 'utf8'))).toEqual({ type: 'commonjs' });
    // chevrotain ships ESM only: the CommonJS copy names its types through an ESM import.
    expect(readFileSync(join(ROOT, 'dist', 'cjs', 'grammars', 'engine', 'parser.d.ts'), 'utf8')).toMatch(
      /^import type \{[^}]*CstParser[^}]*\} from 'chevrotain' with \{ 'resolution-mode': 'import' \};$/m,
    );
    expect(pkg.files).toContain('dist');
    // A clone (and a git install, as pre-commit's language: node does) builds dist/ through prepare, which first
    // installs the build tools when a global git install left the clone without them (scripts/prepare.mjs).
    expect(pkg.scripts.prepare).toBe('node scripts/prepare.mjs');
    const require = createRequire(join(ROOT, 'package.json'));
    expect(require.resolve('faultline')).toBe(join(ROOT, 'dist', 'index.cjs'));
    const declarations = readFileSync(join(ROOT, 'dist', 'index.d.ts'), 'utf8');
    expect(declarations).toMatch(/\blocate\b/);
    expect(declarations).toMatch(/\blocationRange\b/);
  });

  it('packs a manifest without the build scripts it does not ship (prepare/prepack/postpack), with LICENSE; the checkout keeps them', () => {
    const out = tempDir('pack');
    // Packed from a copy of the checkout: prepack rebuilds dist/, which must not pull the files from under the
    // other tests that run the built CLI at the same time.
    const checkout = join(tempDir('pack-checkout'), 'faultline');
    for (const entry of [
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'tsconfig.build.json',
      'README.md',
      'LICENSE',
      'docs',
      'scripts',
      'src',
    ]) {
      cpSync(join(ROOT, entry), join(checkout, entry), { recursive: true });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(checkout, 'node_modules'));
    const packed = spawnSync('npm', ['pack', '--pack-destination', out, '--json', '--ignore-scripts=false'], {
      cwd: checkout,
      encoding: 'utf8',
      env: cleanEnv(out, { npm_config_cache: join(out, '.npm') }),
    });
    expect(packed.status, packed.stderr).toBe(0);
    const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
    expect(info?.files.map((file) => file.path)).toContain('LICENSE');
    expect(info?.files.some((file) => file.path.startsWith('scripts/'))).toBe(false);
    execFileSync('tar', ['xzf', join(out, info!.filename), '-C', out]);
    const manifest = JSON.parse(readFileSync(join(out, 'package', 'package.json'), 'utf8'));
    expect(Object.keys(manifest.scripts)).not.toEqual(expect.arrayContaining(['prepare']));
    expect(manifest.scripts.prepack).toBeUndefined();
    expect(manifest.license).toBe('MIT');
    expect(readFileSync(join(out, 'package', 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    // The checkout is left as it was.
    expect(JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8')).scripts.prepare).toBe('node scripts/prepare.mjs');
    expect(existsSync(join(checkout, 'package.json.prepack'))).toBe(false);
  }, 180_000);

  // Two tsc runs of a few seconds each here; a slow machine (or a loaded CI runner) gets minutes, not 30 s.
  it('type-checks a TypeScript consumer importing from the package (ESM and CJS, module nodenext and node16)', () => {
    const dir = join(ROOT, 'node_modules', '.faultline-types-check');
    mkdirSync(dir, { recursive: true });
    const source = `import { locate, locationRange, explainLocations, buildFixPrompt, type Utf16Range, type ResolverFs } from 'faultline';
const fs: ResolverFs = { stat: async () => undefined, realpath: async () => undefined, findFilesByName: async () => [] };
export async function f(): Promise<Utf16Range[]> {
  const result = await locate({ text: 'a.ts(1,2): error TS1: x' }, { cwd: '/', roots: ['/'], fs });
  return result.locations.map((l) => locationRange(l, ''));
}
// What explainLocations returns goes into buildFixPrompt as it is (no cast between the two 'source' fields).
export async function g(): Promise<string> {
  const result = await locate({ text: 'a.ts(1,2): error TS1: x' }, { cwd: '/', roots: ['/'], fs });
  const explained = await explainLocations({ locations: result.locations, noLsp: true });
  return (await buildFixPrompt({ locations: result.locations, explained, symbols: explained.flatMap((item) => (item.attachment ? [item.attachment] : [])) })).prompt;
}\n`;
    writeFileSync(join(dir, 'esm.mts'), source);
    writeFileSync(join(dir, 'cjs.cts'), source);
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    // node16: a CommonJS file may not require() ESM declarations (TS1479), so "require" has its own copy.
    for (const module of ['nodenext', 'node16']) {
      const result = spawnSync(
        process.execPath,
        [tsc, '--noEmit', '--strict', '--module', module, '--skipLibCheck', '--types', 'node', join(dir, 'esm.mts'), join(dir, 'cjs.cts')],
        { cwd: ROOT, encoding: 'utf8' },
      );
      expect(result.stdout + result.stderr, module).toBe('');
      expect(result.status).toBe(0);
    }
  }, 240_000);
});

describe('importing the library', () => {
  it.each([
    [
      'import() of dist/index.js',
      [
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(join(ROOT, 'dist', 'index.js'))}); await new Promise((r) => setTimeout(r, 50)); if (globalThis.__spawned.length) console.log('spawned', globalThis.__spawned)`,
      ],
    ],
    [
      'require() of dist/index.cjs',
      [
        '-e',
        `require(${JSON.stringify(join(ROOT, 'dist', 'index.cjs'))}); setTimeout(() => { if (globalThis.__spawned.length) console.log('spawned', globalThis.__spawned) }, 50)`,
      ],
    ],
    // require(esm) (Node >= 20.19) refuses a module graph with top-level await: proves there is none.
    [
      'require() of dist/index.js (no top-level await)',
      [
        '-e',
        `const m = require(${JSON.stringify(join(ROOT, 'dist', 'index.js'))}); if (typeof m.locate !== 'function') console.log('no locate'); if (globalThis.__spawned.length) console.log('spawned', globalThis.__spawned)`,
      ],
    ],
  ])('%s prints nothing, spawns nothing and creates no files', (_, args) => {
    const dir = join(tempDir('import'), 'cwd');
    mkdirSync(dir);
    const result = runNode(dir, args);
    expect(result.stderr.replace(/^.*ExperimentalWarning.*\n|^\(Use `node --trace-warnings.*\n/gm, '')).toBe('');
    expect(result.stdout).toBe('');
    expect(result.status).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('the bundles have no top-level await and the CJS bundle no import.meta', () => {
    const cjs = readFileSync(join(ROOT, 'dist', 'index.cjs'), 'utf8');
    expect(cjs).not.toContain('import.meta');
    // esbuild refuses top-level await in CJS output, so a successful CJS build already proves it for the source.
    expect(cjs.startsWith('var __flImportMetaUrl=') || cjs.includes('__flImportMetaUrl')).toBe(true);
  });
});

describe('the CJS build', () => {
  it('locates in a log text with an injected fs, and runs the import.meta-dependent tree-sitter path', () => {
    const workspace = tempDir('cjs');
    const script = `
const { locate, treeSitterSymbol } = require(${JSON.stringify(join(ROOT, 'dist', 'index.cjs'))});
const calls = [];
const fs = {
  async stat(p) { calls.push('stat'); return p.endsWith('/src/app.ts') ? 'file' : p === ${JSON.stringify(workspace)} || p.endsWith('/src') ? 'directory' : undefined; },
  async realpath(p) { calls.push('realpath'); return p; },
  async findFilesByName() { return []; },
};
(async () => {
  const result = await locate({ text: "src/app.ts(2,7): error TS2322: Type 'string' is not assignable to type 'number'.\\n" }, { cwd: ${JSON.stringify(workspace)}, roots: [${JSON.stringify(workspace)}], fs, isIgnored: async () => new Set() });
  const symbol = await treeSitterSymbol({ file: 'app.ts', text: 'export function total() {\\n  const n: number = "0";\\n  return n;\\n}\\n', line: 2 });
  console.log(JSON.stringify({ locations: result.locations.map((l) => [l.file, l.line, l.column, l.code]), usedFs: calls.length > 0, symbol: symbol && symbol.name }));
})();`;
    const out = execFileSync(process.execPath, ['-e', script], { cwd: workspace, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ locations: [['src/app.ts', 2, 7, 'TS2322']], usedFs: true, symbol: 'total' });
  });
});

describe('locationRange (library root)', () => {
  const { locationRange } = createRequire(import.meta.url)(join(ROOT, 'dist', 'index.cjs')) as typeof import('../../src/index.js');
  const at = (column: number, endColumn: number | null, columnUnit: 'byte' | 'char' | 'utf-16' | 'display') =>
    locationRange({ line: 2, column, endLine: null, endColumn, columnUnit }, UNICODE_FILE);

  it.each([
    ['utf-16', 12],
    ['byte', 15],
    ['char', 11],
    ['display', 19],
  ] as const)("maps the %s column of 'x' after a tab, é and an emoji to UTF-16 offset 11", (unit, column) => {
    expect(UNICODE_LINE.indexOf('x')).toBe(11);
    expect(at(column, column, unit)).toEqual({ start: { line: 1, character: 11 }, end: { line: 1, character: 12 } });
  });

  it.each([
    ['utf-16', 7, 8],
    ['byte', 8, 11],
    ['char', 7, 7],
    ['display', 14, 15],
  ] as const)('covers both UTF-16 units of the emoji in %s columns', (unit, column, endColumn) => {
    expect(at(column, endColumn, unit)).toEqual({ start: { line: 1, character: 6 }, end: { line: 1, character: 8 } });
  });

  it('covers the whole line without a column', () => {
    expect(locationRange({ line: 2, column: null, endLine: null, endColumn: null, columnUnit: 'unknown' }, UNICODE_FILE)).toEqual({
      start: { line: 1, character: 0 },
      end: { line: 1, character: UNICODE_LINE.length },
    });
  });
});

describe('examples/vscode-extension', () => {
  it('bundles to one CJS file that runs with plain node and yields UTF-16 ranges for four column units', () => {
    const out = tempDir('vscode');
    const bundle = join(out, 'extension.js');
    execFileSync(process.execPath, [join(ROOT, 'examples', 'vscode-extension', 'build.mjs'), bundle], { cwd: ROOT });
    expect(readdirSync(out)).toEqual(['extension.js']);
    const code = readFileSync(bundle, 'utf8');
    // Self-contained: only Node built-ins (and vscode) are required at run time.
    const required = new Set([...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!).filter((name) => !name.startsWith('node:')));
    const builtins = new Set(createRequire(import.meta.url)('node:module').builtinModules as string[]);
    expect([...required].filter((name) => !builtins.has(name) && name !== 'vscode' && name !== 'supports-color')).toEqual([]);

    const workspace = tempDir('vscode-ws');
    mkdirSync(join(workspace, 'src'));
    for (const file of ['src/a.ts', 'src/b.rs', 'main.go', 'src/c.c']) writeFileSync(join(workspace, file), UNICODE_FILE);
    const log = [
      "src/a.ts(2,12): error TS2304: Cannot find name 'x'.",
      'error[E0425]: cannot find value `x` in this scope',
      ' --> src/b.rs:2:11',
      './main.go:2:15: undefined: x',
      "src/c.c:2:19: error: 'x' undeclared (first use in this function)",
    ].join('\n');
    writeFileSync(join(workspace, 'build.log'), `${log}\n`);
    const result = spawnSync(process.execPath, [bundle, 'build.log', '.'], { cwd: workspace, encoding: 'utf8', env: cleanEnv(workspace) });
    expect(result.stderr).toBe('');
    const files = JSON.parse(result.stdout) as { file: string; diagnostics: { range: unknown; source: string; severity: number }[] }[];
    expect(files.map((f) => [f.file, f.diagnostics[0]!.source]).sort()).toEqual([
      ['main.go', 'go-build'],
      ['src/a.ts', 'tsc'],
      ['src/b.rs', 'rustc'],
      ['src/c.c', 'gcc'],
    ]);
    for (const { diagnostics } of files) {
      expect(diagnostics).toHaveLength(1);
      expect(diagnostics[0]).toMatchObject({ range: { start: { line: 1, character: 11 }, end: { line: 1, character: 11 } }, severity: 0 });
    }
  });

  it('run without arguments: its usage on stderr, exit 2 (not a stack trace)', () => {
    const out = tempDir('vscode-usage');
    const bundle = join(out, 'extension.js');
    execFileSync(process.execPath, [join(ROOT, 'examples', 'vscode-extension', 'build.mjs'), bundle], { cwd: ROOT });
    const result = spawnSync(process.execPath, [bundle], { encoding: 'utf8', env: cleanEnv(out) });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^usage: node dist\/extension\.js LOG \[CWD\]\n/);
    const missing = spawnSync(process.execPath, [bundle, join(out, 'no-such.log')], { encoding: 'utf8', env: cleanEnv(out) });
    expect(missing.status).toBe(2);
    expect(missing.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it("contributes a problem matcher whose pattern, as VS Code applies it (a JS RegExp), reads faultline's unix lines", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'examples', 'vscode-extension', 'package.json'), 'utf8'));
    const [matcher] = manifest.contributes.problemMatchers;
    expect(matcher).toMatchObject({ name: 'faultline', owner: 'faultline', severity: 'info' });
    const pattern = new RegExp(matcher.pattern.regexp);
    const workspace = join(ROOT, 'fixtures', 'tsc-pretty', 'declared-here');
    const unix = spawnSync(
      process.execPath,
      [
        join(ROOT, 'dist', 'cli.cjs'),
        'locate',
        join(ROOT, 'fixtures', 'tsc-pretty', 'declared-here.log'),
        '--root',
        '.',
        '--format',
        'unix',
      ],
      { cwd: workspace, encoding: 'utf8', env: cleanEnv(workspace) },
    );
    const read = unix.stdout
      .trimEnd()
      .split('\n')
      .map((line) => {
        const match = pattern.exec(line);
        const group = (name: string) => match?.[matcher.pattern[name]];
        return [group('file'), group('line'), group('column'), group('severity'), group('message')];
      });
    expect(read).toEqual([
      ['src/cart.ts', '5', '41', 'error', "Property 'prise' does not exist on type 'Item'. Did you mean 'price'? [TS2551]"],
      ['src/types.ts', '3', '3', 'note', "'price' is declared here."],
    ]);
  });
});
