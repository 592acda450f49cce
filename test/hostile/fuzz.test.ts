// Issue 16 item 6: mutated fixtures through the library API. Every case must end in a result or a coded
// FaultlineError (never a TypeError, a RangeError or a hang), with the work of reading it bounded by its size.
// CI runs a few hundred cases with a fixed seed; `npm run fuzz` runs many more (FAULTLINE_FUZZ_CASES,
// FAULTLINE_FUZZ_SEED).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { isFaultlineError, toLocateJson, type WorkMeter } from '../../src/core/index.js';
import { locate } from '../../src/locate/index.js';
import { explainLocations } from '../../src/lsp-client/index.js';
import { OUTPUT_FORMATS, renderOutput } from '../../src/output/index.js';
import { summariseError } from '../../src/summarise/index.js';
import { tempDir } from '../integration/_setup.js';
import { fixtureLogs, fuzzCase } from './fuzz-cases.js';

const CASES = Number(process.env.FAULTLINE_FUZZ_CASES ?? 250);
const SEED = Number(process.env.FAULTLINE_FUZZ_SEED ?? 16);
// Reading examines each byte a bounded number of times (the anchor sweep, the line walk, each grammar a candidate
// line is offered to): at most 44 steps per byte over 1 000 cases, median 6.5. A stage that read the log again for
// each line would cost thousands per byte at these sizes (a case is at most 256 KiB). The slack covers tiny cases.
const MAX_STEPS_PER_BYTE = 200;
const SLACK_STEPS = 64 * 1024;

// A workspace where many fixture paths resolve, so resolution, ranking and explain are exercised too.
const root = tempDir('fuzz');
for (const file of [
  'src/app.ts',
  'main.c',
  'main.go',
  'main.py',
  'main.rb',
  'Main.java',
  'src/lib.rs',
  'app.js',
  'index.ts',
  'calc.rb',
  'stats.rb',
]) {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), Array.from({ length: 40 }, (_, line) => `line ${line + 1} of ${file}`).join('\n'));
}

async function* once(bytes: Buffer): AsyncIterable<Uint8Array> {
  yield bytes;
}

async function exercise(bytes: Buffer, explain: boolean, meter: WorkMeter): Promise<void> {
  const result = await locate({ stream: once(bytes) }, { cwd: root, roots: [root], isIgnored: async () => new Set(), meter });
  JSON.stringify(toLocateJson(result));
  for (const format of OUTPUT_FORMATS) renderOutput(format, result, {});
  summariseError({
    lines: bytes.toString('utf8').split('\n').slice(0, 200),
    ...(result.locations[0] ? { primaryLogLine: Math.min(200, result.locations[0].logLine) } : {}),
  });
  if (explain && result.locations.length > 0) await explainLocations({ locations: result.locations, roots: [root], noLsp: true });
}

describe(`fuzz: ${CASES} mutated fixtures (seed ${SEED})`, () => {
  test("no uncoded throw, work bounded by each case's size", async () => {
    const logs = fixtureLogs();
    expect(logs.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let coded = 0;
    for (let index = 0; index < CASES; index++) {
      const fuzz = fuzzCase(SEED, index, logs);
      const where = `seed ${SEED} case ${index} (${fuzz.fixture}: ${fuzz.mutations.join(', ')}; ${fuzz.bytes.length} bytes)`;
      const meter: WorkMeter = { steps: 0 };
      try {
        await exercise(fuzz.bytes, index % 10 === 0, meter);
      } catch (error) {
        if (isFaultlineError(error)) coded++;
        else failures.push(`${where}: uncoded ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
      if (meter.steps > MAX_STEPS_PER_BYTE * fuzz.bytes.length + SLACK_STEPS) failures.push(`${where}: ${meter.steps} steps of work`);
      if (failures.length >= 5) break;
    }
    expect(failures).toEqual([]);
    // Binary-looking mutations are refused with a code; most cases are scanned.
    expect(coded).toBeLessThan(CASES);
  }, 600_000);
});
