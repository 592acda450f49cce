// The scanner's workspace test (issue 20 item 4): it may refuse a weak candidate only when resolve would never confirm
// it, so that dropping what it refuses before resolution changes no result.
import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/types.js';
import { createWorkspaceFileTest, resolveLocations, type WorkspaceFileTest } from '../../src/resolve/index.js';
import { CANDIDATES_BEFORE_LISTING } from '../../src/resolve/workspace-names.js';
import { makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

const weak = (file: string, line = 1, hints: RawLocation['hints'] = {}) => raw(file, { line, hints: { confirm: true, ...hints } });
const noIgnores = async (): Promise<Set<string>> => new Set();

// A test past the candidates it answers without listing.
function listed(roots: string[]): WorkspaceFileTest {
  const test = createWorkspaceFileTest(roots);
  for (let asked = 0; asked < CANDIDATES_BEFORE_LISTING; asked++) expect(test('absent.ini')).toBe(true);
  return test;
}

async function places(raws: RawLocation[], root: string): Promise<string[]> {
  const result = await resolveLocations(raws, { cwd: root, roots: [root], isIgnored: noIgnores });
  return result.locations.map((location) => `${location.file}:${location.line}`).sort();
}

describe('the workspace test for weak candidates', () => {
  it('answers yes without listing until a log has proposed many, then refuses names no workspace file has', async () => {
    const root = await makeWorkspace({ 'conf/app.ini': '' });
    const test = listed([root]);
    expect(test('conf/site.ini')).toBe(false);
    expect(test('on')).toBe(false);
    expect(test('conf/app.ini')).toBe(true);
  });

  it('never refuses what resolve confirms, whatever shape the printed path has', async () => {
    const root = await makeWorkspace({
      Gemfile: '',
      'src/App.tsx': '',
      'src/deep/util.c': '',
      'lib/real.c': '',
      'mypkg/sub.py': '',
      'build/out.ini': '',
      '.gitignore': 'build/\n',
      'node_modules/p/index.js': '',
      'vendor/x.rb': '',
    });
    await symlink(path.join(root, 'lib', 'real.c'), path.join(root, 'lib', 'link.c'));
    await symlink(path.join(root, 'src'), path.join(root, 'current'));
    const raws = [
      weak('Gemfile', 3),
      weak('GEMFILE', 4),
      weak('src/app.tsx', 5),
      weak('/home/runner/work/r/r/src/App.tsx', 6),
      weak('C:\\ci\\src\\deep\\util.c', 7),
      weak('deep/util.c', 8),
      weak('…/deep/util.c', 9),
      weak('lib/link.c', 10),
      weak('current/deep/util.c', 11),
      weak('app.PYZ-00.pyz/mypkg.sub', 12),
      weak('build/out.ini', 13),
      weak('util.c', 14, { directory: 'src/deep' }),
      weak('node_modules/p/index.js', 15),
      weak('vendor/x.rb', 16),
      weak('conf/missing.ini', 17),
      weak('on', 18),
      weak('localhost', 19),
    ];
    const test = listed([root]);
    const kept = raws.filter((location) => test(location.file));
    expect(await places(kept, root)).toEqual(await places(raws, root));
    expect(await places(raws, root)).toContain('lib/real.c:10');
    expect(raws.length - kept.length).toBe(5);
  });

  it('refuses nothing when the workspace is deeper than it lists', async () => {
    const deep = Array.from({ length: 40 }, (_, index) => `d${index}`).join('/');
    const root = await makeWorkspace({ [`${deep}/x.ini`]: '' });
    expect(listed([root])('conf/absent.ini')).toBe(true);
  });
});
