// On-save / on-open commands from the project file (`lint`), run by the real server: a read-only command runs in
// any workspace, one that is not read-only (ruff) only in a trusted one, with the editor's text on stdin.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasTool, needs } from '../_tools.js';
import { cleanEnv, ensureBuilt, tempDir } from '../integration/_setup.js';
import { ScriptedClient } from './_client.js';

let clients: ScriptedClient[] = [];
afterEach(async () => {
  await Promise.all(clients.map((client) => client.stop()));
  clients = [];
});

function workspace(prefix: string, lint: object[], extraEnv: Record<string, string> = {}) {
  const dir = tempDir(prefix);
  const ws = join(dir, 'ws');
  mkdirSync(ws);
  writeFileSync(join(ws, 'faultline.config.json'), JSON.stringify({ lint }));
  writeFileSync(join(ws, 'c.py'), 'x = 1\n# TODO fix\n');
  const env = cleanEnv(dir, { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), ...extraEnv });
  delete env.FAULTLINE_TRUST_WORKSPACE;
  Object.assign(env, extraEnv);
  return { ws, env, uri: pathToFileURL(join(ws, 'c.py')).href };
}

async function open(env: NodeJS.ProcessEnv, ws: string, uri: string, text: string) {
  const client = new ScriptedClient(env);
  clients.push(client);
  const logs: string[] = [];
  client.connection.onNotification('window/logMessage', (params: { message: string }) => logs.push(params.message));
  await client.initialize([ws]);
  await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'python', version: 1, text } });
  return { client, logs };
}

const RUFF = {
  languages: ['python'],
  command: ['ruff', 'check', '--no-cache', '--output-format', 'json', '--stdin-filename', '${file}', '-'],
  stdin: true,
  on: ['open', 'save'],
};

describe('faultline lsp, project-file commands on open and save', () => {
  beforeAll(() => ensureBuilt());

  it('runs a read-only command on open in an untrusted workspace and publishes its findings', async () => {
    const w = workspace('lsp-lint-ro', [{ languages: ['python'], command: ['grep', '-n', '-H', 'TODO', '${file}'], on: ['open'] }]);
    const { client } = await open(w.env, w.ws, w.uri, 'x = 1\n# TODO fix\n');
    await client.until(() => (client.latest(w.uri)?.length ?? 0) > 0);
    expect(client.latest(w.uri)![0]).toMatchObject({ range: { start: { line: 1, character: 0 } }, source: 'grep -n -H TODO c.py' });
  }, 30_000);

  it.skipIf(!hasTool('ruff'))(
    `does not run a command that is not read-only until the workspace is trusted ${needs('ruff', 'ruff (pip)')}`,
    async () => {
      const untrusted = workspace('lsp-lint-untrusted', [RUFF]);
      const first = await open(untrusted.env, untrusted.ws, untrusted.uri, 'import os\n');
      await first.client.until(() => first.logs.some((line) => line.includes('not a trusted workspace')));
      expect(first.client.latest(untrusted.uri)).toBeUndefined();

      const trusted = workspace('lsp-lint-trusted', [RUFF], { FAULTLINE_TRUST_WORKSPACE: '1' });
      // The editor's unsaved text goes on stdin: the unused import is on line 2 of the buffer, not of the file.
      const second = await open(trusted.env, trusted.ws, trusted.uri, '# buffer\nimport os\n');
      await second.client.until(() => (second.client.latest(trusted.uri)?.length ?? 0) > 0);
      expect(second.client.latest(trusted.uri)![0]).toMatchObject({ code: 'F401', range: { start: { line: 1, character: 7 } } });
      // Saved without the import: the command passes and its diagnostics clear.
      await second.client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: trusted.uri, version: 2 },
        contentChanges: [{ text: 'x = 1\n' }],
      });
      await second.client.connection.sendNotification('textDocument/didSave', { textDocument: { uri: trusted.uri } });
      await second.client.until(() => second.client.latest(trusted.uri)?.length === 0);
    },
    30_000,
  );
});
