// A Perl distribution's build copy (blib/lib/, blib/arch/) stands for its source at the same line: MakeMaker's default
// lib/ layout, an old distribution's top-level module, and a Makefile.PL `PM` map (the one file outside blib/ with that
// basename). The real `make test` run is fixtures/prove/makemaker-blib; these are own-made workspaces in the layouts.
import { afterEach, describe, expect, it } from 'vitest';
import { resolveLocations } from '../../src/resolve/index.js';
import { makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

const noIgnores = async (): Promise<Set<string>> => new Set();

async function place(root: string, printed: string): Promise<string> {
  const result = await resolveLocations([raw(printed, { line: 12 })], { cwd: root, roots: [root], isIgnored: noIgnores });
  const location = result.locations[0];
  return location ? `${location.file}:${location.line}` : 'none';
}

describe("a Perl distribution's build copy", () => {
  it('maps blib/lib/ and blib/arch/ back to lib/, keeping the line', async () => {
    const root = await makeWorkspace({
      'lib/Kit/Pack.pm': 'x\n',
      'blib/lib/Kit/Pack.pm': 'x\n',
      'blib/arch/Kit/Fast.pm': 'x\n',
      'lib/Kit/Fast.pm': 'x\n',
    });
    expect(await place(root, 'blib/lib/Kit/Pack.pm')).toBe('lib/Kit/Pack.pm:12');
    expect(await place(root, `${root}/blib/arch/Kit/Fast.pm`)).toBe('lib/Kit/Fast.pm:12');
    expect(await place(root, '/home/u/src/kit/blib/lib/Kit/Pack.pm')).toBe('lib/Kit/Pack.pm:12');
  });

  it("maps an old distribution's top-level module and a PM-mapped file by its one basename outside blib/", async () => {
    const old = await makeWorkspace({ 'Pack.pm': 'x\n', 'blib/lib/Kit/Pack.pm': 'x\n' });
    expect(await place(old, 'blib/lib/Kit/Pack.pm')).toBe('Pack.pm:12');
    const mapped = await makeWorkspace({ 'impl/pp.pm': 'x\n', 'lib/Kit.pm': 'x\n', 'blib/lib/Kit/pp.pm': 'x\n' });
    expect(await place(mapped, 'blib/lib/Kit/pp.pm')).toBe('impl/pp.pm:12');
  });

  it('keeps the copy when its source is not one file', async () => {
    const twice = await makeWorkspace({ 'a/pp.pm': 'x\n', 'b/pp.pm': 'x\n', 'blib/lib/Kit/pp.pm': 'x\n' });
    expect(await place(twice, 'blib/lib/Kit/pp.pm')).toBe('blib/lib/Kit/pp.pm:12');
  });
});

describe("an in-tree build folder's verbatim copy (build-trees.ts)", () => {
  it("maps dune's _build/<context>/ copy to the source beside dune-project, and is no second candidate", async () => {
    const root = await makeWorkspace({
      'dune-project': '(lang dune 2.9)\n',
      'bin/stubs.c': 'x\n',
      '_build/default/bin/stubs.c': 'x\n',
      '_build/default.windows/bin/stubs.c': 'x\n',
      '_build/log': 'x\n',
    });
    expect(await place(root, '_build/default/bin/stubs.c')).toBe('bin/stubs.c:12');
    expect(await place(root, 'stubs.c')).toBe('bin/stubs.c:12');
    expect(await place(root, 'default/bin/stubs.c')).toBe('bin/stubs.c:12');
  });

  it("keeps a _build/ copy without dune's marker, and one whose source is gone", async () => {
    const plain = await makeWorkspace({ 'bin/stubs.c': 'x\n', '_build/default/bin/stubs.c': 'x\n' });
    expect(await place(plain, '_build/default/bin/stubs.c')).toBe('_build/default/bin/stubs.c:12');
    const gone = await makeWorkspace({ 'dune-project': 'x\n', '_build/default/bin/gen.c': 'x\n' });
    expect(await place(gone, '_build/default/bin/gen.c')).toBe('_build/default/bin/gen.c:12');
  });

  it("maps cabal's dist/setup/setup.hs copy to the package's Setup.hs", async () => {
    const root = await makeWorkspace({
      'Setup.hs': 'x\n',
      'dist/setup/setup.hs': 'x\n',
      'pkg/Setup.hs': 'x\n',
      'pkg/dist/setup/setup.hs': 'x\n',
    });
    expect(await place(root, 'dist/setup/setup.hs')).toBe('Setup.hs:12');
    expect(await place(root, `${root}/pkg/dist/setup/setup.hs`)).toBe('pkg/Setup.hs:12');
    const literate = await makeWorkspace({ 'Setup.lhs': 'x\n', 'dist/setup/setup.lhs': 'x\n' });
    expect(await place(literate, 'dist/setup/setup.lhs')).toBe('Setup.lhs:12');
  });
});
