// Rules 4 and 5: mapping printed paths to workspace files, and never leaving the roots.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveLocations } from '../../src/resolve/index.js';
import { makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

// No git in these workspaces and no .gitignore, so nothing is ignored; keep the check out of the way.
const noIgnores = async (): Promise<Set<string>> => new Set();

describe('relative paths', () => {
  it('resolves against cwd first, then each root', async () => {
    const root = await makeWorkspace({ 'pkg/api/src/a.ts': '', 'src/b.ts': '' });
    const result = await resolveLocations([raw('src/a.ts'), raw('src/b.ts')], {
      cwd: path.join(root, 'pkg/api'),
      roots: [root],
      isIgnored: noIgnores,
    });
    expect(result.locations.map((l) => l.file)).toEqual(['pkg/api/src/a.ts', 'src/b.ts']);
    expect(result.locations[0]?.root).toBe(root);
    expect(result.locations[0]?.absolutePath).toBe(path.join(root, 'pkg/api/src/a.ts'));
  });

  it('resolves a path whose start a tool elided (…/ or .../) by its longest existing suffix (formats.md §3.9)', async () => {
    const root = await makeWorkspace({ 'packages/web/src/components/Button.tsx': '', 'app/models/user.py': '' });
    const result = await resolveLocations([raw('…/src/components/Button.tsx'), raw('.../models/user.py'), raw('…/nowhere/x.ts')], {
      cwd: root,
      roots: [root],
      isIgnored: noIgnores,
    });
    expect(result.locations.map((l) => l.file)).toEqual(['packages/web/src/components/Button.tsx', 'app/models/user.py']);
    expect(result.unresolved.map((u) => [u.file, u.reason])).toEqual([['…/nowhere/x.ts', 'not-found']]);
  });

  it("drops the first folders after an elision when they are the other machine's checkout, never below a folder", async () => {
    const root = await makeWorkspace({ 'src/test/rules/unused.php': '', 'lib/x.ts': '' });
    const result = await resolveLocations(
      [raw('...t/phpmd/src/test/rules/unused.php'), raw('…/checkout/lib/x.ts'), raw('…/elsewhere/y.ts')],
      {
        cwd: root,
        roots: [root],
        isIgnored: noIgnores,
      },
    );
    expect(result.locations.map((l) => l.file)).toEqual(['src/test/rules/unused.php', 'lib/x.ts']);
    expect(result.unresolved.map((u) => [u.file, u.reason])).toEqual([['…/elsewhere/y.ts', 'not-found']]);
  });

  it("uses make's directory when it lies inside a root", async () => {
    const root = await makeWorkspace({ 'lib/util.c': '', 'util.c': '' });
    const result = await resolveLocations([raw('util.c', { hints: { directory: path.join(root, 'lib') } })], {
      cwd: root,
      roots: [root],
      isIgnored: noIgnores,
    });
    expect(result.locations[0]?.file).toBe('lib/util.c');
  });

  it('re-bases a foreign make directory by its suffix', async () => {
    const root = await makeWorkspace({ 'lib/util.c': '', 'util.c': '' });
    const result = await resolveLocations([raw('util.c', { hints: { directory: '/home/ci/build/proj/lib' } })], {
      cwd: root,
      roots: [root],
      isIgnored: noIgnores,
    });
    expect(result.locations[0]?.file).toBe('lib/util.c');
  });

  it('reports ../../etc/passwd as outside-root without resolving it', async () => {
    const root = await makeWorkspace({ 'src/a.ts': '' });
    const statted: string[] = [];
    const fs = {
      async stat(p: string) {
        statted.push(p);
        return p === root ? ('directory' as const) : undefined;
      },
      realpath: async (p: string) => p,
      findFilesByName: async () => [],
    };
    const result = await resolveLocations([raw('../../etc/passwd', { logLine: 4 })], {
      cwd: root,
      roots: [root],
      fs,
      isIgnored: noIgnores,
    });
    expect(result.unresolved).toEqual([
      { file: '../../etc/passwd', line: 1, column: null, format: 'test', logLine: 4, reason: 'outside-root' },
    ]);
    expect(statted.filter((p) => p !== root)).toEqual([]);
  });

  it('keeps a `..` path that stays inside the root', async () => {
    const root = await makeWorkspace({ 'lib/x.c': '' });
    const result = await resolveLocations([raw('../lib/x.c')], { cwd: path.join(root, 'app'), roots: [root], isIgnored: noIgnores });
    expect(result.locations[0]?.file).toBe('lib/x.c');
  });
});

describe('absolute paths', () => {
  it('resolves an absolute path inside a root', async () => {
    const root = await makeWorkspace({ 'src/a.ts': '' });
    const result = await resolveLocations([raw(path.join(root, 'src/a.ts'))], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations[0]?.file).toBe('src/a.ts');
  });

  it('maps a CI runner path by its longest existing suffix', async () => {
    const root = await makeWorkspace({ 'src/a.ts': 'long', 'a.ts': 'short' });
    const result = await resolveLocations([raw('/home/runner/work/r/r/src/a.ts')], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations[0]?.file).toBe('src/a.ts');
  });

  it('maps a container path /app/src/handlers/user.py to <root>/src/handlers/user.py', async () => {
    const root = await makeWorkspace({ 'src/handlers/user.py': '' });
    const result = await resolveLocations([raw('/app/src/handlers/user.py')], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations[0]).toMatchObject({ file: 'src/handlers/user.py', root });
  });

  it('maps a Windows path C:\\work\\svc\\src\\Program.cs by suffix', async () => {
    const root = await makeWorkspace({ 'src/Program.cs': '' });
    const result = await resolveLocations([raw('C:\\work\\svc\\src\\Program.cs', { line: 10 })], {
      cwd: root,
      roots: [root],
      isIgnored: noIgnores,
    });
    expect(result.locations[0]).toMatchObject({ file: 'src/Program.cs', line: 10 });
  });

  it('reports a foreign path with no matching suffix as not-found', async () => {
    const root = await makeWorkspace({ 'src/a.ts': '' });
    const result = await resolveLocations([raw('/builds/g/p/src/missing.ts')], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.unresolved[0]?.reason).toBe('not-found');
  });

  it('reports an existing file outside every root as outside-root, not by suffix', async () => {
    const outside = await makeWorkspace({ 'src/a.ts': 'other checkout' });
    const root = await makeWorkspace({ 'src/a.ts': '' });
    const result = await resolveLocations([raw(path.join(outside, 'src/a.ts'))], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations).toEqual([]);
    expect(result.unresolved[0]?.reason).toBe('outside-root');
  });
});

describe('symlinks', () => {
  it('reports a symlink inside the root that points outside as outside-root', async () => {
    const outside = await makeWorkspace({ 'secret.ts': 'x' });
    const root = await makeWorkspace({ 'src/a.ts': '' });
    await symlink(path.join(outside, 'secret.ts'), path.join(root, 'src/leak.ts'));
    const result = await resolveLocations([raw('src/leak.ts')], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations).toEqual([]);
    expect(result.unresolved[0]?.reason).toBe('outside-root');
  });

  it('resolves a symlink that stays inside the root to its real path', async () => {
    const root = await makeWorkspace({ 'real/a.ts': '' });
    await symlink(path.join(root, 'real'), path.join(root, 'linked'));
    const result = await resolveLocations([raw('linked/a.ts')], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations[0]).toMatchObject({ file: 'real/a.ts', absolutePath: path.join(root, 'real/a.ts') });
  });
});

describe('basename-only frames', () => {
  it('maps a JVM frame through its package to src/main in a multi-module build', async () => {
    const root = await makeWorkspace({
      'services/orders/src/main/java/org/shop/orders/OrderService.java': '',
      'services/orders/src/test/java/org/shop/orders/OrderService.java': '',
      'services/billing/src/main/java/org/shop/billing/OrderService.java': '',
    });
    // `\tat org.shop.orders.OrderService.place(OrderService.java:93)`
    const frame = raw('OrderService.java', {
      line: 93,
      message: 'org.shop.orders.OrderService.place',
      hints: { packagePath: 'org.shop.orders', basenameOnly: true },
      frame: { trace: 0, index: 0, innermostLast: false, causeRank: 0 },
    });
    const result = await resolveLocations([frame], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations[0]?.file).toBe('services/orders/src/main/java/org/shop/orders/OrderService.java');
  });

  it('prefers src/test for a test class', async () => {
    const root = await makeWorkspace({
      'src/main/java/com/acme/HelperTest.java': '',
      'src/test/java/com/acme/HelperTest.java': '',
    });
    const frame = raw('HelperTest.java', { hints: { packagePath: 'com.acme', basenameOnly: true } });
    const result = await resolveLocations([frame], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations[0]?.file).toBe('src/test/java/com/acme/HelperTest.java');
  });

  it('drops a JDK frame that is not in the workspace as vendored', async () => {
    const root = await makeWorkspace({ 'src/A.java': '' });
    const frames = [
      raw('ArrayList.java', { hints: { packagePath: 'java.util', basenameOnly: true } }),
      raw('Thread.java', { hints: { packagePath: 'java.base/java.lang', basenameOnly: true } }),
    ];
    const result = await resolveLocations(frames, { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.dropped.map((d) => d.reason)).toEqual(['vendored', 'vendored']);
  });

  it('maps a Go test basename through the suffix of its import path', async () => {
    const root = await makeWorkspace({ 'pkg/calc/calc_test.go': '', 'calc_test.go': '' });
    const location = raw('calc_test.go', { line: 7, hints: { packagePath: 'example.com/demo/pkg/calc', basenameOnly: true } });
    const result = await resolveLocations([location], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations[0]).toMatchObject({ file: 'pkg/calc/calc_test.go', line: 7 });
  });

  it('resolves a bare basename only when it is unique in the workspace, else reports it ambiguous', async () => {
    const root = await makeWorkspace({ 'src/vtest.c': '', 'a/dup.c': '', 'b/dup.c': '' });
    const result = await resolveLocations(
      [raw('vtest.c', { hints: { basenameOnly: true } }), raw('dup.c', { hints: { basenameOnly: true } })],
      {
        cwd: root,
        roots: [root],
        isIgnored: noIgnores,
      },
    );
    expect(result.locations.map((l) => l.file)).toEqual(['src/vtest.c']);
    expect(result.unresolved).toMatchObject([{ file: 'dup.c', reason: 'ambiguous', candidates: ['a/dup.c', 'b/dup.c'] }]);
  });
});

describe('several roots', () => {
  it('reports the deepest root that contains the file', async () => {
    const root = await makeWorkspace({ 'packages/api/src/a.ts': '' });
    const inner = path.join(root, 'packages/api');
    const result = await resolveLocations([raw('packages/api/src/a.ts')], { cwd: root, roots: [root, inner], isIgnored: noIgnores });
    expect(result.locations[0]).toMatchObject({ root: inner, file: 'src/a.ts' });
  });

  it('rejects a missing root with E_USAGE', async () => {
    const root = await makeWorkspace();
    await expect(resolveLocations([], { cwd: root, roots: [path.join(root, 'nope')] })).rejects.toMatchObject({ code: 'E_USAGE' });
    await mkdir(path.join(root, 'd'));
    await writeFile(path.join(root, 'f'), '');
    await expect(resolveLocations([], { cwd: root, roots: [path.join(root, 'f')] })).rejects.toMatchObject({ code: 'E_USAGE' });
  });
});
