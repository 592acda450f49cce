// A Python installation prefix inside the workspace under a name no list holds (`env/`, `deps/`): the console scripts
// pip wrote into its bin/ are the outer frame of every trace of an installed tool, never the user's code. Known from
// the log (another printed path runs through the prefix's lib/pythonX.Y/) or from the workspace (bin/ beside
// lib/pythonX.Y/, the layout of virtualenv before 20 and of `pip install --prefix`, which leave no pyvenv.cfg).
// fixtures/python-traceback/prefix-console-script is a real `pip install --prefix deps` run.
import { afterEach, describe, expect, it } from 'vitest';
import { fate, makeWorkspace, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

describe('the scripts of a prefix the log shows', () => {
  it('drops env/bin/tool when another frame runs through env/lib/python3.8/', async () => {
    // Only the script is in the workspace, as when a pasted log is read beside a partial checkout.
    const root = await makeWorkspace({ 'env/bin/sqlfluff': 'x\n'.repeat(20), 'models/orders.sql': '' });
    const script = '/home/dev/warehouse/env/bin/sqlfluff';
    const library = '/home/dev/warehouse/env/lib/python3.8/site-packages/click/core.py';
    expect(await fate(root, [script, library])).toEqual({ [script]: 'vendored', [library]: 'vendored' });
  });

  it("keeps the script when no printed path shows that folder to be an interpreter's", async () => {
    const root = await makeWorkspace({ 'env/bin/sqlfluff': 'x\n'.repeat(20) });
    const other = '/usr/lib/python3.8/json/decoder.py';
    expect(await fate(root, ['/home/dev/warehouse/env/bin/sqlfluff', other])).toEqual({
      'env/bin/sqlfluff': 'kept',
      [other]: 'vendored',
    });
  });

  it("drops the __main__.py of pip's Windows launcher beside Lib/site-packages", async () => {
    const root = await makeWorkspace({ 'app/main.py': '' });
    const launcher = 'C:\\work\\site\\venv3\\Scripts\\sqlcheck.exe\\__main__.py';
    const library = 'C:\\work\\site\\venv3\\Lib\\site-packages\\sqlcheck\\cli.py';
    const found = await fate(root, [launcher, library]);
    expect(found[launcher]).toBe('vendored');
  });
});

describe('an installation prefix in the workspace with no marker', () => {
  it('vendors a folder holding bin/ beside lib/pythonX.Y/', async () => {
    const root = await makeWorkspace({
      'deps/bin/sqlcheck': 'x\n'.repeat(20),
      'deps/lib/python3.11/site-packages/sqlcheck/cli.py': '',
      'queries/check.py': '',
    });
    expect(await fate(root, ['deps/bin/sqlcheck', 'queries/check.py'])).toEqual({
      'deps/bin/sqlcheck': 'vendored',
      'queries/check.py': 'kept',
    });
  });

  it('vendors Scripts/ beside Lib/site-packages/ (Windows layout)', async () => {
    const root = await makeWorkspace({ 'pyenv/Scripts/tool-script.py': '', 'pyenv/Lib/site-packages/tool/run.py': '' });
    expect(await fate(root, ['pyenv/Scripts/tool-script.py'])).toEqual({ 'pyenv/Scripts/tool-script.py': 'vendored' });
  });

  it("keeps a project's own bin/ and lib/ when lib/ holds no interpreter folder", async () => {
    const root = await makeWorkspace({ 'tools/bin/release': '', 'tools/lib/common.sh': '', 'tools/lib/python/helpers.py': '' });
    expect(await fate(root, ['tools/bin/release', 'tools/lib/python/helpers.py'])).toEqual({
      'tools/bin/release': 'kept',
      'tools/lib/python/helpers.py': 'kept',
    });
  });
});
