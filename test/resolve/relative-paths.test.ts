// Relative paths printed from somewhere that is not cwd: leading folders that do not exist, elisions, a
// container's working folder, a project named on another line, and ambiguity reported instead of guessed.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toLocateJson } from '../../src/core/index.js';
import { MAX_INDEXED_NAMES } from '../../src/resolve/file-index.js';
import { createNodeResolverFs, resolveLocations, type ResolverFs } from '../../src/resolve/index.js';
import { makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

const noIgnores = async (): Promise<Set<string>> => new Set();

async function locate(root: string, files: string[], cwd = root, hints = {}) {
  return resolveLocations(
    files.map((file) => raw(file, { hints })),
    { cwd, roots: [root], isIgnored: noIgnores },
  );
}

describe('leading folders the workspace does not have', () => {
  it('drops a repository or package folder, with either separator', async () => {
    const root = await makeWorkspace({ 'src/x.cpp': '', 'src/Pkg.jl': '', 'x.cpp': '' });
    const result = await locate(root, ['myrepo/src/x.cpp', 'Pkg\\src\\Pkg.jl', 'myrepo/x.cpp']);
    expect(result.locations.map((l) => l.file)).toEqual(['src/x.cpp', 'src/Pkg.jl', 'x.cpp']);
  });

  it('never drops a folder that exists, and never leaves a lone basename for a deeper path', async () => {
    const root = await makeWorkspace({ 'src/other.c': '', 'x.c': '', 'lib/y.c': '' });
    const result = await locate(root, ['src/x.c', 'a/b/y.c']);
    expect(result.locations).toEqual([]);
    expect(result.unresolved.map((u) => [u.file, u.reason])).toEqual([
      ['src/x.c', 'not-found'],
      ['a/b/y.c', 'not-found'],
    ]);
  });

  it('finds a path printed from a container working folder below cwd (./app/x.tsx from client/)', async () => {
    const root = await makeWorkspace({ 'client/app/page.tsx': '', 'server/main.go': '' });
    const result = await locate(root, ['./app/page.tsx']);
    expect(result.locations.map((l) => l.file)).toEqual(['client/app/page.tsx']);
  });

  it('matches what follows a leading ../ when the folder the compiler ran in is unknown (../Source/x.f90)', async () => {
    const root = await makeWorkspace({ 'Source/soot.f90': '', 'Build/intel/makefile': '', 'Source/other/soot.f90': '' });
    const result = await locate(root, ['../Source/soot.f90', '../../elsewhere/soot.f90', '../soot.f90'], path.join(root, 'Build/intel'));
    expect(result.locations.map((l) => l.file)).toEqual(['Source/soot.f90']);
    // A folder that is not there names no file, and a lone basename after `..` is not enough to pick one of two
    // same-named files: both stay paths outside the root.
    expect(result.unresolved.map((u) => [u.file, u.reason])).toEqual([
      ['../../elsewhere/soot.f90', 'outside-root'],
      ['../soot.f90', 'outside-root'],
    ]);
  });

  it('takes a lone name after ../ directly in the folder the command ran in (node-gyp: ../binding.cc from build/)', async () => {
    const root = await makeWorkspace({ 'binding.cc': '', 'src/deep/binding.cc': '', 'lib/other.cc': '' });
    const result = await locate(root, ['../binding.cc', '../../binding.cc', '../other.cc']);
    expect(result.locations.map((l) => l.file)).toEqual(['binding.cc']);
    // Not searched for across the workspace: lib/other.cc is not the file ../other.cc named.
    expect(result.unresolved.map((u) => [u.file, u.reason])).toEqual([['../other.cc', 'outside-root']]);
  });

  it('matches the longest suffix that names any workspace file', async () => {
    const root = await makeWorkspace({ 'packages/web/src/lib/util.ts': '', 'packages/api/lib/util.ts': '' });
    const result = await locate(root, ['/build/out/web/src/lib/util.ts'.slice(1).replace('build/out/', 'checkout/')]);
    expect(result.locations.map((l) => l.file)).toEqual(['packages/web/src/lib/util.ts']);
  });
});

describe('dependencies', () => {
  it('never maps a dependency path to a user file that shares its end', async () => {
    const root = await makeWorkspace({ 'foo/bar.py': '', 'p/index.js': '' });
    const result = await locate(root, ['lib/python3.11/site-packages/foo/bar.py', 'node_modules/p/index.js']);
    expect(result.locations).toEqual([]);
    expect(result.dropped.map((d) => d.reason)).toEqual(['vendored', 'vendored']);
  });
});

describe('ambiguity', () => {
  it('reports two equally good workspace files as ambiguous with both candidates, never a guess', async () => {
    const root = await makeWorkspace({ 'client/app/page.tsx': '', 'admin/app/page.tsx': '' });
    const result = await locate(root, ['./app/page.tsx']);
    expect(result.locations).toEqual([]);
    expect(result.unresolved).toMatchObject([
      { file: './app/page.tsx', reason: 'ambiguous', candidates: ['admin/app/page.tsx', 'client/app/page.tsx'] },
    ]);
    // The JSON contract carries the candidates, and only for an ambiguous path.
    const json = toLocateJson({
      ...result,
      unresolved: [...result.unresolved, { ...result.unresolved[0]!, reason: 'not-found', candidates: undefined }],
    });
    expect(json.unresolved.map((u) => u.candidates)).toEqual([['admin/app/page.tsx', 'client/app/page.tsx'], undefined]);
    expect(Object.keys(json.unresolved[1]!)).not.toContain('candidates');
  });
});

describe('symlinked copies', () => {
  it('counts a symlink to another match as that file, not as a second candidate', async () => {
    const root = await makeWorkspace({ 'releases/v2/app/main.py': '' });
    await mkdir(path.join(root, 'mirror', 'app'), { recursive: true });
    await symlink(path.join(root, 'releases', 'v2', 'app', 'main.py'), path.join(root, 'mirror', 'app', 'main.py'));
    const result = await locate(root, ['./app/main.py']);
    expect(result.unresolved).toEqual([]);
    expect(result.locations.map((l) => l.file)).toEqual(['releases/v2/app/main.py']);
  });
});

describe('elisions', () => {
  it('expands …, ... and ..... (with either separator) to the one file that ends so', async () => {
    const root = await makeWorkspace({ 'engine/core/Helpers.cpp': '', 'course/week2/ex06.js': '', 'docs/notes/readme.txt': '' });
    const result = await locate(root, ['...\\Helpers.cpp', '...../ex06.js', '…/notes/readme.txt']);
    expect(result.locations.map((l) => l.file)).toEqual(['engine/core/Helpers.cpp', 'course/week2/ex06.js', 'docs/notes/readme.txt']);
  });

  it('keeps the folders printed before a mid-path elision as a constraint', async () => {
    const root = await makeWorkspace({ 'src/deep/a/x.ts': '', 'test/deep/b/x.ts': '' });
    const result = await locate(root, ['src/…/x.ts', 'lib/.../x.ts']);
    expect(result.locations.map((l) => l.file)).toEqual(['src/deep/a/x.ts']);
    expect(result.unresolved.map((u) => [u.file, u.reason])).toEqual([['lib/.../x.ts', 'not-found']]);
  });

  it("ignores the folders of an absolute path before its elision (another machine's checkout)", async () => {
    const root = await makeWorkspace({ 'engine/core/Helpers.cpp': '' });
    const result = await locate(root, ['C:\\Users\\me\\...\\core\\Helpers.cpp', '/home/me/…/core/Helpers.cpp']);
    expect(result.locations.map((l) => l.file)).toEqual(['engine/core/Helpers.cpp']);
    expect(result.unresolved).toEqual([]);
  });

  it("takes a root's file when the folders after a leading elision are the checkout's own names", async () => {
    const root = await makeWorkspace({ Rakefile: '', 'lib/tasks/site.rake': '', 'docs/Rakefile': '' });
    // No workspace path ends with `owner/repo/Rakefile`: the folders name the checkout, the file is at its top. A tail
    // that some workspace file ends with keeps that file, and a dependency's copy stays no place.
    const result = await locate(root, ['.../owner/repo/Rakefile', '…/repo/docs/Rakefile', '.../gems/rake-13.0/Rakefile']);
    expect(result.locations.map((l) => l.file)).toEqual(['Rakefile', 'docs/Rakefile']);
    expect(result.unresolved.map((u) => u.file)).toEqual([]);
    // Folders printed before the elision constrain it: no root-file guess there.
    const headed = await locate(root, ['site/.../repo/Rakefile']);
    expect(headed.locations).toEqual([]);
  });

  it("takes no root's file for a deep or hidden tail after the elision: another tree's file of that name", async () => {
    const root = await makeWorkspace({ 'init.lua': '', Rakefile: '' });
    // A plugin manager's copy (held-out set 83) and a tail of four folders are no checkout's names.
    const result = await locate(root, ['...xxxx/.local/share/nvim/lazy/lazy.nvim/lua/lazy/init.lua', '.../a/b/c/d/Rakefile']);
    expect(result.locations).toEqual([]);
    const hidden = await locate(root, ['.../.cache/Rakefile']);
    expect(hidden.locations).toEqual([]);
  });

  it('reports an elision that several files end with as ambiguous', async () => {
    const root = await makeWorkspace({ 'a/Helpers.cpp': '', 'b/Helpers.cpp': '' });
    const result = await locate(root, ['...\\Helpers.cpp']);
    expect(result.unresolved).toMatchObject([{ reason: 'ambiguous', candidates: ['a/Helpers.cpp', 'b/Helpers.cpp'] }]);
  });
});

describe('project folders named on another line (hints.projectDirectory)', () => {
  it('tries paths relative to the project folder, re-based when it was printed on another machine', async () => {
    const root = await makeWorkspace({ 'svc/Models/User.cs': '', 'Models/User.cs': '' });
    const local = await locate(root, ['Models/User.cs'], root, { projectDirectory: path.join(root, 'svc') });
    expect(local.locations.map((l) => l.file)).toEqual(['svc/Models/User.cs']);
    const foreign = await locate(root, ['Models/User.cs'], root, { projectDirectory: 'D:\\a\\repo\\svc' });
    expect(foreign.locations.map((l) => l.file)).toEqual(['svc/Models/User.cs']);
  });
});

describe('containment', () => {
  it('never follows a symlink out of the roots, however the file was found', async () => {
    const outside = await makeWorkspace({ 'app/secret.ts': '' });
    const root = await makeWorkspace({ 'src/ok.ts': '' });
    await mkdir(path.join(root, 'client'), { recursive: true });
    await symlink(path.join(outside, 'app'), path.join(root, 'client', 'app'));
    const result = await locate(root, ['./app/secret.ts', 'myrepo/client/app/secret.ts', '…/app/secret.ts']);
    expect(result.locations).toEqual([]);
    expect(result.unresolved.every((u) => u.reason !== 'ambiguous')).toBe(true);
  });

  it('never resolves a `..` escape through the listing', async () => {
    const outside = await makeWorkspace({ 'x/escape.ts': '' });
    const root = await makeWorkspace({ 'x/escape.ts': '' });
    const result = await locate(path.join(root, 'x'), [`../${path.basename(outside)}/x/escape.ts`], path.join(root, 'x'));
    expect(result.locations).toEqual([]);
  });
});

describe('the workspace listing', () => {
  it('is made at most once per root per call, only for what stat could not resolve', async () => {
    const root = await makeWorkspace({ 'client/app/a.tsx': '', 'client/app/b.tsx': '', 'src/c.ts': '' });
    const inner = createNodeResolverFs();
    const searches: string[][] = [];
    const fs: ResolverFs = { ...inner, findFilesByName: (dir, names) => (searches.push([...names]), inner.findFilesByName(dir, names)) };
    const raws = ['./app/a.tsx', 'app/b.tsx', 'src/c.ts', '…/a.tsx', 'gone/d.ts'].map((file) => raw(file));
    const result = await resolveLocations(raws, { cwd: root, roots: [root], fs, isIgnored: noIgnores });
    expect(result.locations.map((l) => l.file)).toEqual(['client/app/a.tsx', 'client/app/b.tsx', 'src/c.ts']);
    expect(searches).toEqual([['a.tsx', 'b.tsx', 'd.ts']]);
  });

  it('asks for a bounded number of basenames however many paths a log leaves open', async () => {
    const root = await makeWorkspace({ 'src/a.ts': '' });
    const inner = createNodeResolverFs();
    const asked: number[] = [];
    const fs: ResolverFs = { ...inner, findFilesByName: (dir, names) => (asked.push(names.length), inner.findFilesByName(dir, names)) };
    const raws = Array.from({ length: MAX_INDEXED_NAMES + 500 }, (_, i) => raw(`gone/f${i}.ts`));
    const result = await resolveLocations(raws, { cwd: root, roots: [root], fs, isIgnored: noIgnores });
    expect(asked).toEqual([MAX_INDEXED_NAMES]);
    expect(result.unresolved).toHaveLength(raws.length);
  });

  it('is never made when every path resolves by stat', async () => {
    const root = await makeWorkspace({ 'src/c.ts': '' });
    await writeFile(path.join(root, 'top.ts'), '');
    const inner = createNodeResolverFs();
    let searches = 0;
    const fs: ResolverFs = { ...inner, findFilesByName: (dir, names) => (searches++, inner.findFilesByName(dir, names)) };
    await resolveLocations([raw('src/c.ts'), raw('myrepo/top.ts')], { cwd: root, roots: [root], fs, isIgnored: noIgnores });
    expect(searches).toBe(0);
  });
});

describe('a copy of the project made elsewhere on another machine', () => {
  it("places a VM's or container's absolute path by its longest ending of a folder and more, when one file has it", async () => {
    const root = await makeWorkspace({ 'puppet/manifests/site.pp': '', 'puppet/modules/web/manifests/init.pp': '', Vagrantfile: '' });
    const result = await locate(root, ['/tmp/vagrant-puppet-7/manifests/site.pp', '/etc/puppet/modules/web/manifests/init.pp']);
    expect(result.locations.map((l) => l.file)).toEqual(['puppet/manifests/site.pp', 'puppet/modules/web/manifests/init.pp']);
  });

  it('never takes a lone basename, and reports several files with that ending as ambiguous', async () => {
    const root = await makeWorkspace({ 'a/manifests/site.pp': '', 'b/manifests/site.pp': '', 'lib/solo.pp': '' });
    const result = await locate(root, ['/srv/copy/manifests/site.pp', '/srv/copy/other/solo.pp']);
    expect(result.locations).toEqual([]);
    expect(result.unresolved.map((u) => [u.file, u.reason])).toEqual([
      ['/srv/copy/manifests/site.pp', 'ambiguous'],
      ['/srv/copy/other/solo.pp', 'not-found'],
    ]);
  });
});

describe('a configuration file read where it was installed', () => {
  it('is the one workspace file of that name, under /etc, a systemd unit folder or a stack /opt/<x>/etc', async () => {
    const root = await makeWorkspace({ 'release/systemd/agent@.service': '', 'deploy/site.conf': '', 'conf/cache.vcl': '' });
    const result = await locate(root, [
      '/usr/lib/systemd/system/agent@.service',
      '/etc/nginx/conf.d/site.conf',
      '/opt/stack/varnish/etc/varnish/cache.vcl',
    ]);
    expect(result.locations.map((l) => l.file)).toEqual(['release/systemd/agent@.service', 'deploy/site.conf', 'conf/cache.vcl']);
  });

  it('is ambiguous when several files have that name, and any other folder still never takes a lone basename', async () => {
    const root = await makeWorkspace({ 'a/site.conf': '', 'b/site.conf': '', 'lib/solo.conf': '' });
    const result = await locate(root, ['/etc/nginx/site.conf', '/srv/copy/solo.conf']);
    expect(result.locations).toEqual([]);
    expect(result.unresolved.map((u) => [u.file, u.reason])).toEqual([
      ['/etc/nginx/site.conf', 'ambiguous'],
      ['/srv/copy/solo.conf', 'not-found'],
    ]);
  });
});

describe('a bare file name whose folders a line above printed', () => {
  it('picks, of several same-named files, the one the mentioned path ends in; without it, ambiguous', async () => {
    const root = await makeWorkspace({ 'db/postgres/schema.prisma': '', 'db/mysql/schema.prisma': '' });
    const mentioned = await locate(root, ['schema.prisma'], root, { mentionedPath: 'C:\\work\\shop\\db\\postgres\\schema.prisma' });
    expect(mentioned.locations.map((l) => l.file)).toEqual(['db/postgres/schema.prisma']);
    const bare = await locate(root, ['schema.prisma']);
    expect(bare.unresolved.map((u) => u.reason)).toEqual(['ambiguous']);
  });
});

describe('Windows paths printed in one case', () => {
  it('match the checkout whatever its case when a drive or backslash shows a case-insensitive file system', async () => {
    const root = await makeWorkspace({ 'TinyLib/Iterator.h': '', 'App/MainWindow.xaml.cs': '' });
    const result = await locate(root, ['c:\\users\\dev\\downloads\\tinylib-1.0\\tinylib\\iterator.h', 'D:\\WORK\\APP\\MAINWINDOW.XAML.CS']);
    expect(result.locations.map((l) => l.file)).toEqual(['TinyLib/Iterator.h', 'App/MainWindow.xaml.cs']);
  });

  it('stay case-sensitive for posix paths and for Windows paths that mix cases', async () => {
    const root = await makeWorkspace({ 'TinyLib/Iterator.h': '' });
    const result = await locate(root, ['/home/dev/tinylib/iterator.h', 'C:\\Users\\dev\\tinylib\\iterator.h']);
    expect(result.locations).toEqual([]);
  });
});

describe("a Go row printed from another GOPATH folder under its package's header", () => {
  it('is the file in the folder the import path ends in, only when the path ends in that import path', async () => {
    const root = await makeWorkspace({ 'tally.go': '', 'cmd/demo/main.go': '' });
    const cwd = path.join(root, 'cmd/demo');
    const under = (importPath: string) => ({ packageName: importPath });
    const own = await locate(root, ['../example.com/tally/tally.go'], cwd, under('example.com/tally'));
    expect(own.locations.map((location) => location.file)).toEqual(['tally.go']);
    const other = await locate(root, ['../example.com/other/tally.go'], cwd, under('example.com/tally'));
    expect(other.locations).toEqual([]);
    const headless = await locate(root, ['../example.com/tally/tally.go'], cwd);
    expect(headless.locations).toEqual([]);
    // A go.mod naming another module says the package is a dependency: its same-named file is not the workspace's.
    const module = await makeWorkspace({ 'go.mod': 'module example.com/app\n', 'tally.go': '' });
    const dependency = await locate(module, ['../example.com/tally/tally.go'], module, under('example.com/tally'));
    expect(dependency.locations).toEqual([]);
    const ownModule = await locate(module, ['../example.com/app/tally.go'], module, under('example.com/app'));
    expect(ownModule.locations.map((location) => location.file)).toEqual(['tally.go']);
  });
});
