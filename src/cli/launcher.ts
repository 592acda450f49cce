// dist/cli.cjs, the `faultline` executable: compiles the CLI bundle (dist/cli-main.cjs, main.ts and all it
// imports) with the V8 code cache that the build made for it (dist/cli-main.cache) and runs it.
// Why: compiling the ~650 KB bundle was a third of the CLI's start on an empty log (issue 15). With the cache
// V8 deserialises the functions a warm-up run compiled instead of parsing and compiling them again.
// CommonJS, because Node 20 has no code cache for ES modules. The cache is used only if V8 accepts it (same V8
// version and flags, same source length; it also checks its own checksum); otherwise the bundle compiles as
// usual, only slower. A cache the build did not write beside this very bundle is never read: the build
// deletes the old cache before it writes a new bundle (scripts/build.mjs).
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';

interface CliBundle {
  main(): Promise<void>;
}

// The names scripts/code-cache.mjs uses to make the cache: the same wrapper, so V8 sees the same source.
const BUNDLE = join(__dirname, 'cli-main.cjs');
const CACHE = join(__dirname, 'cli-main.cache');

function cachedData(): Buffer | undefined {
  if (process.env.FAULTLINE_NO_CODE_CACHE === '1') return undefined;
  try {
    return readFileSync(CACHE);
  } catch {
    return undefined;
  }
}

function load(): CliBundle {
  const source = readFileSync(BUNDLE, 'utf8');
  const script = new Script(Module.wrap(source), { filename: BUNDLE, cachedData: cachedData() });
  const bundle = { exports: {} as CliBundle };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(bundle.exports, bundle.exports, createRequire(BUNDLE), bundle, BUNDLE, __dirname);
  return bundle.exports;
}

void load().main();
