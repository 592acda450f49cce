// Paging and search over saved output (seeds §4 cases 22–24) on real files and real captures.
import { open, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { isFaultlineError } from '../../src/core/index.js';
import { readArtifact, runCommand, searchArtifact } from '../../src/capture/index.js';
import { tempDir, testEnv } from './helpers.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(() => cleanup());

async function file(name: string, content: string | Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

const code = (expected: string) => (error: unknown) => isFaultlineError(error) && error.code === expected;

describe('case 22: search correctness', () => {
  test('(a) a match across a 64 KiB read boundary inside "é" is found without U+FFFD', async () => {
    const prefix = `${'a'.repeat(1000)}\n${'b'.repeat(65_535 - 1001)}`;
    expect(Buffer.byteLength(prefix)).toBe(65_535);
    const path = await file('a.log', `${prefix}érror: disk quota\nok\n`);
    const result = await searchArtifact({ artifact: path, search: 'érror' });
    expect(result.total).toBe(1);
    expect(result.matches[0]).toMatchObject({ line: 2, byteOffset: 1001 });
    expect(result.matches[0]!.text.endsWith('bbbérror: disk quota')).toBe(true);
    expect(result.matches[0]!.text).not.toContain('\uFFFD');
  });

  test('(b) CRLF: "failed$" matches and lines are not doubled', async () => {
    const path = await file('b.log', 'build failed\r\nok\r\n');
    const result = await searchArtifact({ artifact: path, search: 'failed$' });
    expect(result.total).toBe(1);
    expect(result.matches[0]!.line).toBe(1);
    const page = await readArtifact({ artifact: path });
    expect(page.lines).toEqual([
      { line: 1, text: 'build failed' },
      { line: 2, text: 'ok' },
    ]);
  });

  test('(c) a 50 KB matching line is reported (truncated with a marker) and a later short match too', async () => {
    const path = await file('c.log', `${'x'.repeat(25_000)}ERROR in the middle${'y'.repeat(25_000)}\nfine\nERROR short\n`);
    const result = await searchArtifact({ artifact: path, search: 'ERROR' });
    expect(result.total).toBe(2);
    expect(result.matches.map((match) => match.line)).toEqual([1, 3]);
    expect(result.matches[0]!.text).toContain('ERROR in the middle');
    expect(result.matches[0]!.text).toMatch(/\[… [\d ]+ chars of this line omitted …\]/);
    expect(result.matches[0]!.text.length).toBeLessThan(2200);
    expect(result.matches[1]!.text).toBe('ERROR short');
  });

  test('an invalid regex is E_REGEX', async () => {
    const path = await file('r.log', 'x\n');
    await expect(searchArtifact({ artifact: path, search: '([' })).rejects.toSatisfy(code('E_REGEX'));
  });
});

describe('case 23: bounded, pageable search', () => {
  test('a 3 MB line of \\r progress frames: ERROR is found and the line is its last state', async () => {
    let content = '';
    for (let index = 0; content.length < 3_000_000; index++) content += `\rprogress ${index} ${'#'.repeat(index % 50)}`;
    const path = await file('progress.log', `${content}\rERROR: upstream reset`);
    const before = process.memoryUsage().heapUsed;
    const result = await searchArtifact({ artifact: path, search: 'ERROR' });
    expect(result.total).toBe(1);
    expect(result.matches[0]).toMatchObject({ line: 1, byteOffset: 0, text: 'ERROR: upstream reset' });
    const page = await readArtifact({ artifact: path });
    expect(page.lines).toEqual([{ line: 1, text: 'ERROR: upstream reset' }]);
    // Far below the 3 MB line (×2 for UTF-16) that a whole-line reader would hold.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(40 * 1024 * 1024);
  });

  test('40 MB with 5 000 WARN lines: true total, pages, cursor, case, context, byte offsets', async () => {
    const path = join(dir, 'big.log');
    const handle = await open(path, 'w');
    const filler = `${'.'.repeat(7000)}\n`;
    let lineNo = 0;
    for (let index = 0; index < 5000; index++) {
      await handle.write(`${filler}${filler}${filler}${filler}${filler}WARN disk ${index + 1} nearly full\n`);
      lineNo += 6;
    }
    await handle.close();
    const first = await searchArtifact({ artifact: path, search: 'WARN', context: 2 });
    expect(first.total).toBe(5000);
    expect(first.skipped).toBe(0);
    expect(first.matches).toHaveLength(200);
    expect(first.matches[0]).toMatchObject({ line: 6, text: 'WARN disk 1 nearly full' });
    expect(first.matches[0]!.before).toHaveLength(2);
    expect(first.matches[0]!.after).toHaveLength(2);
    const second = await searchArtifact({ artifact: path, search: 'WARN', after: first.next! });
    expect(second.total).toBe(5000);
    expect(second.skipped).toBe(200);
    expect(second.matches[0]!.text).toBe('WARN disk 201 nearly full');
    // Each hit's byte offset lets a read jump straight there.
    const hit = second.matches[0]!;
    const raw = await open(path, 'r');
    const probe = Buffer.alloc(9);
    await raw.read(probe, 0, 9, hit.byteOffset);
    await raw.close();
    expect(probe.toString()).toBe('WARN disk');
    const jumped = await readArtifact({ artifact: path, fromByte: hit.byteOffset, limit: 1 });
    expect(jumped.lines).toEqual([{ line: hit.line, text: hit.text }]);
    expect((await searchArtifact({ artifact: path, search: 'warn' })).total).toBe(0);
    expect((await searchArtifact({ artifact: path, search: 'warn', ignoreCase: true, limit: 1 })).total).toBe(5000);
    expect(lineNo).toBe(30_000);
  }, 20_000);
});

describe('case 24: read paging edges', () => {
  test('(a) a byte offset inside a 3-byte character starts at the next line, correctly numbered', async () => {
    const path = await file('a.log', '日本語のログ\n二行目\n');
    const result = await readArtifact({ artifact: path, fromByte: 1 });
    expect(result.lines).toEqual([{ line: 2, text: '二行目' }]);
  });

  test('(b) "alpha\\nbeta\\n" is exactly two lines', async () => {
    const path = await file('b.log', 'alpha\nbeta\n');
    expect((await readArtifact({ artifact: path })).lines).toEqual([
      { line: 1, text: 'alpha' },
      { line: 2, text: 'beta' },
    ]);
  });

  test('(c) a huge limit is clamped with a note; (d) nonsense limits are usage errors', async () => {
    const path = await file('c.log', 'one\n');
    const result = await readArtifact({ artifact: path, limit: 1e9 });
    expect(result.notes).toEqual(['limit 1000000000 clamped to 1000']);
    await expect(readArtifact({ artifact: path, limit: -5 })).rejects.toSatisfy(code('E_USAGE'));
    await expect(readArtifact({ artifact: path, limit: 'abc' })).rejects.toSatisfy(code('E_USAGE'));
    await expect(searchArtifact({ artifact: path, search: 'x', context: 99 })).resolves.toMatchObject({
      notes: ['context 99 clamped to 20'],
    });
  });

  test('(e) paging deep into a capture jumps through the sparse index instead of rescanning', async () => {
    const env = testEnv(dir);
    const run = await runCommand({
      command: ['node', '-e', 'let s = ""; for (let i = 1; i <= 300000; i++) s += `line ${i}\\n`; process.stdout.write(s)'],
      cwd: dir,
      env,
      history: false,
    });
    const meta = JSON.parse(await readFile(run.artifact.path.replace(/\.log$/, '.json'), 'utf8'));
    expect(meta.lines).toBe(300_000);
    expect(meta.offsets).toHaveLength(300);
    // Blank out the prefix without changing its size: a reader that rescans it would misnumber lines.
    const handle = await open(run.artifact.path, 'r+');
    await handle.write(Buffer.alloc(meta.offsets[250] - 1, 0x20), 0, meta.offsets[250] - 1, 0);
    await handle.close();
    const page = await readArtifact({ artifact: run.artifact.id, env, offset: 250_001, limit: 3 });
    expect(page.lines.map((line) => line.text)).toEqual(['line 250001', 'line 250002', 'line 250003']);
    expect(page.lines[0]!.line).toBe(250_001);
    const next = await readArtifact({ artifact: run.artifact.id, env, after: page.next!, limit: 1 });
    expect(next.lines).toEqual([{ line: 250_004, text: 'line 250004' }]);
  });

  test('(f) an artifact removed by retention says so instead of returning stale data', async () => {
    const env = testEnv(dir);
    const run = await runCommand({ command: ['echo', 'hi'], cwd: dir, env, history: false });
    await unlink(run.artifact.path);
    await expect(readArtifact({ artifact: run.artifact.id, env })).rejects.toSatisfy(
      (error) =>
        isFaultlineError(error, 'E_ARTIFACT_MISSING') &&
        error.message === `artifact ${run.artifact.id} was removed by retention or never existed`,
    );
    await expect(searchArtifact({ artifact: '20200101T000000000Z-deadbeef', env, search: 'x' })).rejects.toSatisfy(
      code('E_ARTIFACT_MISSING'),
    );
  });

  test('a cursor that is not a line start is refused', async () => {
    const path = await file('k.log', 'alpha\nbeta\n');
    await expect(readArtifact({ artifact: path, after: '2:3' })).rejects.toSatisfy(code('E_USAGE'));
    await expect(readArtifact({ artifact: path, after: 'garbage' })).rejects.toSatisfy(code('E_USAGE'));
    expect((await readArtifact({ artifact: path, after: '2:6' })).lines).toEqual([{ line: 2, text: 'beta' }]);
  });

  test('a final line without newline is read', async () => {
    const path = await file('f.log', 'one\ntwo');
    expect((await readArtifact({ artifact: path, offset: 2 })).lines).toEqual([{ line: 2, text: 'two' }]);
  });
});
