// What the grammar layer costs per location line, warm, in one process (bench/floors.mjs prints it against the
// targets of the real-log and 1 MB rows). For each log: the scanner finds its location lines; then, on those lines
// alone, Chevrotain's lexer (faultline's token vocabulary), and for tsc and rustc logs also the one location rule
// their format runs (`parenLocation` on `src/a.ts(3,7): error …`, `colonLocation` after rustc's `  --> `): no
// anchors, neighbours, emitting, resolving or output. Warm and repeated, so JIT warm-up is left out: the cold CLI
// pays more than this, never less. Also, on the 1 MB synthetic log, the universal anchor regex alone against the
// whole scanner, both warm, as MB/s (the warm-throughput row's target is 250 MB/s for all of locate).
// Usage: node floor-lines.mjs LOG… (bundled by bench/floors.mjs; prints one JSON object)
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createScanner } from '../src/grammars/index.js';
import { UNIVERSAL_ANCHORS } from '../src/grammars/engine/prefilter.js';
import { lineLexer } from '../src/grammars/engine/tokens.js';
import { parserForFormat } from '../src/grammars/registry.js';
import { normaliseLine } from '../src/summarise/index.js';

const PASSES = 7;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;
function timed(run: () => void): number {
  run();
  const samples: number[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    const started = process.hrtime.bigint();
    run();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(samples);
}

function scan(text: string): ReturnType<ReturnType<typeof createScanner>['end']> {
  const scanner = createScanner({ normaliseLine });
  for (let offset = 0; offset < text.length; offset += 64 * 1024) scanner.write(text.slice(offset, offset + 64 * 1024));
  return scanner.end();
}

// The rule each format's lines are parsed with first, where one rule is the whole head (tsc, rustc's arrow line).
const HEAD_RULES: Record<string, { rule: string; args: unknown[]; from: (line: string) => number }> = {
  tsc: { rule: 'parenLocation', args: [false, true], from: () => 0 },
  rustc: { rule: 'colonLocation', args: [false], from: (line) => /^\s*--> /.exec(line)?.[0].length ?? -1 },
};

const rows = [];
for (const path of process.argv.slice(2)) {
  const text = readFileSync(path, 'latin1');
  const lines = text.split('\n').map((line) => normaliseLine(line));
  const scanned = scan(text);
  const locationLines = [...new Set(scanned.locations.map((location) => location.logLine))].map((number) => lines[number - 1] ?? '');
  const lexer = lineLexer();
  const lexMs = timed(() => {
    for (const line of locationLines) lexer.tokenize(line);
  });
  let parse: { format: string; lines: number; ms: number } | undefined;
  const counts = new Map<string, number>();
  for (const location of scanned.locations) counts.set(location.format, (counts.get(location.format) ?? 0) + 1);
  const [format] = [...counts].sort((left, right) => right[1] - left[1])[0] ?? [];
  const head = format === undefined ? undefined : HEAD_RULES[format];
  if (format !== undefined && head !== undefined) {
    const heads = locationLines.map((line) => ({ line, from: head.from(line) })).filter(({ from }) => from >= 0);
    const parser = parserForFormat(format, head.rule);
    const tokenised = heads.map(({ line, from }) => lexer.tokenize(line).tokens.filter((token) => token.startOffset >= from));
    const ms = timed(() => {
      for (const tokens of tokenised) {
        parser.input = tokens;
        if (parser.invoke(head.rule, head.args) === undefined) throw new Error(`floor-lines: ${head.rule} failed on a ${format} line`);
      }
    });
    parse = { format, lines: heads.length, ms };
  }
  const scanMs = timed(() => scan(text));
  const anywhere = new RegExp(UNIVERSAL_ANCHORS.map((source) => `(?:${source})`).join('|'), 'g');
  const anchorMs = timed(() => {
    anywhere.lastIndex = 0;
    while (anywhere.exec(text) !== null);
  });
  // A 10 KB slice, scanned 100 times per pass: the warm 10 KB row's budget (0.5 ms) is for all of locate.
  const smallText = text.slice(0, 10_000);
  const smallScanMs =
    timed(() => {
      for (let time = 0; time < 100; time++) scan(smallText);
    }) / 100;
  rows.push({ log: basename(path), bytes: text.length, locationLines: locationLines.length, lexMs, parse, scanMs, anchorMs, smallScanMs });
}
process.stdout.write(`${JSON.stringify(rows)}\n`);
