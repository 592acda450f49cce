// Chaining runs (issue 13): `run` records the run; `locate`, `explain` and `prompt` then take its id, --last or
// --last-failed and reuse its saved output, command, exit code and cwd — from any directory.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from './_io.js';

let workspace: string;
let elsewhere: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'fl-chain-'));
  elsewhere = mkdtempSync(join(tmpdir(), 'fl-chain-away-'));
  mkdirSync(join(workspace, 'src'));
  writeFileSync(join(workspace, 'src', 'main.c'), 'int main(void)\n{\n    return missing;\n}\n');
  // Fails while the file "broken" exists: the same command can fail, then pass.
  writeFileSync(
    join(workspace, 'check.sh'),
    `if [ -e broken ]; then echo "src/main.c:3:12: error: 'missing' undeclared"; exit 3; fi; echo ok\n`,
  );
  writeFileSync(join(workspace, 'broken'), '');
  env = { FAULTLINE_CACHE_DIR: join(workspace, '.cache'), FAULTLINE_SESSION: 'chain-test', PATH: process.env.PATH };
});
afterAll(() => {
  rmSync(workspace, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

async function cli(args: string[], cwd = elsewhere) {
  const io = captureIo({ cwd, env });
  const code = await runCli(args, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('chaining runs', () => {
  it('locate --last, explain RUN, prompt --last-failed reuse the saved run from another directory', async () => {
    const ran = await cli(['run', '--json', '--', 'sh', 'check.sh'], workspace);
    expect(ran.code).toBe(3);
    const { artifact } = JSON.parse(ran.out);

    const located = await cli(['locate', '--last', '--json']);
    expect(located.code).toBe(1);
    expect(JSON.parse(located.out).locations.map((location: any) => [location.file, location.line, location.root])).toEqual([
      ['src/main.c', 3, workspace],
    ]);

    const explained = await cli(['explain', artifact.id, '--no-lsp']);
    expect(explained.out).toContain('src/main.c:3:12  error');
    expect(explained.out).toContain('in function main');

    const prompt = await cli(['prompt', '--last-failed']);
    expect(prompt.code).toBe(0);
    expect(prompt.out).toContain('sh check.sh');
    expect(prompt.out).toContain('Exit code: 3');
    expect(prompt.out).toContain(`Working directory: ${workspace}`);
    expect(prompt.out).toContain('return missing;');

    const sarif = await cli(['locate', '--last', '--format', 'sarif']);
    expect(JSON.parse(sarif.out).runs[0].invocations[0]).toMatchObject({ commandLine: 'sh check.sh', exitCode: 3 });
  });

  it('--last-failed after the same command passed: still that failure, with a note that it may be fixed', async () => {
    rmSync(join(workspace, 'broken'));
    expect((await cli(['run', '--', 'sh', 'check.sh'], workspace)).code).toBe(0);
    const again = await cli(['locate', '--last-failed']);
    expect(again.out).toContain('src/main.c:3:12  error');
    expect(again.err).toMatch(/^faultline: using run \S+ \(sh check\.sh; exit 3; .*\n/);
    expect(again.err).toMatch(/^faultline: note: 'sh check\.sh' passed later \(.*\); this failure may be fixed already\n/m);
    const last = await cli(['locate', '--last', '--json']);
    expect(JSON.parse(last.out).locations).toEqual([]);
  });

  it('one-line errors: no run yet in this session, a removed run id, contradicting flags', async () => {
    const fresh = captureIo({ cwd: elsewhere, env: { ...env, FAULTLINE_SESSION: 'never-used' } });
    expect(await runCli(['locate', '--last'], fresh)).toBe(2);
    expect(fresh.err.join('')).toMatch(
      /^faultline locate: no run recorded in \S+ or this terminal \(session 'never-used'.*\[E_ARTIFACT_MISSING\]\n$/,
    );
    const gone = await cli(['locate', '20200101T000000000Z-deadbeef']);
    expect(gone.code).toBe(2);
    expect(gone.err).toMatch(
      /^faultline locate: artifact 20200101T000000000Z-deadbeef was removed by retention or never existed \[E_ARTIFACT_MISSING\]\n$/,
    );
    expect((await cli(['locate', '--last', '--last-failed'])).err).toMatch(/contradict each other/);
  });
});

// Issue 24: --last follows the project, not the terminal: a run from another project, a later library run and a
// run of another terminal in the same project each get the answer a user in this project expects.
describe('--last per project', () => {
  it('picks the last CLI run whose workspace root is this one, says which on stderr, and skips library runs', async () => {
    const base = mkdtempSync(join(tmpdir(), 'fl-chain-projects-'));
    const [projectA, projectB] = [join(base, 'a'), join(base, 'b')];
    for (const project of [projectA, projectB]) {
      mkdirSync(join(project, '.git'), { recursive: true });
      mkdirSync(join(project, 'src'));
      writeFileSync(join(project, 'src', `${project.slice(-1)}.c`), 'int x;\n'.repeat(10));
    }
    const projectEnv = { ...env, FAULTLINE_CACHE_DIR: join(base, 'cache'), FAULTLINE_SESSION: 'terminal-1' };
    const inProject = async (cwd: string, args: string[], extra: NodeJS.ProcessEnv = {}) => {
      const io = captureIo({ cwd, env: { ...projectEnv, ...extra } });
      const code = await runCli(args, io);
      return { code, out: io.out.join(''), err: io.err.join('') };
    };
    const failA = await inProject(projectA, ['run', '--json', '--', 'sh', '-c', 'echo "src/a.c:1:1: error: in a"; exit 1']);
    const idA = JSON.parse(failA.out).artifact.id;
    // Later, the same terminal fails in project B, and a program's library run fails in project A.
    await inProject(projectB, ['run', '--json', '--', 'sh', '-c', 'echo "src/b.c:2:1: error: in b"; exit 1']);
    const { runCommand } = await import('../../src/capture/index.js');
    await runCommand({
      command: ['sh', '-c', 'echo "src/a.c:9:1: error: library"; exit 1'],
      cwd: projectA,
      env: projectEnv,
      history: { key: 'terminal-1' },
    });

    // From a subdirectory of A: A's CLI run, not B's (more recent in this terminal) nor the library's.
    const fromA = await inProject(join(projectA, 'src'), ['locate', '--last-failed', '--json']);
    expect(JSON.parse(fromA.out).locations.map((location: any) => [location.file, location.line])).toEqual([['src/a.c', 1]]);
    expect(fromA.err).toMatch(
      new RegExp(`^faultline: using run ${idA} \\(sh -c echo .*; exit 1; .*; in ${projectA.replace(/[/.]/g, '\\$&')}\\)\n`),
    );
    expect((await inProject(projectA, ['locate', '--last', '--json'])).err).toContain(`using run ${idA}`);
    const fromB = await inProject(projectB, ['locate', '--last', '--json']);
    expect(JSON.parse(fromB.out).locations.map((location: any) => location.file)).toEqual(['src/b.c']);

    // Another terminal's later run in A is A's last run: the project decides, the terminal only breaks ties.
    const other = await inProject(projectA, ['run', '--json', '--', 'sh', '-c', 'echo "src/a.c:5:1: error: other terminal"; exit 1'], {
      FAULTLINE_SESSION: 'terminal-2',
    });
    const afterOther = await inProject(projectA, ['locate', '--last', '--json']);
    expect(afterOther.err).toContain(`using run ${JSON.parse(other.out).artifact.id}`);

    // Two runs of A that ended at the same moment: this terminal's wins.
    const { recordRun } = await import('../../src/capture/index.js');
    const at = new Date(Date.now() + 60_000).toISOString();
    const record = (id: string) => ({
      command: ['make'],
      cwd: projectA,
      exitCode: 2,
      failed: true,
      startedAt: at,
      endedAt: at,
      artifactId: id,
      artifactPath: join(base, 'cache', 'artifacts', `${id}.log`),
      root: projectA,
      origin: 'cli' as const,
    });
    await recordRun(record('20300101T000000000Z-aaaaaaaa'), { env: projectEnv, key: 'terminal-1' });
    await recordRun(record('20300101T000000000Z-bbbbbbbb'), { env: projectEnv, key: 'terminal-2' });
    const tie = await inProject(projectA, ['locate', '--last'], { FAULTLINE_SESSION: 'terminal-2' });
    expect(tie.err).toMatch(/^faultline locate: artifact 20300101T000000000Z-bbbbbbbb /m);
    rmSync(base, { recursive: true, force: true });
  });
});
