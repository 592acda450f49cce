// A repository cloned inside the workspace that no .gitmodules declares is someone else's code (issue 20), while a
// declared submodule, the repository the command ran in, and checkouts that are all the log shows stay the user's.
// Nested repositories are made by the real git (`git init`), so each `.git` is what a clone leaves on disk.
import { afterEach, describe, expect, it } from 'vitest';
import { hasTool, needs } from '../_tools.js';
import { fate, git, makeWorkspace, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

describe.skipIf(!hasTool('git'))(`repositories nested in the workspace ${needs('git')}`, () => {
  it('vendors a library cloned into a config folder beside the file that uses it', async () => {
    const root = await makeWorkspace({ '.config/wm/rc.lua': '', '.config/wm/widgets/init.lua': '' });
    git(`${root}/.config/wm/widgets`, 'init', '-q');
    expect(await fate(root, ['.config/wm/rc.lua', '.config/wm/widgets/init.lua'])).toEqual({
      '.config/wm/rc.lua': 'kept',
      '.config/wm/widgets/init.lua': 'vendored',
    });
  });

  it('vendors it inside a workspace that is a repository itself', async () => {
    const root = await makeWorkspace({ 'src/app.c': '', 'third/lib/parse.c': '' });
    git(root, 'init', '-q');
    git(`${root}/third/lib`, 'init', '-q');
    expect(await fate(root, ['src/app.c', 'third/lib/parse.c'])).toEqual({ 'src/app.c': 'kept', 'third/lib/parse.c': 'vendored' });
  });

  it("keeps a clone from the workspace's own owner, and vendors one from anyone else's", async () => {
    const root = await makeWorkspace({ 'src/app.c': '', 'libs/mine/util.c': '', 'libs/theirs/parse.c': '' });
    git(root, 'init', '-q');
    git(root, 'remote', 'add', 'origin', 'git@github.com:Alice/app.git');
    git(`${root}/libs/mine`, 'init', '-q');
    git(`${root}/libs/mine`, 'remote', 'add', 'origin', 'https://github.com/alice/util');
    git(`${root}/libs/theirs`, 'init', '-q');
    git(`${root}/libs/theirs`, 'remote', 'add', 'origin', 'https://github.com/bob/parse.git');
    expect(await fate(root, ['src/app.c', 'libs/mine/util.c', 'libs/theirs/parse.c'])).toEqual({
      'src/app.c': 'kept',
      'libs/mine/util.c': 'kept',
      'libs/theirs/parse.c': 'vendored',
    });
    // The same owner on another host is someone else.
    git(`${root}/libs/mine`, 'remote', 'set-url', 'origin', 'https://gitlab.com/alice/util');
    expect(await fate(root, ['src/app.c', 'libs/mine/util.c'])).toEqual({ 'src/app.c': 'kept', 'libs/mine/util.c': 'vendored' });
  });

  it('keeps a nested repository that .gitmodules declares', async () => {
    const root = await makeWorkspace({
      '.gitmodules': '[submodule "tool"]\n\tpath = modules/tool\n\turl = ../tool.git\n',
      'src/app.c': '',
      'modules/tool/build.c': '',
    });
    git(root, 'init', '-q');
    git(`${root}/modules/tool`, 'init', '-q');
    expect(await fate(root, ['src/app.c', 'modules/tool/build.c'])).toEqual({ 'src/app.c': 'kept', 'modules/tool/build.c': 'kept' });
  });

  it('keeps the nested repository the command ran in', async () => {
    const root = await makeWorkspace({ 'main.py': '', 'plugin/hook.py': '' });
    git(`${root}/plugin`, 'init', '-q');
    expect(await fate(root, ['main.py', 'plugin/hook.py'], `${root}/plugin`)).toEqual({ 'main.py': 'kept', 'plugin/hook.py': 'kept' });
  });

  it('keeps checkouts side by side when the log shows nothing outside them', async () => {
    const root = await makeWorkspace({ 'one/src/a.go': '', 'two/src/b.go': '' });
    git(`${root}/one`, 'init', '-q');
    git(`${root}/two`, 'init', '-q');
    expect(await fate(root, ['one/src/a.go', 'two/src/b.go'])).toEqual({ 'one/src/a.go': 'kept', 'two/src/b.go': 'kept' });
  });

  it('keeps a folder with no .git of its own', async () => {
    const root = await makeWorkspace({ 'rc.lua': '', 'widgets/init.lua': '' });
    expect(await fate(root, ['rc.lua', 'widgets/init.lua'])).toEqual({ 'rc.lua': 'kept', 'widgets/init.lua': 'kept' });
  });
});

describe('packages copied into the workspace with the descriptor they were published with', () => {
  it("vendors a library carrying its rockspec in a game that uses no LuaRocks, beside the game's own file", async () => {
    const root = await makeWorkspace({ 'main.lua': '', 'libs/HC/hc-0.1-1.rockspec': '', 'libs/HC/class.lua': '' });
    expect(await fate(root, ['main.lua', 'libs/HC/class.lua'])).toEqual({ 'main.lua': 'kept', 'libs/HC/class.lua': 'vendored' });
  });

  it('keeps it when it is all the log shows, when the command ran in it, or without a descriptor', async () => {
    const root = await makeWorkspace({ 'main.lua': '', 'libs/HC/hc-0.1-1.rockspec': '', 'libs/HC/class.lua': '', 'libs/own/util.lua': '' });
    expect(await fate(root, ['libs/HC/class.lua'])).toEqual({ 'libs/HC/class.lua': 'kept' });
    expect(await fate(root, ['main.lua', 'libs/HC/class.lua'], `${root}/libs/HC`)).toEqual({
      'main.lua': 'kept',
      'libs/HC/class.lua': 'kept',
    });
    expect(await fate(root, ['main.lua', 'libs/own/util.lua'])).toEqual({ 'main.lua': 'kept', 'libs/own/util.lua': 'kept' });
  });

  it("keeps a member package of a workspace that uses the same package manager (a gem beside the root's Gemfile)", async () => {
    const root = await makeWorkspace({ Gemfile: '', 'app/main.rb': '', 'gems/tool/tool.gemspec': '', 'gems/tool/lib/tool.rb': '' });
    expect(await fate(root, ['app/main.rb', 'gems/tool/lib/tool.rb'])).toEqual({ 'app/main.rb': 'kept', 'gems/tool/lib/tool.rb': 'kept' });
    const rocks = await makeWorkspace({
      'app-1.0-1.rockspec': '',
      'src/app.lua': '',
      'rocks/part/part-1.0-1.rockspec': '',
      'rocks/part/part.lua': '',
    });
    expect(await fate(rocks, ['src/app.lua', 'rocks/part/part.lua'])).toEqual({ 'src/app.lua': 'kept', 'rocks/part/part.lua': 'kept' });
  });
});
