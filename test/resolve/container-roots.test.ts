// A container's (or another machine's) folder learned from one resolved location maps its other paths.
import { afterEach, describe, expect, it } from 'vitest';
import { resolveLocations } from '../../src/resolve/index.js';
import { makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

const noIgnores = async (): Promise<Set<string>> => new Set();
const CONTAINER = '/nonexistent-container/usr/src/app';

async function locate(files: Record<string, string>, printed: string[]) {
  const root = await makeWorkspace(files);
  return resolveLocations(
    printed.map((file) => raw(file)),
    { cwd: root, roots: [root], isIgnored: noIgnores },
  );
}

describe('roots learned from a sibling location', () => {
  it('maps a bare file under the root that a longer ending showed', async () => {
    const result = await locate({ 'service/pkg/models.py': '', 'service/main.py': '' }, [
      `${CONTAINER}/main.py`,
      `${CONTAINER}/pkg/models.py`,
    ]);
    expect(result.locations.map((l) => l.file).sort()).toEqual(['service/main.py', 'service/pkg/models.py']);
    expect(result.unresolved).toEqual([]);
  });

  it('maps the whole rest of the path under the learned root, never a shorter ending of it', async () => {
    const result = await locate({ 'service/pkg/models.py': '', 'service/util.py': '' }, [
      `${CONTAINER}/pkg/models.py`,
      `${CONTAINER}/lib/util.py`,
    ]);
    // Under the learned root it is service/lib/util.py, which does not exist: it never becomes service/util.py.
    expect(result.locations.map((l) => l.file)).toEqual(['service/pkg/models.py']);
    expect(result.unresolved.map((u) => u.file)).toEqual([`${CONTAINER}/lib/util.py`]);
  });

  it('never maps a path outside the learned root', async () => {
    const result = await locate({ 'service/pkg/models.py': '', 'service/main.py': '' }, [
      `${CONTAINER}/pkg/models.py`,
      '/elsewhere/main.py',
    ]);
    expect(result.locations.map((l) => l.file)).toEqual(['service/pkg/models.py']);
    expect(result.unresolved.map((u) => [u.file, u.reason])).toEqual([['/elsewhere/main.py', 'not-found']]);
  });

  it("maps below the folder a relative sibling was printed from (the container's working folder)", async () => {
    const result = await locate({ 'app/server.py': '', 'app/transform.py': '', 'docker-compose.yml': '' }, [
      './server.py',
      '/nonexistent-container/usr/src/transform.py',
    ]);
    expect(result.locations.map((l) => l.file).sort()).toEqual(['app/server.py', 'app/transform.py']);
  });

  it('learns nothing from a relative path found at the root, nor from two different working folders', async () => {
    const atRoot = await locate({ 'server.py': '', 'app/transform.py': '' }, ['./server.py', '/nonexistent-container/transform.py']);
    expect(atRoot.locations.map((l) => l.file)).toEqual(['server.py']);
    const two = await locate({ 'a/one.py': '', 'b/two.py': '', 'a/three.py': '', 'b/three.py': '' }, [
      './one.py',
      './two.py',
      '/nonexistent-container/three.py',
    ]);
    expect(two.unresolved.map((u) => u.file)).toEqual(['/nonexistent-container/three.py']);
  });
});
