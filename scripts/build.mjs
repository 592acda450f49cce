// Bundles the CLI and the library with esbuild: one file each, so start-up stays close to bare Node
// (unbundled chevrotain 11 alone costs 250–350 ms to import; performance.md §5).
// Also emits the library's declarations (tsc, tsconfig.build.json) so `npm run build` yields the whole package.
// FAULTLINE_BUILD=cli builds the CLI only (the GitHub Action's install step: no tsc, no library bundles).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { CLI_V8_FLAGS } from './cli-v8-flags.mjs';

// The prefilter's first-character tables and the anchors' required characters, computed once here from the catalog's
// anchor sources and injected as constants (src/grammars/engine/first-chars.ts, required-grams.ts): analysing them
// cost every CLI start ~10–20 ms (issue 15) and ~5 ms (issue 21).
async function anchorTables() {
  const script = join(mkdtempSync(join(tmpdir(), 'faultline-anchor-tables-')), 'table.mjs');
  await build({
    stdin: {
      contents: `import { recordFirstChars } from './src/grammars/engine/first-chars.ts';
import { formatAnchorsFor, prefilterFor } from './src/grammars/engine/prefilter.ts';
import { recordRequirements } from './src/grammars/engine/required-grams.ts';
import { registeredFormats } from './src/grammars/registry.ts';
const table = recordFirstChars();
const requirements = recordRequirements();
prefilterFor(registeredFormats()).lineStartFor('');
formatAnchorsFor(registeredFormats(), '');
process.stdout.write(JSON.stringify({ firstChars: Object.fromEntries(table), requiredGrams: Object.fromEntries(requirements) }));`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: script,
    logLevel: 'warning',
    external: ['web-tree-sitter', '@vscode/tree-sitter-wasm'],
  });
  const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
  rmSync(dirname(script), { recursive: true, force: true });
  if (run.status !== 0) throw new Error(`build: computing the anchor tables failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}
const ANCHOR_TABLES = await anchorTables();

const shared = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  minify: process.env.FAULTLINE_NO_MINIFY !== '1',
  legalComments: 'none',
  // Each table as a JSON string that its module parses: esbuild makes an object-valued define a module of its own,
  // initialised from every file of the build, so the ESM library's shared chunk, which `import('faultline')` loads,
  // carried both tables (~100 KB of the 180 KB it parsed; issue 21). A string stays where it is used.
  define: {
    __FAULTLINE_FIRST_CHARS__: JSON.stringify(JSON.stringify(ANCHOR_TABLES.firstChars)),
    __FAULTLINE_REQUIRED_GRAMS__: JSON.stringify(JSON.stringify(ANCHOR_TABLES.requiredGrams)),
  },
  logLevel: 'warning',
  // Language-server packages and tree-sitter load their own files at run time: keep them external.
  external: [
    'web-tree-sitter',
    '@vscode/tree-sitter-wasm',
    'typescript',
    'pyright',
    '@secretlint/*',
    'vscode-languageserver-protocol',
    'vscode-jsonrpc',
  ],
};

// The stage entry points (src/entries/NAME.ts → dist/NAME.js, dist/NAME.cjs, export "./NAME").
const LIBRARY_ENTRIES = ['grammars', 'resolve', 'locate', 'capture', 'lsp', 'prompt', 'redact', 'output', 'safety', 'fix'];
// The main entry's dynamic import() of a stage, in both builds: the stage's own entry, loaded on first call.
const LAZY_STAGE_ENTRY = {
  './entries/resolve.js': 'resolve',
  './locate/index.js': 'locate',
  './locate/fixtures.js': 'locate',
  './capture/index.js': 'capture',
  './lsp-client/index.js': 'lsp',
  './prompt/index.js': 'prompt',
  './redact/index.js': 'redact',
  './output/index.js': 'output',
  './safety/index.js': 'safety',
};
const lazyStagesAsEntries = (extension) => ({
  name: `lazy-stages-as-${extension}-entries`,
  setup(builder) {
    builder.onResolve({ filter: /^\.\/.*\.js$/ }, (args) => {
      if (args.kind !== 'dynamic-import' || !args.importer.endsWith(join('src', 'index.ts'))) return undefined;
      const entry = LAZY_STAGE_ENTRY[args.path];
      if (!entry) throw new Error(`build: no entry for the lazy stage ${args.path}`);
      return { path: `./${entry}.${extension}`, external: true };
    });
  },
});

// Built-ins as the bundles import them (`import { x } from 'node:fs'`). ESM: Node builds a built-in's module namespace
// by reading every one of its exports, and node:fs's lazy ones (ReadStream, WriteStream, promises) load Node's whole
// stream code. CommonJS: esbuild's interop copied every member of node:path into a getter at each module that imports
// it, and a module's init required node:os or node:child_process before any use (issue 21). Here each built-in is a
// module of the bundle that reads only the members imported (each a pure read, the rest dropped). A function member
// is a stand-in that reads the built-in at its first call when the built-in is not loaded by Node's own start-up
// (node:os, node:child_process, node:crypto) or is an accessor (util.parseArgs): loading the module is what costs;
// an object member of such a built-in (fs.promises, os.constants) is an object of such stand-ins and getters.
const PRELOADED = new Set(
  JSON.parse(
    spawnSync(process.execPath, ['-e', 'process.stdout.write(JSON.stringify(process.moduleLoadList))'], { encoding: 'utf8' }).stdout,
  )
    .filter((entry) => entry.startsWith('NativeModule '))
    .map((entry) => `node:${entry.slice('NativeModule '.length)}`),
);
// A plain function: no own members beyond a function's (and os.homedir's internal withoutStackTrace and string
// conversion; a member such as fs.realpathSync.native or util.promisify.custom keeps the function itself), no methods
// on its prototype (not a class).
const FUNCTION_OWN = new Set(['length', 'name', 'prototype', 'arguments', 'caller', 'withoutStackTrace']);
const plainFunction = (value) =>
  typeof value === 'function' &&
  Object.getOwnPropertyNames(value).every((key) => FUNCTION_OWN.has(key)) &&
  Object.getOwnPropertySymbols(value).every((key) => key === Symbol.toPrimitive) &&
  (value.prototype === undefined || Object.getOwnPropertyNames(value.prototype).every((key) => key === 'constructor'));
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const builtinsOnFirstUse = {
  name: 'builtins-on-first-use',
  setup(builder) {
    builder.onResolve({ filter: /^node:/ }, (args) =>
      args.kind === 'import-statement' ? { path: args.path, namespace: 'builtin' } : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => {
      const builtin = process.getBuiltinModule(args.path);
      const preloaded = PRELOADED.has(args.path);
      const lines = [
        `let loaded;`,
        `const builtin = () => (loaded ??= process.getBuiltinModule(${JSON.stringify(args.path)}));`,
        'export default /* @__PURE__ */ builtin();',
      ];
      for (const name of Object.keys(builtin)) {
        if (name === 'default' || !IDENTIFIER.test(name)) continue;
        const accessor = Object.getOwnPropertyDescriptor(builtin, name)?.get !== undefined;
        const value = builtin[name];
        if (!preloaded || accessor) {
          if (plainFunction(value)) {
            lines.push(`export function ${name}(...a) { return builtin().${name}.apply(this, a); }`);
            continue;
          }
          // An object (fs.promises, os.constants): the same, one level down.
          if (value !== null && typeof value === 'object' && Object.keys(value).every((key) => IDENTIFIER.test(key))) {
            const members = Object.keys(value).map((key) =>
              plainFunction(value[key])
                ? `${key}(...a) { return builtin().${name}.${key}.apply(this, a); }`
                : `get ${key}() { return builtin().${name}.${key}; }`,
            );
            lines.push(`export const ${name} = /* @__PURE__ */ (() => ({ ${members.join(', ')} }))();`);
            continue;
          }
        }
        lines.push(`export const ${name} = /* @__PURE__ */ (() => builtin().${name})();`);
      }
      return { contents: lines.join('\n'), loader: 'js' };
    });
  },
};

// The CLI: two CommonJS bundles that the executable dist/cli.cjs compiles, each with a V8 code cache made right
// here (src/cli/launcher.ts says why; Node 20 caches no ES module): dist/cli-main.cjs (main.ts and all it imports)
// and dist/cli-scan.cjs, the scanner (the reports and the grammars, src/entries/grammars.ts), which the main bundle
// requires where its code imports them (locate at a log's first byte; the run and formats commands), so an empty
// log neither reads nor deserialises the scanner's code and cache (issue 21). Commands stay lazy: esbuild
// evaluates a dynamically imported module on first import; V8 compiles functions on first call or from the cache.
// `import()` becomes require(): inside a vm.Script Node 20 has no loader for import() (web-tree-sitter and
// secretlint load through their CommonJS or require(esm) entries).
for (const stale of ['dist/cli.js', 'dist/chunks', 'dist/cli-main.cache', 'dist/cli-scan.cache'])
  rmSync(stale, { recursive: true, force: true });
mkdirSync('dist', { recursive: true });
// CommonJS has no import.meta: the code uses import.meta.url only for createRequire (lsp-client/servers.ts,
// tree-sitter), so it becomes the bundle's own file URL (no I/O). Shared by the CLI and the library's CJS entries.
const cjs = {
  ...shared,
  format: 'cjs',
  define: { ...shared.define, 'import.meta.url': '__flImportMetaUrl' },
  banner: { js: "var __flImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
};
const cliCjs = { ...cjs, supported: { 'dynamic-import': false } };
// The scanner's rooms, imported from anywhere else in the CLI, are the scanner bundle (src/cli/launcher.ts loads it).
const SCANNER_ROOMS = ['reports', 'grammars'];
const scannerAsOwnBundle = {
  name: 'scanner-as-own-bundle',
  setup(builder) {
    builder.onResolve({ filter: /\/(?:reports|grammars)\/index\.js$/ }, (args) => {
      const room = relative(join(process.cwd(), 'src'), args.importer).split(/[\\/]/)[0];
      if (SCANNER_ROOMS.includes(room)) return undefined;
      return { path: './cli-scan.cjs', external: true };
    });
  },
};
await build({
  ...cliCjs,
  entryPoints: ['src/cli/main.ts'],
  outfile: 'dist/cli-main.cjs',
  plugins: [scannerAsOwnBundle, builtinsOnFirstUse],
});
// Chevrotain's lexer fills a 65 536-entry array (char code to its optimisation bucket) when the first lexer is built,
// for a lookup of codes above 255 only, which is one division: the fill ran at every scan's start, in V8's interpreter
// or baseline code (engine/last-resort.ts). The lookup is computed instead and the fill dropped, the same values.
// cachegrind, FAULTLINE_NO_CODE_CACHE=1: the 1 MB sparse CI log 1 140.7 → 1 125.4 M instructions, the rustc one
// 2 211.3 → 2 210.7 M. A chevrotain whose lexer.js no longer holds these lines fails the build here.
const CHEVROTAIN_CHAR_MAP = [
  ['? charCode\n        : charCodeToOptimizedIdxMap[charCode];', '? charCode\n        : 255 + ~~(charCode / 255);'],
  ['    if (isEmpty(charCodeToOptimizedIdxMap)) {', '    if (false) {'],
];
const chevrotainCharMapComputed = {
  name: 'chevrotain-char-map-computed',
  setup(builder) {
    builder.onLoad({ filter: /chevrotain[\\/]lib[\\/]src[\\/]scan[\\/]lexer\.js$/ }, (args) => {
      let text = readFileSync(args.path, 'utf8');
      for (const [from, to] of CHEVROTAIN_CHAR_MAP) {
        if (!text.includes(from)) throw new Error(`build: chevrotain's lexer.js changed (${from.trim()})`);
        text = text.replace(from, to);
      }
      return { contents: text, loader: 'js' };
    });
  },
};
await build({ ...cliCjs, entryPoints: ['src/entries/grammars.ts'], outfile: 'dist/cli-scan.cjs', plugins: [chevrotainCharMapComputed] });
// The launcher names a per-user cache by the bundle's content (src/cli/launcher.ts): V8 itself compares lengths only.
const bundleHashes = {};
for (const name of ['cli-main.cjs', 'cli-scan.cjs']) {
  const text = asciiOnly(readFileSync(join('dist', name), 'utf8'));
  writeFileSync(join('dist', name), text);
  bundleHashes[name] = createHash('sha256').update(text).digest('hex');
}
// Chevrotain's own error name marks the grammars: a new import of them that bypassed the plugin would bring them back.
if (readFileSync('dist/cli-main.cjs', 'latin1').includes('NotAllInputParsedException'))
  throw new Error('build: the main CLI bundle holds the grammars');
