// faultline fix's review-tool outputs (issue 23 §5) from a real CLI run: SARIF `fixes` valid against the official
// 2.1.0 schema with UTF-16 columns, and rdjsonl `suggestions` with UTF-8 byte columns, on a line where the two
// units differ (é and an astral character before the edit).
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AjvDraft04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from '../cli/_io.js';

const AjvDraft04 = AjvDraft04Module.default;
const addFormats = addFormatsModule.default;
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// eslint's no-var fix replaces `var` after `é😀` (é is 2 bytes and 1 UTF-16 unit, 😀 4 bytes and 2 units): the
// columns are counted here independently, from the string and from its UTF-8 bytes.
const LINE = 'x = "é😀"; var y = 1';
const START = LINE.indexOf('var');
const UTF16 = { start: START + 1, end: START + 4 };
const BYTES = { start: Buffer.byteLength(LINE.slice(0, START)) + 1, end: Buffer.byteLength(LINE.slice(0, START)) + 4 };
function workspace(): { dir: string; log: string } {
  const dir = mkdtempSync(join(tmpdir(), 'fl-fix-outputs-'));
  made.push(dir);
  writeFileSync(join(dir, 'a.js'), `${LINE}\n`);
  const start = LINE.indexOf('var');
  const message = {
    ruleId: 'no-var',
    severity: 2,
    message: 'Unexpected var, use let or const instead.',
    line: 1,
    column: start + 1,
    endLine: 1,
    endColumn: LINE.length + 1,
    fix: { range: [start, start + 3], text: 'let' },
  };
  const log = join(dir, 'eslint.json');
  writeFileSync(log, JSON.stringify([{ filePath: join(dir, 'a.js'), messages: [message], errorCount: 1 }]));
  return { dir, log };
}

async function fix(args: string[], dir: string) {
  const io = captureIo({ cwd: dir, env: { ...process.env, FAULTLINE_CACHE_DIR: join(dir, '.cache') } });
  const code = await runCli(['fix', ...args, '--cwd', dir, '--root', dir], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('faultline fix --format sarif | rdjsonl', () => {
  it('SARIF: one result per fix with artifactChanges → replacements in UTF-16 columns, valid 2.1.0', async () => {
    const { dir, log } = workspace();
    const { code, out } = await fix([log, '--format', 'sarif'], dir);
    expect(code).toBe(1); // a dry run: found, not applied
    const sarif = JSON.parse(out);
    const schema = JSON.parse(readFileSync(new URL('../output/fixtures/sarif-schema-2.1.0-rtm.5.json', import.meta.url), 'utf8'));
    const ajv = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);
    const [result] = sarif.runs[0].results;
    expect(result.ruleId).toBe('no-var');
    expect(result.fixes[0].artifactChanges).toEqual([
      {
        artifactLocation: { uri: 'a.js' },
        replacements: [
          { deletedRegion: { startLine: 1, startColumn: UTF16.start, endLine: 1, endColumn: UTF16.end }, insertedContent: { text: 'let' } },
        ],
      },
    ]);
    expect(sarif.runs[0].columnKind).toBe('utf16CodeUnits');
    expect(UTF16).not.toEqual(BYTES);
  });

  it('rdjsonl: one diagnostic per fix whose suggestions carry UTF-8 byte columns, end exclusive', async () => {
    const { dir, log } = workspace();
    const { code, out } = await fix([log, '--format', 'rdjsonl'], dir);
    expect(code).toBe(1);
    const lines = out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(1);
    const [diagnostic] = lines;
    expect(diagnostic).toMatchObject({
      message: 'Unexpected var, use let or const instead.',
      severity: 'ERROR',
      source: { name: 'eslint-json' },
      code: { value: 'no-var' },
    });
    expect(diagnostic.suggestions).toEqual([
      { range: { start: { line: 1, column: BYTES.start }, end: { line: 1, column: BYTES.end } }, text: 'let' },
    ]);
    expect(
      Buffer.from(LINE)
        .subarray(BYTES.start - 1, BYTES.end - 1)
        .toString(),
    ).toBe('var');
  });

  it('--json and --format disagree: a usage error', async () => {
    const { dir, log } = workspace();
    const { code, err } = await fix([log, '--json', '--format', 'sarif'], dir);
    expect(code).toBe(2);
    expect(err).toMatch(/--json and --format contradict/);
  });

  for (const format of ['sarif', 'rdjsonl'] as const) {
    it(`${format} as input: its fixes (review) apply with --unsafe to the same bytes as the eslint fix they came from; a changed file is stale`, async () => {
      const { dir, log } = workspace();
      const report = join(dir, `report.${format}`);
      writeFileSync(report, (await fix([log, '--format', format], dir)).out);
      const safeOnly = await fix([report, '--apply'], dir);
      expect(safeOnly.err).toMatch(/unsafe: needs review/);
      expect(readFileSync(join(dir, 'a.js'), 'utf8')).toBe(`${LINE}\n`);
      const applied = await fix([report, '--apply', '--unsafe'], dir);
      expect(applied.code).toBe(0);
      expect(readFileSync(join(dir, 'a.js'), 'utf8')).toBe(`${LINE.replace('var', 'let')}\n`);
      // The file now differs from what the report saw, and is newer than the report.
      writeFileSync(join(dir, 'a.js'), `${LINE}\n`);
      const later = Date.now() / 1000 + 60;
      utimesSync(join(dir, 'a.js'), later, later);
      const stale = await fix([report, '--apply', '--unsafe'], dir);
      expect(stale.code).toBe(1);
      expect(stale.err).toMatch(/stale: a\.js changed after the log was written/);
      expect(readFileSync(join(dir, 'a.js'), 'utf8')).toBe(`${LINE}\n`);
    });
  }
});
