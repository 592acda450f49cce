// GitHub Actions' places in words (held-out set 77): an annotation header naming the file alone a few lines above the
// `on line N` message, and a called workflow written `owner/repo/<path>@ref (Line: N, Col: M)` (prose/around.ts,
// prose/tokens.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { locate } from '../../src/locate/index.js';
import { makeWorkspace, removeWorkspaces } from '../resolve/_workspace.js';

afterEach(removeWorkspaces);

const FILES = { '.github/workflows/ci.yml': 'a\n'.repeat(20), 'src/app.yml': 'a\n'.repeat(20) };

async function places(log: string[]): Promise<string[]> {
  const root = await makeWorkspace(FILES);
  const result = await locate({ text: log.join('\n') }, { cwd: root, roots: [root] });
  return result.locations.map((location) => `${location.file}:${location.line}`);
}

describe('annotation headers and qualified workflow paths', () => {
  it('gives `on line N` the file alone on a line up to three above it, across a blank and a title', async () => {
    expect(await places(['CI', '/ .github/workflows/ci.yml', '', 'Invalid workflow file', 'error in your yaml syntax on line 11'])).toEqual(
      ['.github/workflows/ci.yml:11'],
    );
    expect(await places(['src/app.yml', 'Invalid file', 'bad mapping at line 4'])).toEqual(['src/app.yml:4']);
  });

  it('joins no file alone that a number phrase, another file or a fourth line stands between', async () => {
    expect(await places(['src/app.yml', 'see line 3 there', '', 'bad mapping at line 4'])).not.toContain('src/app.yml:4');
    expect(await places(['src/app.yml', 'a', 'b', 'c', 'bad mapping at line 4'])).toEqual([]);
    expect(await places(['src/app.yml', 'read docs/x.md first', 'bad mapping at line 4'])).toEqual([]);
  });

  it('reads a called workflow `owner/repo/<path>@ref (Line: N, Col: M)` as the workspace path', async () => {
    const line =
      'The workflow is not valid. In .github/workflows/main.yml (Line: 20, Col: 11): Error from called workflow ' +
      'acme/shared/.github/workflows/ci.yml@v3 (Line: 14, Col: 11): A mapping was not expected';
    expect(await places([line])).toEqual(['.github/workflows/ci.yml:14']);
    expect(await places(['mail jo.doe@ci.yml line 3'])).toEqual([]);
  });
});
