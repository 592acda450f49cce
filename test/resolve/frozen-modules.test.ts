// Issue 20, frozen module paths: PyInstaller (before 3.3) names a module by its archive and dotted name,
// `…\out00-PYZ.pyz\app.loader`; the file to fix is the module's source in the workspace. The documented log is
// fixtures/python-traceback/pyinstaller-module; these are own-made workspaces in each layout.
import { afterEach, describe, expect, it } from 'vitest';
import { makeWorkspace, removeWorkspaces, fateOf } from './_workspace.js';

afterEach(removeWorkspaces);

describe('a module frozen into a PYZ archive', () => {
  it('is its module file, its package __init__.py, or either under src/', async () => {
    const root = await makeWorkspace({ 'app/loader.py': 'x\n', 'app/store/__init__.py': 'x\n', 'src/billing/tax.py': 'x\n' });
    expect(await fateOf(root, 'C:\\build\\shop\\out00-PYZ.pyz\\app.loader')).toBe('kept app/loader.py');
    expect(await fateOf(root, '/opt/shop/build/PYZ-00.pyz/app.store')).toBe('kept app/store/__init__.py');
    expect(await fateOf(root, 'C:\\b\\out00-PYZ.pyz\\billing.tax')).toBe('kept src/billing/tax.py');
  });

  it('is dropped when no workspace source holds it (the standard library and dependencies are frozen alike)', async () => {
    const root = await makeWorkspace({ 'app/loader.py': 'x\n' });
    expect(await fateOf(root, 'C:\\build\\shop\\out00-PYZ.pyz\\json.decoder')).toBe('vendored');
  });

  it('leaves other paths with dots alone', async () => {
    const root = await makeWorkspace({ 'app.loader': 'x\n', 'lib.pyz/readme': 'x\n' });
    expect(await fateOf(root, 'app.loader')).toBe('kept app.loader');
    expect(await fateOf(root, 'lib.pyz/readme')).toBe('kept lib.pyz/readme');
  });
});