await build({
  ...cliCjs,
  entryPoints: ['src/cli/launcher.ts'],
  outfile: 'dist/cli.cjs',
  plugins: [builtinsOnFirstUse],
  banner: { js: '#!/usr/bin/env node' },
  define: {
    ...cliCjs.define,
    __FAULTLINE_BUNDLE_HASHES__: JSON.stringify(bundleHashes),
    __FAULTLINE_V8_FLAGS__: JSON.stringify(CLI_V8_FLAGS),
  },
});
chmodSync('dist/cli.cjs', 0o755);
if (process.env.FAULTLINE_NO_CODE_CACHE !== '1') {
  const warmUp = spawnSync(process.execPath, ['scripts/code-cache.mjs'], { stdio: 'inherit' });
  if (warmUp.status !== 0) {
    console.error('build: scripts/code-cache.mjs failed');
    process.exit(warmUp.status ?? 1);
  }
}
// The detached process behind `start()` / `run --background`: one file beside cli.js and index.js.
await build({
  ...shared,
  entryPoints: { 'background-worker': 'src/capture/background-worker.ts' },
  outdir: 'dist',
  format: 'esm',
  banner: { js: "import { createRequire as __flCreateRequire } from 'node:module'; const require = __flCreateRequire(import.meta.url);" },
});
if (existsSync('src/index.ts') && process.env.FAULTLINE_BUILD !== 'cli') {
  // The library: the main entry plus one entry per stage (package.json "exports"). The main entry loads the heavy
  // stages on first call (src/entries/lazy.ts), so `import { locate } from 'faultline'` pays only for core,
  // summarise and resolve's two synchronous helpers at import (issue 15). resolveLocations is such a stage too
  // (dist/resolve.js, not a package entry point): the resolver was 45 of the entry's 72 KB, and without it
  // `import('faultline')` went from 1.22x to 1.09x of `node -e 0` in user+sys CPU (empty ES module 1.07x; medians
  // of 31 interleaved runs, loaded 2-core VM; issue 21). The stages, ESM: one build with code splitting, so every stage entry
  // shares one copy of each module (a stage loaded through the main entry is its own entry's module).
  // The main entry is one file of its own, with its own copy of core and summarise (as in the CJS build;
  // FaultlineError is branded for that): as part of the split build its graph was ten files, and Node's ES module
  // loader costs ~1.3 ms of CPU per file whatever its size (resolve, realpath, read through a FileHandle, link), most
  // of the 1.9× of `node -e 0` that `import('faultline')` took (issue 21).
  rmSync('dist/lib', { recursive: true, force: true });
  // Bundled CommonJS dependencies call require('os') etc.: give each ESM file a real require (no I/O).
  const esm = {
    ...shared,
    format: 'esm',
    banner: { js: "import { createRequire as __flCreateRequire } from 'node:module'; const require = __flCreateRequire(import.meta.url);" },
  };
  await build({
    ...esm,
    entryPoints: Object.fromEntries(LIBRARY_ENTRIES.map((name) => [name, `src/entries/${name}.ts`])),
    outdir: 'dist',
    splitting: true,
    chunkNames: 'lib/[name]-[hash]',
  });
  // Without the banner: nothing in the main entry calls require (its built-ins are imports), and the banner's
  // node:module namespace and createRequire cost its import ~1 ms. A dependency that calls require must bring it back.
  await build({
    ...esm,
    banner: {},
    entryPoints: ['src/index.ts'],
    outfile: 'dist/index.js',
    plugins: [lazyStagesAsEntries('js'), builtinsOnFirstUse],
  });
  if (/\b(?:__)?require\s*\(/.test(readFileSync('dist/index.js', 'utf8')))
    throw new Error('build: dist/index.js calls require; give it the banner');
  // CJS has no code splitting: each entry is its own bundle, and the main entry's lazy stages become require()s of
  // the stage bundles at first call.
  await build({ ...cjs, entryPoints: ['src/index.ts'], outfile: 'dist/index.cjs', plugins: [lazyStagesAsEntries('cjs')] });
  for (const name of LIBRARY_ENTRIES) await build({ ...cjs, entryPoints: [`src/entries/${name}.ts`], outfile: `dist/${name}.cjs` });
  // Declarations: dist/index.d.ts and one .d.ts per library module beside it (the CLI has none).
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const types = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  if (types.status !== 0) {
    console.error('build: tsc -p tsconfig.build.json failed');
    process.exit(types.status ?? 1);
  }
  // The same declarations for require(): TypeScript reads a .d.ts as ESM or CommonJS from the nearest
  // package.json, and this package is "type": "module", so a CommonJS consumer (module node16) was refused
  // the ESM ones (TS1479). dist/cjs/ holds a copy under a package.json that says commonjs.
  rmSync('dist/cjs', { recursive: true, force: true });
  for (const file of declarationFiles('dist')) {
    const target = join('dist/cjs', relative('dist', file));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, asCommonJsDeclaration(readFileSync(file, 'utf8')));
  }
  writeFileSync('dist/cjs/package.json', `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
}

// esbuild escapes non-ASCII characters in strings but leaves them in regular expression literals (the formats' `❯`,
// `│`, `●`…). One such character makes the whole ~0.9 MB bundle a two-byte string for V8, and the launcher could no
// longer read it as latin1: ~1.3 ms of every start (issue 21). `\uXXXX` means the same code unit in a regular
// expression (with or without the u flag, where a surrogate pair of escapes is one code point) and in a string; a
// character that was itself escaped (`\❯`, an identity escape) loses that backslash. The launcher reads the bundle as
// latin1, so an ASCII bundle is a requirement, checked here.
function asciiOnly(text) {
  const escaped = text.replace(/(\\*)([^\x00-\x7f])/gu, (_match, slashes, character) => {
    const kept = slashes.length % 2 === 1 ? slashes.slice(1) : slashes;
    let units = '';
    for (let index = 0; index < character.length; index++) units += `\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`;
    return kept + units;
  });
  if (/[^\x00-\x7f]/.test(escaped)) throw new Error('build: the CLI bundle is not ASCII');
  return escaped;
}

// Every .d.ts under `directory` (the library's declarations; the CLI has none).
function declarationFiles(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'cjs' || entry.name === 'chunks' || entry.name === 'lib' ? [] : declarationFiles(path);
    return entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

// chevrotain is ESM-only: a CommonJS declaration may name its types only as an ESM import.
function asCommonJsDeclaration(text) {
  return text.replace(/^import (?:type )?\{([^}]*)\} from 'chevrotain';$/gm, (_line, names) => {
    const bare = names
      .split(',')
      .map((name) => name.trim().replace(/^type /, ''))
      .filter(Boolean)
      .join(', ');
    return `import type { ${bare} } from 'chevrotain' with { 'resolution-mode': 'import' };`;
  });
}
