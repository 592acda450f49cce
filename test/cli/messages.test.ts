// One-line messages a new user meets first (issue 24): "did you mean" for mistyped options, formats and commands,
// the option named when a directory is wrong, the CLI's own words instead of library function names,
// read --last-failed, and the run summary on a line of its own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { closestName } from '../../src/core/index.js';
import { captureIo } from './_io.js';

let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fl-messages-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'a.c'), 'int a;\nint b;\n');
  writeFileSync(join(dir, 'build.log'), 'src/a.c:2:1: error: broken\n');
  env = { FAULTLINE_CACHE_DIR: join(dir, '.cache'), FAULTLINE_SESSION: 'messages', PATH: process.env.PATH };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[]) {
  const io = captureIo({ cwd: dir, env });
  const code = await runCli(args, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('did you mean', () => {
  it.each([
    [
      ['locate', 'build.log', '--formt', 'unix'],
      'faultline locate: unknown option --formt (did you mean --format?) (faultline locate --help lists them) [E_USAGE]\n',
    ],
    [
      ['explain', 'build.log', '--no-lps'],
      'faultline explain: unknown option --no-lps (did you mean --no-lsp?) (faultline explain --help lists them) [E_USAGE]\n',
    ],
    [
      ['read', 'x', '--serach', 'a'],
      'faultline read: unknown option --serach (did you mean --search?) (faultline read --help lists them) [E_USAGE]\n',
    ],
    [
      ['run', '--frmat', 'unix', '--', 'true'],
      'faultline run: unknown option --frmat (did you mean --format?) (faultline run --help lists them) [E_USAGE]\n',
    ],
    [
      ['check-command', '--jsno', '--', 'ls'],
      'faultline check-command: unknown option --jsno (did you mean --json?) (faultline check-command --help lists them) [E_USAGE]\n',
    ],
    [
      ['locate', 'build.log', '--format', 'unx'],
      "faultline locate: unknown --format 'unx' (did you mean unix?) (one of: text, json, github, sarif, rdjsonl, gitlab, unix, vim, checkstyle) [E_USAGE]\n",
    ],
    [
      ['locate', 'build.log', '--tool', 'tsc-prety'],
      "faultline locate: unknown format 'tsc-prety' (did you mean tsc-pretty?) (see 'faultline formats') [E_UNKNOWN_FORMAT]\n",
    ],
    [
      ['locat', 'build.log'],
      "faultline: unknown command 'locat' (did you mean locate?) (one of: locate, explain, run, read, check-command, kill, ps, fix, lsp, prompt, formats, check-fixtures; see faultline --help)\n",
    ],
  ])('%j', async (args, message) => {
    const result = await cli(args);
    expect(result.err).toBe(message);
    expect(result.code).toBe(args[0] === 'run' ? 125 : 2);
  });

  it('offers nothing when no name is close, and one that a prefix names alone', async () => {
    expect((await cli(['locate', 'build.log', '--zzzzzz'])).err).toBe(
      'faultline locate: unknown option --zzzzzz (faultline locate --help lists them) [E_USAGE]\n',
    );
    expect(closestName('--max', ['--max-warnings', '--format'])).toBe('--max-warnings');
    expect(closestName('--fromat', ['--format', '--json'])).toBe('--format');
    expect(closestName('x', ['--format', '--json'])).toBeUndefined();
  });
});

describe('messages', () => {
  it('--cwd and --root that do not exist name the option', async () => {
    expect((await cli(['locate', 'build.log', '--cwd', '/nope'])).err).toBe('faultline locate: --cwd /nope: no such directory [E_USAGE]\n');
    expect((await cli(['locate', 'build.log', '--root', 'missing'])).err).toBe(
      'faultline locate: --root missing: no such directory [E_USAGE]\n',
    );
  });

  it('a background id that is not there is told in CLI words, not library function names', async () => {
    const result = await cli(['read', '20200101T000000000Z-deadbeef', '--wait', '10']);
    expect(result.code).toBe(2);
    expect(result.err).not.toMatch(/\b\w+\(\)/);
    expect(result.err.trimEnd().split('\n')).toHaveLength(1);
  });

  it('read --last-failed pages the last failed run of this workspace', async () => {
    expect((await cli(['run', '--', 'sh', '-c', 'echo first line; echo "src/a.c:2:1: error: broken"; exit 1'])).code).toBe(1);
    const read = await cli(['read', '--last-failed']);
    expect(read.code).toBe(0);
    expect(read.out).toContain('first line');
    expect(read.err).toMatch(/^faultline: using run \S+ \(sh -c /);
  });

  it('the run summary starts its own line after output without a final newline', async () => {
    const result = await cli(['run', '--', 'printf', 'no newline']);
    expect(result.out).toMatch(/^no newline\nfaultline: exit 0 · /);
  });
});

describe('tsc under run on a terminal', () => {
  // tsc decides pretty output by isatty alone (FORCE_COLOR does not reach it) and run gives no pty on purpose
  // (README): --pretty is the documented way, and what it prints is located.
  it('tsc --pretty keeps its colours and code frame, and the error is located; the README says so', async () => {
    writeFileSync(join(dir, 'src', 'bad.ts'), 'export const n: number = "text";\n');
    const tsc = join(import.meta.dirname, '..', '..', 'node_modules', 'typescript', 'bin', 'tsc');
    const io = captureIo({ cwd: dir, env, tty: true });
    const code = await runCli(['run', '--', process.execPath, tsc, '--noEmit', '--pretty', 'src/bad.ts'], io);
    const out = io.out.join('');
    expect(code).toBe(2);
    expect(out).toMatch(/\u001b\[\d+m/);
    // eslint-disable-next-line no-control-regex
    expect(out.replace(/\u001b\[[\d;]*m/g, '')).toMatch(
      /src\/bad\.ts:1:14 {2}error {2}Type 'string' is not assignable to type 'number'\. \[TS2322\]/,
    );
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8')).toMatch(
      /\*\*tsc\*\* prints its pretty, coloured output only\s+to a terminal, so under `faultline run` pass `--pretty`/,
    );
  });
});
