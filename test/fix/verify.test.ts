// `faultline fix --apply --verify` (issue 23): after writing, the saved run's command runs again; when it now
// reports an error it did not report before, every file goes back to its bytes before the fixes. Real gcc runs
// on the gcc fix-it fixture: its own fix-its make the file compile (kept), a model's answer that breaks it is undone.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { hasTool, needs } from '../_tools.js';
import { captureIo } from '../cli/_io.js';

const FIXTURE = join(import.meta.dirname, '..', '..', 'fixtures', 'gcc', 'fixits');
const COMPILE = ['gcc', '-fdiagnostics-parseable-fixits', '-c', 'main.c', '-o', '/dev/null'];
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function copyOfFixture(): { dir: string; env: NodeJS.ProcessEnv } {
  const base = mkdtempSync(join(tmpdir(), 'fl-fix-verify-'));
  made.push(base);
  const dir = join(base, 'tree');
  cpSync(FIXTURE, dir, { recursive: true });
  return {
    dir,
    env: { ...process.env, LC_ALL: 'C.UTF-8', FAULTLINE_CACHE_DIR: join(base, '.cache'), FAULTLINE_SESSION: `fix-verify-${base}` },
  };
}

async function cli(args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const io = captureIo({ cwd, env });
  const code = await runCli(args, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('faultline fix --apply --verify', () => {
  it.skipIf(!hasTool('gcc'))(`gcc's own fix-its: the command runs again with no new error, the fixes stay ${needs('gcc')}`, async () => {
    const { dir, env } = copyOfFixture();
    expect((await cli(['run', '--', ...COMPILE], dir, env)).code).toBe(1);
    const fixed = await cli(['fix', '--last', '--apply', '--unsafe', '--verify'], dir, env);
    expect(fixed.err).not.toContain('restored');
    expect(fixed.code).toBe(0);
    expect(readFileSync(join(dir, 'main.c'), 'utf8')).toMatch(/^#include <stdio.h>\n[^]*q->x \+ colour\)/);
  });

  it.skipIf(!hasTool('gcc'))(`an answer that adds an error: every file is restored byte for byte, exit 1 ${needs('gcc')}`, async () => {
    const { dir, env } = copyOfFixture();
    const original = readFileSync(join(dir, 'main.c'));
    expect((await cli(['run', '--', ...COMPILE], dir, env)).code).toBe(1);
    writeFileSync(join(dir, 'answer.md'), ['<<<<<<< OLD main.c', '  return 0;', '=======', '  return zero;', '>>>>>>> NEW', ''].join('\n'));
    const verified = await cli(['fix', '--last', '--apply', '--verify', '--answer', 'answer.md'], dir, env);
    expect(verified.err).toMatch(/--verify: 'gcc [^']*' reports 1 new error\(s\) after the fixes; every file was restored/);
    expect(verified.code).toBe(1);
    expect(readFileSync(join(dir, 'main.c'))).toEqual(original);
  });

  it('without a saved run there is nothing to run again: a usage error, and nothing stays written', async () => {
    const { dir, env } = copyOfFixture();
    const original = readFileSync(join(dir, 'main.c'));
    writeFileSync(join(dir, 'answer.md'), ['<<<<<<< OLD main.c', '  return 0;', '=======', '  return 1;', '>>>>>>> NEW', ''].join('\n'));
    const refused = await cli(['fix', join(FIXTURE, '..', 'fixits.log'), '--apply', '--verify', '--answer', 'answer.md'], dir, env);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('--verify needs a saved run');
    expect(readFileSync(join(dir, 'main.c'))).toEqual(original);
  });
});
