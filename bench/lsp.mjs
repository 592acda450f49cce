#!/usr/bin/env node
// Language-server lookups: each server's cold start (spawn → initialize → didOpen → first
// documentSymbol), the median of 100 warm documentSymbol lookups on that server, and one cold
// tree-sitter lookup (dynamic import + WASM init + grammar load + parse) in a fresh process.
// Printed as ratios to the cold start, since absolute times swing with machine load.
// Usage: node bench/lsp.mjs [--entry dist/index.js] [--runs 100] [--servers typescript,python,c,shellscript]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
// The entry is faultline/lsp (dist/lsp.js): the main entry loads the stage lazily and exports no ServerPool class.
// strict: false because bench/run.mjs forwards its own flags (--sizes) to every extra bench.
const { values } = parseArgs({
  options: {
    entry: { type: 'string', default: 'dist/lsp.js' },
    runs: { type: 'string', default: '100' },
    servers: { type: 'string', default: 'typescript,python,c,shellscript' },
    child: { type: 'string' },
  },
  strict: false,
});
const entry = resolve(root, values.entry);
if (!existsSync(entry)) {
  console.error(`bench/lsp: ${entry} not found; run \`npm run build\` first (or pass --entry PATH)`);
  process.exit(2);
}
const lib = await import(pathToFileURL(entry).href);
const fixtures = join(root, 'test', 'fixtures-lsp');
const SAMPLES = { typescript: ['shop.ts', 16], python: ['decorated.py', 13], c: ['sample.c', 9], shellscript: ['script.sh', 6] };

function median(list) {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function now() {
  return Number(process.hrtime.bigint()) / 1e6;
}

// Child mode: one cold tree-sitter lookup, nothing else loaded before it.
if (values.child === 'tree-sitter') {
  const [file, line] = SAMPLES.typescript;
  const text = readFileSync(join(fixtures, file), 'utf8');
  const started = now();
  const symbol = await lib.treeSitterSymbol({ file: join(fixtures, file), text, line });
  const cold = now() - started;
  const warm = [];
  for (let index = 0; index < 20; index += 1) {
    const again = now();
    await lib.treeSitterSymbol({ file: join(fixtures, file), text, line });
    warm.push(now() - again);
  }
  console.log(JSON.stringify({ cold, warm: median(warm), name: symbol?.name }));
  process.exit(0);
}

const runs = Number(values.runs);
const treeSitter = JSON.parse(
  execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--entry', entry, '--child', 'tree-sitter'], { encoding: 'utf8' }),
);
console.log(
  `tree-sitter (fresh process): cold ${treeSitter.cold.toFixed(0)} ms, warm median ${treeSitter.warm.toFixed(1)} ms → ${treeSitter.name}`,
);

for (const languageId of values.servers.split(',')) {
  const sample = SAMPLES[languageId];
  if (sample === undefined) continue;
  const [name, line] = sample;
  const file = join(fixtures, name);
  const text = readFileSync(file, 'utf8');
  const pool = new lib.ServerPool();
  const language = pool.languagesFor(fixtures).find((candidate) => candidate.languageId === languageId);
  if (language?.server == null) {
    console.log(`${languageId}: no server installed here, skipped`);
    continue;
  }
  try {
    const started = now();
    const first = await pool.documentSymbols({ root: fixtures, file, text, timeoutMs: 30_000 });
    const cold = now() - started;
    const warm = [];
    for (let index = 0; index < runs; index += 1) {
      const again = now();
      await pool.documentSymbols({ root: fixtures, file, text, timeoutMs: 10_000 });
      warm.push(now() - again);
    }
    const symbol = lib.innermostSymbol(first.answer, line, `lsp:${first.server}`);
    const warmMedian = median(warm);
    console.log(
      `${first.server}: cold start ${cold.toFixed(0)} ms, warm median of ${runs} ${warmMedian.toFixed(2)} ms ` +
        `(warm/cold ${(warmMedian / cold).toFixed(4)}; tree-sitter cold/server cold ${(treeSitter.cold / cold).toFixed(3)}) → ${symbol?.name}`,
    );
  } catch (error) {
    console.log(`${languageId}: ${error.message}`);
  } finally {
    const stopping = now();
    await pool.dispose();
    console.log(`  stop: ${(now() - stopping).toFixed(0)} ms`);
  }
}
