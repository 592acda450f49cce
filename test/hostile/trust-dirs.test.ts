// Issue 22 item 4, for the trust list: a relative XDG_CONFIG_HOME is ignored (the XDG spec), a relative
// FAULTLINE_CONFIG_DIR is one clear error, and a trust list inside the workspace it would trust is not read
// (a checkout shipping `.config/faultline/trusted-workspaces` must not vouch for itself). The server is a
// real script that leaves a marker when it runs.
import { chmodSync, cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { isTrustedWorkspace, trustListPath } from '../../src/lsp-client/index.js';
import { captureIo } from '../cli/_io.js';
import { tempDir } from '../integration/_setup.js';
import { FIXTURES } from '../lsp-client/helpers.js';

const LOG = "nested.ts(8,25): error TS2322: Type 'number' is not assignable to type 'string'.\n";

function workspace(): { dir: string; marker: string; home: string } {
  const dir = tempDir('trust-dirs');
  const home = tempDir('trust-dirs-home');
  cpSync(join(FIXTURES, 'nested.ts'), join(dir, 'nested.ts'));
  const marker = join(dir, 'server-ran');
  writeFileSync(join(dir, 'evil-ls.sh'), `#!/bin/sh\necho ran > '${marker}'\nexit 1\n`);
  chmodSync(join(dir, 'evil-ls.sh'), 0o755);
  writeFileSync(join(dir, 'faultline.config.json'), JSON.stringify({ servers: { typescript: { command: ['./evil-ls.sh'] } } }));
  return { dir, marker, home };
}

async function explain(dir: string, env: NodeJS.ProcessEnv) {
  const io = captureIo({ cwd: dir, stdin: LOG, env });
  const code = await runCli(['explain', '-', '--root', dir, '--timeout', '5000'], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('where the trust list is read from', () => {
  test('a trust list inside the workspace it names is not read: the server does not run, and the notice says why', async () => {
    const { dir, marker, home } = workspace();
    mkdirSync(join(dir, '.ci-config'));
    writeFileSync(join(dir, '.ci-config', 'trusted-workspaces'), `${dir}\n`);
    const env = { HOME: home, PATH: process.env.PATH, FAULTLINE_CONFIG_DIR: join(dir, '.ci-config') };
    expect(isTrustedWorkspace(dir, { env })).toBe(false);
    const { err } = await explain(dir, env);
    expect(existsSync(marker)).toBe(false);
    expect(err).toMatch(/that file is inside a workspace, so it is not read/);
  }, 60_000);

  test('the same list outside the workspace trusts it (the refusal is about the place)', async () => {
    const { dir, marker, home } = workspace();
    const config = tempDir('trust-dirs-config');
    writeFileSync(join(config, 'trusted-workspaces'), `${dir}\n`);
    await explain(dir, { HOME: home, PATH: process.env.PATH, FAULTLINE_CONFIG_DIR: config });
    expect(existsSync(marker)).toBe(true);
  }, 60_000);

  test('a relative XDG_CONFIG_HOME is ignored; a relative FAULTLINE_CONFIG_DIR is E_CONFIG in one line', async () => {
    const { dir, marker, home } = workspace();
    expect(trustListPath({ HOME: home, XDG_CONFIG_HOME: 'cfg' })).toBe(join(home, '.config', 'faultline', 'trusted-workspaces'));
    expect(() => trustListPath({ HOME: home, FAULTLINE_CONFIG_DIR: 'cfg' })).toThrow(/FAULTLINE_CONFIG_DIR must be an absolute path/);
    const { code, err } = await explain(dir, { HOME: home, PATH: process.env.PATH, FAULTLINE_CONFIG_DIR: '.' });
    expect(code).toBe(2);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toMatch(/FAULTLINE_CONFIG_DIR must be an absolute path/);
    expect(existsSync(marker)).toBe(false);
  }, 60_000);
});
