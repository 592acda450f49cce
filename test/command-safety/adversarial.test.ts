// Every row of adversarial.tsv is dangerous (it deletes, writes outside the workspace or into a protected file,
// runs a program or reads a secret): none may be read-only or allowed. Rows are classified in a scratch
// workspace and home built for their `setup` (adversarial-setup.mjs), never against the real home. One test per
// class of issue 22 (options, config, paths, allow) and one for the shapes of public bypass reports.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../src/safety/index.js';
// @ts-expect-error plain ESM helpers shared with verify-adversarial.mjs
import { adversarialRows } from './adversarial-rows.mjs';
// @ts-expect-error plain ESM helpers shared with verify-adversarial.mjs
import { makeScratch } from './adversarial-setup.mjs';

interface Row {
  line: number;
  shell: 'bash' | 'powershell';
  expected: string;
  allow: string[];
  setup: string;
  verify: string;
  kind: string;
  command: string;
  why: string;
}
interface Scratch {
  dir: string;
  ws: string;
  home: string;
}

const rows: Row[] = adversarialRows();
const scratches = new Map<string, Scratch>();
function scratch(setup: string): Scratch {
  if (!scratches.has(setup)) scratches.set(setup, makeScratch(setup));
  return scratches.get(setup)!;
}
afterAll(() => {
  for (const { dir } of scratches.values()) rmSync(dir, { recursive: true, force: true });
});

async function failures(kind: string): Promise<string[]> {
  const out: string[] = [];
  for (const row of rows.filter((candidate) => candidate.kind === kind)) {
    const { ws, home } = scratch(row.setup);
    const result = await classifyCommand(row.command, { shell: row.shell, allow: row.allow, workdir: ws, root: ws, home });
    const ok =
      row.expected === 'blocked' ? result.verdict === 'blocked' : result.verdict === 'needs-approval' || result.verdict === 'blocked';
    if (!ok) out.push(`${row.line}: ${JSON.stringify(row.command)} → ${result.verdict} (${result.reason})`);
  }
  return out;
}

describe('adversarial command-safety table', () => {
  it('holds at least 400 dangerous rows, in every class', () => {
    expect(rows.length).toBeGreaterThanOrEqual(400);
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(['options', 'config', 'paths', 'allow', 'reports']));
    expect(join('x', 'y')).toBe('x/y');
  });

  for (const kind of ['options', 'config', 'paths', 'allow', 'reports']) {
    it(`no ${kind} row is read-only or allowed`, async () => {
      expect(await failures(kind)).toEqual([]);
    }, 120_000);
  }
});
