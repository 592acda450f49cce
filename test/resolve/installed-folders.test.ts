// Installed copies whose place in the repository only the workspace's manifest tells (held-out set 61): a C or C++
// library's headers under `<prefix>/include/<lib>/`, and a Python package kept in a folder the manifest declares. The
// real runs are fixtures/gcc/own-header-installed and fixtures/python-traceback/own-package-dir; these are own-made
// workspaces in the other layouts, and the copies that must stay someone else's.
import { afterEach, describe, expect, it } from 'vitest';
import { makeWorkspace, removeWorkspaces, fateOf } from './_workspace.js';

afterEach(removeWorkspaces);

describe("a C or C++ library's installed headers", () => {
  it('map back to include/<lib>/ when configure.ac, CMakeLists.txt or meson.build names the library', async () => {
    const autoconf = await makeWorkspace({ 'configure.ac': 'AC_INIT([libsprocket], [1.0])\n', 'include/libsprocket/gear.tpp': 'x\n' });
    expect(await fateOf(autoconf, '/usr/include/libsprocket/gear.tpp')).toBe('kept include/libsprocket/gear.tpp');
    expect(await fateOf(autoconf, '/usr/local/include/libsprocket/gear.tpp')).toBe('kept include/libsprocket/gear.tpp');
    // CMake's name differs in case and separators, and `lib` is dropped: `git2` is libgit2's folder.
    const cmake = await makeWorkspace({
      'CMakeLists.txt': 'cmake_minimum_required(VERSION 3.16)\nPROJECT(LibGit2 C)\n',
      'include/git2/repo.h': 'x\n',
    });
    expect(await fateOf(cmake, '/opt/homebrew/include/git2/repo.h')).toBe('kept include/git2/repo.h');
    // A header-only library kept at the top (`<lib>/x.hpp`), named by meson.
    const meson = await makeWorkspace({ 'meson.build': "project('yaml-cpp', 'cpp')\n", 'yaml-cpp/node.h': 'x\n' });
    expect(await fateOf(meson, '/home/u/conda/envs/dev/include/yaml-cpp/node.h')).toBe('kept yaml-cpp/node.h');
  });

  it("stay the system's when the manifest names another library, names none, or the path is not the library's", async () => {
    const bundled = await makeWorkspace({ 'CMakeLists.txt': 'project(viewer CXX)\n', 'include/GL/glew.h': 'x\n' });
    expect(await fateOf(bundled, '/usr/include/GL/glew.h')).toBe('vendored');
    const unnamed = await makeWorkspace({ Makefile: 'all:\n', 'include/libsprocket/gear.tpp': 'x\n' });
    expect(await fateOf(unnamed, '/usr/include/libsprocket/gear.tpp')).toBe('vendored');
    const named = await makeWorkspace({ 'configure.ac': 'AC_INIT([libsprocket], [1.0])\n', 'include/libsprocket/gear.tpp': 'x\n' });
    expect(await fateOf(named, '/usr/include/libsprocket/missing.tpp')).toBe('vendored');
    expect(await fateOf(named, '/usr/include/c++/12/bits/stl_vector.h')).toBe('vendored');
  });
});

describe('a Python package kept in the folder its manifest declares', () => {
  it.each([
    ['setup.py', "setup(name='nightjar', package_dir={'': 'python'}, packages=['nightjar'])\n", 'python'],
    ['setup.py', "setup(\n    name='nightjar',\n    package_dir={\n        '': 'lib',\n    },\n)\n", 'lib'],
    ['setup.cfg', '[metadata]\nname = nightjar\n[options]\npackage_dir =\n    = code\n', 'code'],
    ['pyproject.toml', '[project]\nname = "nightjar"\n[tool.setuptools.package-dir]\n"" = "python"\n', 'python'],
    ['pyproject.toml', '[project]\nname = "nightjar"\n[tool.setuptools.packages.find]\nwhere = ["pkgs"]\n', 'pkgs'],
    ['pyproject.toml', '[tool.poetry]\nname = "nightjar"\npackages = [{ include = "nightjar", from = "source" }]\n', 'source'],
  ])('maps site-packages/<pkg>/ back through %s declaring %s', async (manifest, text, folder) => {
    const root = await makeWorkspace({ [manifest]: text, [`${folder}/nightjar/roost.py`]: 'x\n' });
    const printed = '/usr/lib/python3/dist-packages/nightjar/roost.py';
    expect(await fateOf(root, printed)).toBe(`kept ${folder}/nightjar/roost.py`);
  });

  it('keeps the copy vendored when the manifest names another package or declares a folder outside the root', async () => {
    const other = await makeWorkspace({
      'setup.py': "setup(name='heron', package_dir={'': 'python'})\n",
      'python/nightjar/roost.py': 'x\n',
    });
    expect(await fateOf(other, '/usr/lib/python3/dist-packages/nightjar/roost.py')).toBe('vendored');
    const outside = await makeWorkspace({
      'setup.py': "setup(name='nightjar', package_dir={'': '../python'})\n",
      'python/nightjar/roost.py': 'x\n',
    });
    expect(await fateOf(outside, '/usr/lib/python3/dist-packages/nightjar/roost.py')).toBe('vendored');
  });
});
