// Issue 16 item 4: a workspace's own config may name a language-server command; it runs only when the user
// trusted that workspace (flag, environment variable, or the user-level list), otherwise explain uses the
// built-in servers or tree-sitter and says why in one line. The "server" is a real script that leaves a
// marker file when it runs.
import { chmodSync, cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { isTrustedWorkspace, trustListPath } from '../../src/lsp-client/index.js';
import { captureIo } from '../cli/_io.js';
import { tempDir } from '../integration/_setup.js';
import { FIXTURES } from '../lsp-client/helpers.js';

const LOG = "nested.ts(8,25): error TS2322: Type 'number' is not assignable to type 'string'.\n";

function workspace(where: 'config' | 'package'): { dir: string; marker: string; home: string } {
  const dir = tempDir('trust');
  const home = tempDir('trust-home');
  cpSync(join(FIXTURES, 'nested.ts'), join(dir, 'nested.ts'));
  const marker = join(dir, 'server-ran');
  writeFileSync(join(dir, 'evil-ls.sh'), `#!/bin/sh\necho ran > '${marker}'\nexit 1\n`);
  chmodSync(join(dir, 'evil-ls.sh'), 0o755);
  const servers = { typescript: { command: ['./evil-ls.sh'] } };
  if (where === 'config') writeFileSync(join(dir, 'faultline.config.json'), JSON.stringify({ servers }));
  else writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'x', faultline: { servers } }));
  return { dir, marker, home };
}

async function explain(dir: string, env: NodeJS.ProcessEnv, extra: string[] = []) {
  const io = captureIo({ cwd: dir, stdin: LOG, env });
  const code = await runCli(['explain', '-', '--root', dir, '--timeout', '5000', ...extra], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('workspace trust', () => {
  for (const where of ['config', 'package'] as const) {
    test(`an untrusted workspace's ${where === 'config' ? 'faultline.config.json' : 'package.json "faultline"'} server is not run, and explain says why in one line`, async () => {
      const { dir, marker, home } = workspace(where);
      const { code, out, err } = await explain(dir, { HOME: home, PATH: process.env.PATH });
      expect(code).toBe(1);
      expect(existsSync(marker)).toBe(false);
      expect(out).toContain('in function scale');
      const lines = err.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/names language-server commands, but .* is not a trusted workspace, so they were not run/);
    }, 60_000);
  }

  test('--trust-workspace runs it', async () => {
    const { dir, marker, home } = workspace('config');
    await explain(dir, { HOME: home, PATH: process.env.PATH }, ['--trust-workspace']);
    expect(existsSync(marker)).toBe(true);
  }, 60_000);

  test('FAULTLINE_TRUST_WORKSPACE=1 runs it', async () => {
    const { dir, marker, home } = workspace('package');
    await explain(dir, { HOME: home, PATH: process.env.PATH, FAULTLINE_TRUST_WORKSPACE: '1' });
    expect(existsSync(marker)).toBe(true);
  }, 60_000);

  test('a workspace in the user-level list runs it; a sibling is not trusted by it', async () => {
    const { dir, marker, home } = workspace('config');
    const env = { HOME: home, PATH: process.env.PATH };
    const list = trustListPath(env);
    expect(list).toBe(join(home, '.config', 'faultline', 'trusted-workspaces'));
    mkdirSync(join(home, '.config', 'faultline'), { recursive: true });
    writeFileSync(list, `# my checkouts\n${dir}\n`);
    expect(isTrustedWorkspace(join(dir, 'sub'), { env })).toBe(true);
    expect(isTrustedWorkspace(`${dir}-other`, { env })).toBe(false);
    await explain(dir, env);
    expect(existsSync(marker)).toBe(true);
  }, 60_000);

  test('an untrusted workspace with a broken config is not an error (it is not read as config at all)', async () => {
    const { dir, home } = workspace('config');
    writeFileSync(join(dir, 'faultline.config.json'), '{"servers": {"typescript": {"command": "not-an-array"}}}');
    const { code } = await explain(dir, { HOME: home, PATH: process.env.PATH });
    expect(code).toBe(1);
  }, 60_000);
});
