// `faultline run --background` seen by the real server while the command still prints: its diagnostics are
// published before it ends (the job is still running when they arrive), under the command the end replaces.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { list } from '../../src/capture/index.js';
import { CLI, cleanEnv, ensureBuilt, tempDir } from '../integration/_setup.js';
import { ScriptedClient } from './_client.js';

let client: ScriptedClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

describe('faultline lsp and background runs', () => {
  beforeAll(() => ensureBuilt());

  it('publishes a background run as it prints, before it ends', async () => {
    const dir = tempDir('lsp-background');
    const ws = join(dir, 'ws');
    mkdirSync(ws);
    writeFileSync(join(ws, 'u.ts'), 'let a = 1;\nlet b = ;\n');
    const env = cleanEnv(dir, { FAULTLINE_SESSION: 'lsp-background' });
    client = new ScriptedClient(env);
    await client.initialize([ws]);
    const uri = pathToFileURL(join(ws, 'u.ts')).href;
    const started = spawnSync(
      process.execPath,
      [CLI, 'run', '--background', '--json', '--', 'sh', '-c', 'echo "u.ts(2,9): error TS1109: Expression expected."; sleep 20'],
      { cwd: ws, env, encoding: 'utf8' },
    );
    const { id } = JSON.parse(started.stdout) as { id: string };
    await client.until(() => (client!.latest(uri)?.length ?? 0) > 0);
    const jobs = await list({ cacheDir: env.FAULTLINE_CACHE_DIR! });
    expect(jobs.find((job) => job.id === id)?.status).toBe('running');
    expect(client.latest(uri)![0]).toMatchObject({ code: 'TS1109', range: { start: { line: 1, character: 8 } } });
    spawnSync(process.execPath, [CLI, 'kill', id], { cwd: ws, env });
  }, 60_000);
});
