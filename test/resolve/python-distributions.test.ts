// A distribution's other top-level packages and a manifest below the top (held-out set 69): a site-packages copy maps
// back when the workspace's manifest lists the package, discovers it (find_packages and an __init__.py), or sits inside
// the package's folder or one folder down. The real pip runs are fixtures/python-traceback/own-package-second and
// own-package-nested-manifest; these are own-made workspaces in more layouts.
import { afterEach, describe, expect, it } from 'vitest';
import { makeWorkspace, removeWorkspaces, fateOf } from './_workspace.js';

afterEach(removeWorkspaces);

const SITE = '/opt/venv/lib/python3.12/site-packages';

describe("a distribution's second top-level package", () => {
  it('maps back a package setup.py, setup.cfg, pyproject or Poetry lists beside the one it is named after', async () => {
    const files = { 'hive/__init__.py': 'x\n', 'hive_tools/cli/run.py': 'x\n', 'other/x.py': 'x\n' };
    const manifests: Array<Record<string, string>> = [
      { 'setup.py': 'setup(name="hive", packages=["hive", "hive_tools.cli"])\n' },
      { 'setup.cfg': '[metadata]\nname = hive\n[options]\npackages =\n    hive\n    hive_tools\n' },
      { 'pyproject.toml': '[project]\nname = "hive"\n[tool.setuptools]\npackages = ["hive", "hive_tools"]\n' },
      { 'pyproject.toml': '[tool.poetry]\nname = "hive"\npackages = [{ include = "hive" }, { include = "hive_tools" }]\n' },
    ];
    for (const manifest of manifests) {
      const root = await makeWorkspace({ ...files, ...manifest });
      expect(await fateOf(root, `${SITE}/hive_tools/cli/run.py`)).toBe('kept hive_tools/cli/run.py');
      // A package the manifest does not list stays a dependency, even with the same path in the workspace.
      expect(await fateOf(root, `${SITE}/other/x.py`)).toBe('vendored');
    }
  });

  it('maps back a discovered package (find_packages) only when it is one: a folder with an __init__.py', async () => {
    const root = await makeWorkspace({
      'setup.py': 'from setuptools import find_packages, setup\nsetup(name="hive", packages=find_packages())\n',
      'hive_tools/__init__.py': 'x\n',
      'hive_tools/run.py': 'x\n',
      'notes/run.py': 'x\n',
    });
    expect(await fateOf(root, `${SITE}/hive_tools/run.py`)).toBe('kept hive_tools/run.py');
    expect(await fateOf(root, `${SITE}/notes/run.py`)).toBe('vendored');
  });
});

describe('a manifest below the top', () => {
  it('maps back a package whose setup.py sits inside its own folder, its name set through a variable', async () => {
    const root = await makeWorkspace({
      'grove/packaging/pip/setup.py': 'project_name = "grove"\nsetup(name=project_name, version="1")\n',
      'grove/core/ops.py': 'x\n',
    });
    expect(await fateOf(root, `${SITE}/grove/core/ops.py`)).toBe('kept grove/core/ops.py');
    // The same layout with a manifest naming another project is not this package's.
    const other = await makeWorkspace({ 'grove/packaging/pip/setup.py': 'setup(name="shrub")\n', 'grove/core/ops.py': 'x\n' });
    expect(await fateOf(other, `${SITE}/grove/core/ops.py`)).toBe('vendored');
  });

  it('maps back a package kept beside its manifest one folder down (python/, python-package/)', async () => {
    const root = await makeWorkspace({
      'python-package/setup.py': 'setup(name="boosty")\n',
      'python-package/boosty/core.py': 'x\n',
      'src/boost.cc': 'x\n',
    });
    expect(await fateOf(root, `${SITE}/boosty/core.py`)).toBe('kept python-package/boosty/core.py');
    expect(await fateOf(root, `${SITE}/numpy/core.py`)).toBe('vendored');
  });
});
