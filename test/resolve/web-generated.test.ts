// Held-out set 76 (web applications): generated folders and bundles are never the place, a loader's virtual name for a
// component is the component, a placeholder folder is an elision, and a weak prose guess never decides how a format's
// location of the same name is looked up.
import { afterEach, describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/types.js';
import { resolveLocations } from '../../src/resolve/index.js';
import { makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

const noIgnores = async (): Promise<Set<string>> => new Set();

const locate = (root: string, raws: RawLocation[]) => resolveLocations(raws, { cwd: root, roots: [root], isIgnored: noIgnores });

const frame = (file: string, line: number, index: number): RawLocation =>
  raw(file, { line, frame: { trace: 1, index, innermostLast: false, causeRank: 0 } });

describe("a framework's dot-named folder of generated code", () => {
  it('drops Gatsby .cache/ frames (and others of the kind) as build, keeping the page', async () => {
    const root = await makeWorkspace({
      'gatsby-config.js': '',
      '.cache/static-entry.js': '',
      '.docusaurus/registry.js': '',
      '.output/server/index.mjs': '',
      'src/pages/menu.js': '',
    });
    const result = await locate(root, [
      raw('.cache/static-entry.js', { line: 40 }),
      raw('src/pages/menu.js', { line: 12 }),
      raw('.docusaurus/registry.js', { line: 3 }),
      raw('.output/server/index.mjs', { line: 9 }),
    ]);
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['src/pages/menu.js:12']);
    expect(result.dropped.map((d) => d.reason)).toEqual(['build', 'build', 'build']);
  });

  it('keeps a project folder that only resembles one (cache/, output/ without the dot)', async () => {
    const root = await makeWorkspace({ 'cache/store.js': '', 'output/write.js': '' });
    const result = await locate(root, [raw('cache/store.js'), raw('output/write.js')]);
    expect(result.locations.map((l) => l.file)).toEqual(['cache/store.js', 'output/write.js']);
  });
});

describe('a bundle whose source-mapped frames the log prints', () => {
  it('drops the frames in the bundle, Windows and POSIX alike, keeping the mapped source', async () => {
    const root = await makeWorkspace({ 'build/server.js': '', 'src/routes/tickets.js': '', 'tools/run.js': '' });
    const result = await locate(root, [
      frame('D:\\kiosk\\build\\server.js', 412, 0),
      frame('D:\\kiosk\\build\\webpack:\\src\\routes\\tickets.js', 7, 1),
      frame('D:\\kiosk\\build\\server.js', 88, 2),
    ]);
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['src/routes/tickets.js:7']);
    expect(result.dropped.map((d) => `${d.line} ${d.reason}`)).toEqual(['412 build', '88 build']);
    const posix = await locate(root, [
      frame('/srv/kiosk/build/server.js', 412, 0),
      frame('/srv/kiosk/build/webpack:/src/routes/tickets.js', 7, 1),
      frame('/srv/kiosk/tools/run.js', 3, 2),
    ]);
    // Only files directly in the bundle's folder: the runner beside it is the user's.
    expect(posix.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['src/routes/tickets.js:7', 'tools/run.js:3']);
  });

  it('keeps a built file when no mapped frame names its folder', async () => {
    const root = await makeWorkspace({ 'build/server.js': '' });
    const result = await locate(root, [frame('/srv/kiosk/build/server.js', 412, 0)]);
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['build/server.js:412']);
  });
});

describe("a loader's virtual name for a component's script", () => {
  it('is the component (ts-loader appendTsSuffixTo: X.vue.ts), at the printed line', async () => {
    const root = await makeWorkspace({ 'src/pages/Settings.vue': '', 'src/pages/Feed.svelte': '' });
    const result = await locate(root, [
      raw('/opt/build/repo/src/pages/Settings.vue.ts', { line: 171 }),
      raw('src/pages/Feed.svelte.tsx', { line: 9 }),
    ]);
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['src/pages/Settings.vue:171', 'src/pages/Feed.svelte:9']);
  });

  it('is the file itself when one exists (a Svelte 5 runes module x.svelte.ts)', async () => {
    const root = await makeWorkspace({ 'src/lib/counter.svelte.ts': '', 'src/lib/counter.svelte': '' });
    const result = await locate(root, [raw('src/lib/counter.svelte.ts', { line: 4 })]);
    expect(result.locations.map((l) => l.file)).toEqual(['src/lib/counter.svelte.ts']);
  });

  it('stays unresolved when neither exists', async () => {
    const root = await makeWorkspace({ 'src/other.vue': '' });
    const result = await locate(root, [raw('src/Missing.vue.ts', { line: 4 })]);
    expect(result.unresolved.map((u) => u.file)).toEqual(['src/Missing.vue.ts']);
  });
});

describe("a placeholder for a hidden folder's name", () => {
  it('is elided at the head of a relative path: the rest is matched by its end', async () => {
    const root = await makeWorkspace({
      'src/app/wallet/add-item.component.ts': '',
      'src/app/cart/list.ts': '',
      'lib/a/util.ts': '',
    });
    const result = await locate(root, [
      raw('xxx/add-item.component.ts', { line: 9 }),
      raw('<project>/cart/list.ts', { line: 2 }),
      raw('util.ts/xxx', { line: 1 }),
    ]);
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual([
      'src/app/wallet/add-item.component.ts:9',
      'src/app/cart/list.ts:2',
    ]);
  });

  it('is a folder like any other when the workspace has it', async () => {
    const root = await makeWorkspace({ 'xxx/a.ts': '', 'src/a.ts': '' });
    const result = await locate(root, [raw('xxx/a.ts')]);
    expect(result.locations.map((l) => l.file)).toEqual(['xxx/a.ts']);
  });
});

describe("a weak prose guess beside a format's location of the same name", () => {
  it('does not hand its narrower lookup to the format (a bare name is searched across the workspace for the format)', async () => {
    const root = await makeWorkspace({ 'src/components/common/SelectInput.js': '' });
    const result = await locate(root, [
      raw('SelectInput.js', { line: 15, format: 'prose', hints: { confirm: true } }),
      raw('SelectInput.js', { line: 15, format: 'generic' }),
    ]);
    expect(result.locations.map((l) => `${l.format} ${l.file}:${l.line}`)).toEqual(['generic src/components/common/SelectInput.js:15']);
  });
});
