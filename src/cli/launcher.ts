// dist/cli.cjs, the `faultline` executable: compiles the CLI bundle (dist/cli-main.cjs, main.ts and all it
// imports but the scanner) with a V8 code cache and runs it; the scanner (dist/cli-scan.cjs: the reports, the
// grammars and Chevrotain) is compiled the same way, with its own cache, when a log's first byte needs it.
// Why: compiling the ~650 KB bundle was a third of the CLI's start on an empty log (issue 15). With the cache
// V8 deserialises the functions a warm-up run compiled instead of parsing and compiling them again. Two scripts,
// because V8 deserialises a whole cache at compile time: the scanner's functions were ~1.1 MB of the 1.5 MB cache
// that an empty log paid ~4 ms to deserialise (issue 21).
// CommonJS, because Node 20 has no code cache for ES modules. A cache is used only if V8 accepts it (same V8
// version and flags, same source length, its own checksum); otherwise the bundle compiles as usual, slower.
// Two caches per script, in order:
//   1. dist/cli-main.cache (dist/cli-scan.cache), made by the build beside this very bundle (scripts/code-cache.mjs;
//      the build deletes the old one before it writes a new bundle);
//   2. when V8 refuses that one (a package built under another Node version), one this user's earlier run made
//      under the cache directory, named by the bundle's content hash and the Node version. It is read only
//      from a file and directory owned by this user that nobody else may write, and never from a cache directory
//      inside the current workspace (a relative or checked-in cache folder): a code cache is code.
// V8 itself checks only the source's length, so each cache file starts with a header recording the sha256 of the
// bundle it was made from and of the cache bytes after it (scripts/code-cache.mjs writes the same header). The
// build's cache must name the bundle whose digest the build wrote into this launcher; its bytes come from the same
// build as the bundle and are trusted as the bundle is. A per-user cache must match the bundle's digest and its
// own bytes' digest, computed here; a file that fails is not given to V8 at all.
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { cacheDirFor } from '../capture/cache-dir.js';
import { builtCache, checkedCache, sha256, withHeader } from './code-cache-header.js';
import { workspaceHolding } from '../resolve/user-dirs.js';

interface CliBundle {
  main(): Promise<void>;
}

// One script of the CLI: the names scripts/code-cache.mjs uses to make its cache (the same wrapper, so V8 sees
// the same source), and its sha256 as the build wrote it into this file (absent when built another way).
interface CliScript {
  path: string;
  builtCache: string;
  digest: string | undefined;
}

// The bundles' sha256 by file name, written in by scripts/build.mjs.
declare const __FAULTLINE_BUNDLE_HASHES__: Record<string, string> | undefined;
const BUNDLE_HASHES: Record<string, string> = typeof __FAULTLINE_BUNDLE_HASHES__ === 'object' ? __FAULTLINE_BUNDLE_HASHES__ : {};
// V8 flags for the CLI process alone (scripts/cli-v8-flags.mjs says which and why; the library sets none in its host).
declare const __FAULTLINE_V8_FLAGS__: readonly string[] | undefined;

function cliScript(name: string): CliScript {
  return { path: join(__dirname, `${name}.cjs`), builtCache: join(__dirname, `${name}.cache`), digest: BUNDLE_HASHES[`${name}.cjs`] };
}
const MAIN = cliScript('cli-main');
const SCANNER = cliScript('cli-scan');
// How the main bundle names the scanner (scripts/build.mjs makes locate's import of the reports this require).
const SCANNER_REQUEST = './cli-scan.cjs';

function userCachePath(script: CliScript): { path?: string; why: string } {
  // Ownership is what makes a cache file trustworthy; Windows has no uid to compare.
  if (script.digest === undefined || process.getuid === undefined) return { why: 'no per-user cache here' };
  let dir: string;
  try {
    dir = cacheDirFor();
  } catch (error) {
    // A relative FAULTLINE_CACHE_DIR: the command itself reports it when it needs the cache.
    return { why: (error as Error).message };
  }
  const workspace = workspaceHolding(dir, { home: process.env.HOME });
  if (workspace !== null) return { why: `the cache directory ${dir} is inside the workspace ${workspace}, so it holds no code cache` };
  const name = `cli-${script.digest.slice(0, 16)}-${process.version}-${process.arch}.cache`;
  return { path: join(dir, 'code-cache', name), why: '' };
}

function ownedAndPrivate(stats: { uid: number; mode: number }): boolean {
  return stats.uid === process.getuid?.() && (stats.mode & 0o022) === 0;
}

function readBuiltCache(script: CliScript): Buffer | undefined {
  try {
    return readFileSync(script.builtCache);
  } catch {
    return undefined;
  }
}

function readUserCache(path: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    if (!ownedAndPrivate(statSync(dirname(path)))) return undefined;
    fd = openSync(path, 'r');
    const stats = fstatSync(fd);
    return stats.isFile() && ownedAndPrivate(stats) ? readFileSync(fd) : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

// At exit, so the cache holds what this run compiled. Best effort: a cache directory that cannot be used
// only means the next run compiles again. Written once: a file V8 refuses (other flags) is left as it is.
function writeUserCache(path: string, script: Script, bundleDigest: string): void {
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    if (!ownedAndPrivate(statSync(dirname(path)))) return;
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, withHeader(script.createCachedData(), bundleDigest), { mode: 0o600, flag: 'wx' });
    renameSync(temporary, path);
  } catch {
    // see above
  }
}

