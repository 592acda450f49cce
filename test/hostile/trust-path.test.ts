// Issue 22 item 3: under `npx` / `npm exec` / `npm run`, the workspace's own node_modules/.bin is first on
// PATH. An untrusted workspace must not get its `clangd` (or its `git`) run that way, nor through a relative
// PATH entry or one below the current directory. The planted programs are real scripts that leave a marker.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { pathOutsideWorkspace } from '../../src/resolve/index.js';
import { hasTool, needs } from '../_tools.js';
import { captureIo } from '../cli/_io.js';
import { CLI, ensureBuilt, tempDir } from '../integration/_setup.js';

const LOG = "main.c:3:12: error: expected ';' before '}' token\n";

function plant(dir: string, name: string, marker: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), `#!/bin/sh\necho "$0 $*" >> '${marker}'\nexit 1\n`);
  chmodSync(join(dir, name), 0o755);
}

function workspace(): { dir: string; home: string; marker: string; bin: string } {
  const dir = tempDir('trust-path');
  const home = tempDir('trust-path-home');
  writeFileSync(join(dir, 'main.c'), 'int main(void) {\n  int x = 1;\n  return x\n}\n');
  const marker = join(dir, 'planted-ran');
  const bin = join(dir, 'node_modules', '.bin');
  plant(bin, 'clangd', marker);
  plant(bin, 'git', marker);
  return { dir, home, marker, bin };
}

async function cli(argv: string[], dir: string, env: NodeJS.ProcessEnv) {
  const io = captureIo({ cwd: dir, stdin: LOG, env });
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

beforeAll(() => ensureBuilt());

describe('PATH entries a workspace controls', () => {
  test("untrusted explain under an npm-exec PATH does not start the workspace's node_modules/.bin/clangd", async () => {
    const { dir, home, marker, bin } = workspace();
    const env = { HOME: home, PATH: `${bin}:${process.env.PATH}` };
    const { out } = await cli(['explain', '-', '--root', dir, '--timeout', '5000'], dir, env);
    expect(out).toContain('main.c');
    expect(existsSync(marker)).toBe(false);
  }, 60_000);

  test('a trusted workspace may use it (the planted server is real: it runs)', async () => {
    const { dir, home, marker, bin } = workspace();
    const env = { HOME: home, PATH: `${bin}:${process.env.PATH}` };
    await cli(['explain', '-', '--root', dir, '--timeout', '5000', '--trust-workspace'], dir, env);
    expect(existsSync(marker)).toBe(true);
  }, 60_000);

  test('relative entries and entries below the current directory are skipped as well', async () => {
    const { dir, home, marker } = workspace();
    const elsewhere = tempDir('trust-path-cwd');
    plant(join(elsewhere, 'tools'), 'clangd', marker);
    plant(join(dir, 'bin'), 'clangd', marker);
    const env = { HOME: home, PATH: `bin:.:${join(elsewhere, 'tools')}:${process.env.PATH}` };
    await cli(['explain', '-', '--root', dir, '--timeout', '5000'], elsewhere, env);
    expect(existsSync(marker)).toBe(false);
  }, 60_000);

  test.skipIf(!hasTool('git'))(
    `locate in a git work tree asks the system's git, not node_modules/.bin/git ${needs('git')}`,
    () => {
      const { dir, home, marker, bin } = workspace();
      execFileSync('git', ['init', '-q'], { cwd: dir });
      writeFileSync(join(dir, '.gitignore'), 'build/\n');
      writeFileSync(join(dir, 'gcc.log'), LOG);
      // A child process: git is found on the process's own PATH, as under `npm exec faultline`.
      const result = spawnSync(process.execPath, [CLI, 'locate', 'gcc.log', '--root', dir], {
        cwd: dir,
        encoding: 'utf8',
        env: { HOME: home, PATH: `${bin}:${process.env.PATH}` },
      });
      expect(result.stdout).toContain('main.c');
      expect(existsSync(marker)).toBe(false);
    },
    60_000,
  );

  test('pathOutsideWorkspace names what it skipped; `/` and the home directory are not checkouts', () => {
    const { dir, home, bin } = workspace();
    const result = pathOutsideWorkspace({ pathValue: `${bin}::.:/usr/bin:${join(home, '.local', 'bin')}`, roots: [dir], cwd: home, home });
    expect(result.skipped).toEqual([bin, '', '.']);
    expect(result.path).toBe(`/usr/bin:${join(home, '.local', 'bin')}`);
    expect(pathOutsideWorkspace({ pathValue: '/usr/bin', roots: ['/'], cwd: '/' }).path).toBe('/usr/bin');
  });
});
