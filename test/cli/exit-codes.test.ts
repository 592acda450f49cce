// Exit codes (issue 24): `run` keeps the command's code and reserves 125 for its own usage or internal error and
// 126/127 for a command that cannot run / is not found (the `timeout` and `env` convention); check-command
// separates needs-approval (1) from blocked (3); prompt refuses exit-code options it could not honour;
// --max-warnings N fails a report (or a passing run) with more than N warnings.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from './_io.js';

let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fl-exit-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'a.c'), 'int a;\nint b;\nint c;\nint d;\n');
  writeFileSync(join(dir, 'warnings.log'), 'src/a.c:1:1: warning: first\nsrc/a.c:2:1: warning: second\nsrc/a.c:3:1: warning: third\n');
  writeFileSync(join(dir, 'mixed.log'), 'src/a.c:1:1: warning: first\nsrc/a.c:4:1: error: broken\n');
  writeFileSync(join(dir, 'not-executable.sh'), 'echo hi\n');
  chmodSync(join(dir, 'not-executable.sh'), 0o644);
  env = { FAULTLINE_CACHE_DIR: join(dir, '.cache'), FAULTLINE_SESSION: 'exit-codes', PATH: process.env.PATH };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[]) {
  const io = captureIo({ cwd: dir, env });
  const code = await runCli(args, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('run', () => {
  it("passes the command's own codes through, 2 included (tsc, make)", async () => {
    expect((await cli(['run', '--', 'sh', '-c', 'exit 2'])).code).toBe(2);
    expect((await cli(['run', '--', 'sh', '-c', 'exit 1'])).code).toBe(1);
    expect((await cli(['run', '--', 'true'])).code).toBe(0);
  });

  it('exits 125 for its own usage errors, never 2', async () => {
    const unknown = await cli(['run', '--frmat', 'unix', '--', 'true']);
    expect(unknown.code).toBe(125);
    expect((await cli(['run'])).code).toBe(125);
    expect((await cli(['run', '--timeout', 'soon', '--', 'true'])).code).toBe(125);
    const nowhere = await cli(['run', '--cwd', '/nope', '--', 'true']);
    expect(nowhere.code).toBe(125);
    expect(nowhere.err).toBe('faultline run: --cwd /nope: no such directory (the command would run there) [E_USAGE]\n');
  });

  it('exits 127 when the command is not found and 126 when it cannot run, in one line of its own', async () => {
    const missing = await cli(['run', '--', 'no-such-cmd-xyz', '--flag']);
    expect(missing).toEqual({ code: 127, out: '', err: 'faultline run: command not found: no-such-cmd-xyz (not on PATH)\n' });
    const notExecutable = await cli(['run', '--', './not-executable.sh']);
    expect(notExecutable).toEqual({
      code: 126,
      out: '',
      err: `faultline run: cannot run ${join(dir, 'not-executable.sh')}: not executable\n`,
    });
    expect((await cli(['run', '--', './src'])).code).toBe(126);
  });

  it('--max-warnings: a passing command with more warnings than N exits 1; N or fewer, or a failing command, keep its code', async () => {
    const cat = ['cat', join(dir, 'warnings.log')];
    const over = await cli(['run', '--max-warnings', '2', '--', ...cat]);
    expect(over.code).toBe(1);
    expect(over.err).toBe('faultline: 3 warnings, more than --max-warnings 2\n');
    expect((await cli(['run', '--max-warnings', '3', '--', ...cat])).code).toBe(0);
    expect((await cli(['run', '--max-warnings=0', '--', 'sh', '-c', `cat ${join(dir, 'warnings.log')}; exit 4`])).code).toBe(4);
  });
});

describe('locate --max-warnings', () => {
  it('exits 1 only when the warnings exceed N (errors still fail), and says so on stderr', async () => {
    expect((await cli(['locate', 'warnings.log'])).code).toBe(1);
    const within = await cli(['locate', 'warnings.log', '--max-warnings', '3']);
    expect(within.code).toBe(0);
    expect(within.out).toContain('3 warnings');
    const over = await cli(['locate', 'warnings.log', '--max-warnings', '2', '--json']);
    expect(over.code).toBe(1);
    expect(over.err).toBe('faultline: 3 warnings, more than --max-warnings 2\n');
    // --quiet hides the warnings, it does not stop them counting.
    expect((await cli(['locate', 'warnings.log', '--max-warnings', '0', '--quiet'])).code).toBe(1);
    expect((await cli(['locate', 'mixed.log', '--max-warnings', '5'])).code).toBe(1);
    // An explicit --fail-level still decides below the limit.
    expect((await cli(['locate', 'warnings.log', '--max-warnings', '5', '--fail-level', 'warning'])).code).toBe(1);
    const bad = await cli(['locate', 'warnings.log', '--max-warnings', '-1']);
    expect(bad.code).toBe(2);
  });
});

describe('check-command', () => {
  it('exits 0 read-only, 0 allowed, 1 needs approval, 3 blocked, 2 usage', async () => {
    expect((await cli(['check-command', '--', 'ls -la'])).code).toBe(0);
    expect((await cli(['check-command', '--allow', 'npm run *', '--', 'npm run build'])).code).toBe(0);
    expect((await cli(['check-command', '--', 'npm install left-pad'])).code).toBe(1);
    const blocked = await cli(['check-command', '--', 'rm -rf /']);
    expect(blocked.out).toMatch(/^blocked: /);
    expect(blocked.code).toBe(3);
    expect((await cli(['check-command'])).code).toBe(2);
    expect((await cli(['check-command', '--shell', 'fish', '--', 'ls'])).code).toBe(2);
  });

  it("--help's example is quoted so that a shell passes it as one argument", async () => {
    const help = await cli(['check-command', '--help']);
    const example = /^ {2}(faultline check-command -- .*)$/m.exec(help.out)?.[1];
    expect(example).toBe(`faultline check-command -- 'git commit -m "a b"'`);
    expect(help.out).toMatch(/exit: 0 read-only or allowed .*, 1 needs approval .*, 3 blocked .*, 2 usage error/);
  });
});

describe('prompt', () => {
  it('refuses --fail-level and --max-warnings, which it could not honour (it exits 0 once a prompt is printed)', async () => {
    for (const option of [
      ['--fail-level', 'error'],
      ['--max-warnings', '0'],
    ]) {
      const refused = await cli(['prompt', 'mixed.log', ...option]);
      expect(refused.code).toBe(2);
      expect(refused.err).toMatch(new RegExp(`^faultline prompt: ${option[0]} does not apply to prompt .*\\[E_USAGE\\]\\n$`));
    }
    expect((await cli(['prompt', 'mixed.log'])).code).toBe(0);
  });
});