// FAULTLINE_DEBUG_CODE_CACHE=1 says on stderr which cache compiled the bundle (tests, and users asking why a
// start is slow).
function report(used: 'build' | 'user' | 'none', why: string): void {
  if (process.env.FAULTLINE_DEBUG_CODE_CACHE === '1') writeSync(2, `faultline: code cache: ${used} (${why})\n`);
}

// The CLI's V8 flags (scripts/cli-v8-flags.mjs) tune the scan, so they are set just before the scanner compiles, and
// the main bundle's build cache is made and read without them: node:v8 loads the stream modules with it (heap
// snapshots), ~4 ms of CPU that an empty log or `--version` paid for nothing (issue 21). Everything else compiles
// under them as before: a main bundle whose build cache is not used, and every per-user cache (written at exit).
let flagsSet = false;
function setCliV8Flags(): void {
  if (flagsSet) return;
  flagsSet = true;
  const { setFlagsFromString } = process.getBuiltinModule('node:v8');
  for (const flag of typeof __FAULTLINE_V8_FLAGS__ === 'object' ? __FAULTLINE_V8_FLAGS__ : []) setFlagsFromString(flag);
}

function compile(script: CliScript, source: string): Script {
  const wrapped = Module.wrap(source);
  const filename = script.path;
  const plain = (): Script => new Script(wrapped, { filename });
  if (script !== MAIN) setCliV8Flags();
  if (process.env.FAULTLINE_NO_CODE_CACHE === '1') {
    setCliV8Flags();
    report('none', 'FAULTLINE_NO_CODE_CACHE=1');
    return plain();
  }
  const builtFile = readBuiltCache(script);
  const built =
    builtFile === undefined
      ? 'the build made no cache'
      : script.digest === undefined
        ? checkedCache(builtFile, sha256(source))
        : builtCache(builtFile, script.digest);
  const first = typeof built === 'string' ? undefined : new Script(wrapped, { filename, cachedData: built });
  if (first && !first.cachedDataRejected) {
    report('build', script.builtCache);
    return first;
  }
  setCliV8Flags();
  const why = first
    ? "V8 refused the build's cache"
    : builtFile === undefined
      ? built
      : `the build's cache was not used: ${built as string}`;
  const user = userCachePath(script);
  if (user.path === undefined) {
    report('none', `${why}; ${user.why}`);
    return first ?? plain();
  }
  const userPath = user.path;
  const bundleDigest = sha256(source);
  const ownFile = readUserCache(userPath);
  const own = ownFile === undefined ? undefined : checkedCache(ownFile, bundleDigest);
  if (own !== undefined && typeof own !== 'string') {
    const compiled = new Script(wrapped, { filename, cachedData: own });
    report(compiled.cachedDataRejected ? 'none' : 'user', compiled.cachedDataRejected ? `V8 refused ${userPath}` : userPath);
    return compiled;
  }
  const compiled = first ?? plain();
  // A file that fails its digests is replaced (written whole to a temporary, then renamed over it).
  report('none', `${why}; ${own === undefined ? '' : `${userPath}: ${own}; `}writing ${userPath} at exit`);
  process.once('exit', () => writeUserCache(userPath, compiled, bundleDigest));
  return compiled;
}

const compiledScripts = new Map<CliScript, Script>();
function compileOnce(script: CliScript): Script {
  let compiled = compiledScripts.get(script);
  // The build makes the bundles ASCII (scripts/build.mjs): latin1 reads them in half the time of UTF-8.
  if (compiled === undefined) compiledScripts.set(script, (compiled = compile(script, readFileSync(script.path, 'latin1'))));
  return compiled;
}

// src/cli/heap.ts sets V8 heap flags for a large scan before the scanner's code has run; V8 checks a code cache
// against the flags of the moment it compiles, so the scanner is compiled (its build cache read) just before they
// change, and runs later as usual. The main bundle finds this by its registered symbol: the two bundles share no module.
(globalThis as Record<symbol, unknown>)[Symbol.for('faultline.compileScanner')] = (): void => {
  try {
    compileOnce(SCANNER);
  } catch {
    // A command that never scans (`run --background` hands the scan on) may run from a copy without the scanner: its
    // first require reports what is missing, as before.
  }
};

// Runs one script as CommonJS runs a module. The main bundle's require() of the scanner loads it the same way.
function load(script: CliScript): unknown {
  const compiled = compileOnce(script);
  const module = { exports: {} };
  const base = createRequire(script.path);
  let scanner: unknown;
  const requireInBundle = Object.assign((request: string): unknown => {
    if (script !== MAIN || request !== SCANNER_REQUEST) return base(request);
    scanner ??= load(SCANNER);
    return scanner;
  }, base);
  const wrapper = compiled.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, requireInBundle, module, script.path, __dirname);
  return module.exports;
}

void (load(MAIN) as CliBundle).main();
