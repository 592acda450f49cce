// A real pytest run through `faultline run`, seen by the real server: the traceback is ONE diagnostic where it
// raised, its caller frame a relatedInformation entry (never a diagnostic of its own), and hover on it names the
// enclosing function (tree-sitter) and the run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasTool, needs } from '../_tools.js';
import { CLI, cleanEnv, ensureBuilt, tempDir } from '../integration/_setup.js';
import { ScriptedClient } from './_client.js';

const TEST_FILE = 'def helper(v):\n    raise ValueError(f"bad {v}")\n\n\ndef test_one():\n    helper(2)\n';

let client: ScriptedClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

describe('faultline lsp on a pytest traceback', () => {
  beforeAll(() => ensureBuilt());

  it.skipIf(!hasTool('pytest'))(
    `publishes the trace once, frames as related information, and hovers it ${needs('pytest', 'python3-pytest')}`,
    async () => {
      const dir = tempDir('lsp-pytest');
      const ws = join(dir, 'ws');
      mkdirSync(ws);
      writeFileSync(join(ws, 'test_b.py'), TEST_FILE);
      const env = cleanEnv(dir, { FAULTLINE_SESSION: 'lsp-pytest' });
      client = new ScriptedClient(env);
      await client.initialize([ws]);
      const uri = pathToFileURL(join(ws, 'test_b.py')).href;
      spawnSync(process.execPath, [CLI, 'run', '--', 'pytest', '-q', '-p', 'no:cacheprovider', 'test_b.py'], { cwd: ws, env });
      await client.until(() => (client!.latest(uri)?.length ?? 0) > 0);
      const diagnostics = client.latest(uri)!;
      expect(diagnostics).toHaveLength(1);
      expect(diagnostics[0]).toMatchObject({ message: 'ValueError: bad 2', range: { start: { line: 1 } }, severity: 1 });
      expect(diagnostics[0]!.relatedInformation).toEqual([
        {
          location: { uri, range: expect.objectContaining({ start: { line: 5, character: 0 } }) },
          message: expect.stringContaining('called from here'),
        },
      ]);
      const hover = (await client.connection.sendRequest('textDocument/hover', {
        textDocument: { uri },
        position: { line: 1, character: 6 },
      })) as { contents: { value: string } };
      expect(hover.contents.value).toContain('function `helper`');
      expect(hover.contents.value).toContain('Command: pytest -q -p no:cacheprovider test_b.py');
    },
    60_000,
  );
});
