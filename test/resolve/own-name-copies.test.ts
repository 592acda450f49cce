// The workspace's own tree seen under its own name in a folder no registry rule describes (own-name-copies.ts): a
// package manager's global cache or temporary build folder, an unpacked tarball, a script installed without its
// extension, a py2app bundle's compiled modules; and the copies that must stay someone else's. Own-made workspaces.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeWorkspace, removeWorkspaces, writeFiles, fateOf } from './_workspace.js';

afterEach(removeWorkspaces);

describe("the workspace's own name as a folder of a foreign path", () => {
  it("maps a cache's or a build folder's <name>[-<version>…]/ back when a manifest names the package", async () => {
    const zig = await makeWorkspace({ 'build.zig.zon': '.{\n    .name = .sparrow,\n}\n', 'build.zig': 'x\n', 'src/nest.zig': 'x\n' });
    expect(await fateOf(zig, '/home/u/.cache/zig/p/sparrow-0.3.0-AbCd1234efGh/build.zig')).toBe('kept build.zig');
    expect(await fateOf(zig, '/home/u/.cache/zig/p/sparrow-0.3.0-AbCd1234efGh/src/nest.zig')).toBe('kept src/nest.zig');
    const pip = await makeWorkspace({ 'setup.py': 'setup(name="gullwing", py_modules=["gullwing"])\n', 'gullwing.py': 'x\n' });
    expect(await fateOf(pip, '/tmp/pip-install-n6s4pnrs/gullwing/gullwing.py')).toBe('kept gullwing.py');
    const npm = await makeWorkspace({ 'package.json': '{"name": "heron"}\n', 'lib/wing.js': 'x\n' });
    expect(await fateOf(npm, '/srv/build/heron-2.1.0/lib/wing.js')).toBe('kept lib/wing.js');
    const crate = await makeWorkspace({ 'Cargo.toml': '[package]\nname = "plover"\n', 'src/main.rs': 'x\n' });
    expect(await fateOf(crate, '/tmp/unpacked/plover-0.1.0/src/main.rs')).toBe('kept src/main.rs');
  });

  it("maps a copy under the root folder's own name, never under a generic one", async () => {
    const parent = await makeWorkspace();
    const root = path.join(parent, 'kestrel');
    await writeFiles(root, { 'ring.py': 'x\n' });
    // A system folder is a dependency's by its shape: only the name says this one is the workspace's.
    expect(await fateOf(root, '/usr/lib/kestrel/ring.py')).toBe('kept ring.py');
    const generic = path.join(parent, 'share');
    await writeFiles(generic, { 'ring.py': 'x\n' });
    expect(await fateOf(generic, '/usr/lib/python3/dist-packages/share/ring.py')).toBe('vendored');
  });

  it("leaves a dependency's copy, a copy whose file the workspace lacks, and an unnamed workspace alone", async () => {
    const named = await makeWorkspace({ 'build.zig.zon': '.{ .name = "sparrow" }\n', 'build.zig': 'x\n' });
    expect(await fateOf(named, '/home/u/.cache/zig/p/finch-1.0.0-AbCd1234/build.zig')).not.toMatch(/^kept/);
    expect(await fateOf(named, '/home/u/.cache/zig/p/sparrow-0.3.0-AbCd1234/src/missing.zig')).not.toMatch(/^kept/);
    const unnamed = await makeWorkspace({ 'setup.py': '\n', 'gullwing.py': 'x\n' });
    expect(await fateOf(unnamed, '/tmp/pip-install-n6s4pnrs/gullwing/gullwing.py')).toBe('vendored');
  });
});

describe('a script installed without its extension', () => {
  it('is the workspace script of that name at the top or in bin/ or scripts/', async () => {
    const top = await makeWorkspace({ 'rotate-logs.sh': 'x\n' });
    expect(await fateOf(top, '/usr/local/bin/rotate-logs')).toBe('kept rotate-logs.sh');
    const bin = await makeWorkspace({ 'bin/nightly-sync.py': 'x\n' });
    expect(await fateOf(bin, '/home/u/.local/bin/nightly-sync')).toBe('kept bin/nightly-sync.py');
  });

  it("is never a system command's name, and needs the script to exist", async () => {
    const root = await makeWorkspace({ 'env.sh': 'x\n', 'python.py': 'x\n' });
    expect(await fateOf(root, '/usr/bin/env')).not.toMatch(/^kept/);
    expect(await fateOf(root, '/usr/bin/python')).not.toMatch(/^kept/);
    expect(await fateOf(root, '/usr/local/bin/rotate-logs')).not.toMatch(/^kept/);
  });
});

describe("a compiled Python module's frame", () => {
  it('names its source: `x.pyc` is the workspace `x.py`', async () => {
    const root = await makeWorkspace({ 'ledger/gui/window.py': 'x\n', 'ledger/books.py': 'x\n' });
    expect(await fateOf(root, 'gui/window.pyc')).toBe('kept ledger/gui/window.py');
    expect(await fateOf(root, 'ledger/books.pyo')).toBe('kept ledger/books.py');
  });
});
