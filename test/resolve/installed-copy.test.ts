// The workspace's own package seen through its installed copy (issue 20): a gem home's or site-packages' copy maps
// back to the workspace file only when the workspace's manifest names that package and the relative path exists.
// The real pip run is fixtures/python-traceback/own-package-installed; these are own-made workspaces in the layouts.
import { afterEach, describe, expect, it } from 'vitest';
import { resolveLocations } from '../../src/resolve/index.js';
import { makeWorkspace, raw, removeWorkspaces, fateOf } from './_workspace.js';

afterEach(removeWorkspaces);

const noIgnores = async (): Promise<Set<string>> => new Set();

describe("an installed copy of the workspace's own package", () => {
  it('maps a gem home path back when <name>.gemspec names the gem', async () => {
    const root = await makeWorkspace({ 'little-plugger.gemspec': '', 'lib/little-plugger.rb': 'x\n' });
    expect(await fateOf(root, '/usr/lib/ruby/gems/1.8/gems/little-plugger-1.1.2/lib/little-plugger.rb')).toBe('kept lib/little-plugger.rb');
    expect(await fateOf(root, '/home/u/.gem/ruby/3.2.0/gems/rspec-core-3.12.0/lib/rspec/core.rb')).toBe('vendored');
  });

  it('maps a site-packages path back when the pyproject name names the module (PEP 503 spelling)', async () => {
    const root = await makeWorkspace({ 'pyproject.toml': '[project]\nname = "github-email"\n', 'github_email/__init__.py': 'x\n' });
    expect(await fateOf(root, '/home/u/.venv/lib/python3.12/site-packages/github_email/__init__.py')).toBe('kept github_email/__init__.py');
    const src = await makeWorkspace({ 'setup.cfg': '[metadata]\nname = tally\n', 'src/tally/count.py': 'x\n' });
    expect(await fateOf(src, '/venv/lib/python3.11/site-packages/tally/count.py')).toBe('kept src/tally/count.py');
  });

  it("maps an application's copy under a system folder back when a manifest names the project (its scripts flattened)", async () => {
    const root = await makeWorkspace({
      'setup.py': "setup(name='nav', scripts=['bin/t1000.py'])\n",
      'bin/t1000.py': 'x\n',
      'nav/web.py': 'x\n',
    });
    expect(await fateOf(root, '/usr/lib/nav/t1000.py')).toBe('kept bin/t1000.py');
    expect(await fateOf(root, '/usr/share/nav/web.py')).toBe('kept nav/web.py');
    const node = await makeWorkspace({ 'package.json': '{"name": "kiosk"}', 'src/boot.js': 'x\n' });
    expect(await fateOf(node, '/usr/local/lib/kiosk/boot.js')).toBe('kept src/boot.js');
    // Another application's folder, or one the manifest does not name, is not the project's.
    expect(await fateOf(root, '/usr/lib/other/t1000.py')).not.toBe('kept bin/t1000.py');
    const unnamed = await makeWorkspace({ 'bin/t1000.py': 'x\n' });
    expect(await fateOf(unnamed, '/usr/lib/nav/t1000.py')).not.toBe('kept bin/t1000.py');
  });

  it("maps a setuptools egg folder's copy back when the manifest names the package", async () => {
    const root = await makeWorkspace({ 'setup.py': "setup(name='tally', version='0.6')\n", 'tally/__init__.py': 'x\n' });
    const egg = '/usr/local/lib/python2.7/dist-packages/tally-0.6-py2.7.egg/tally/__init__.py';
    expect(await fateOf(root, egg)).toBe('kept tally/__init__.py');
    expect(await fateOf(root, '/usr/lib/python3/site-packages/tally-0.6-py3.8-linux-x86_64.egg/tally/__init__.py')).toBe(
      'kept tally/__init__.py',
    );
    expect(await fateOf(root, '/usr/local/lib/python2.7/dist-packages/requests-2.0-py2.7.egg/requests/api.py')).toBe('vendored');
  });

  it("maps pip's unpacked sdist back when the workspace's manifest names the package, and no other", async () => {
    const root = await makeWorkspace({ 'pyproject.toml': '[project]\nname = "cosmo-lopy"\n', 'src/tf_fit.c': 'x\n' });
    const sdist = '/tmp/pip-install-r_uxut03/cosmo_lopy_0ba95a1b745341e1b6bf8c2475bd5dbb/src/tf_fit.c';
    expect(await fateOf(root, sdist)).toBe('kept src/tf_fit.c');
    expect(await fateOf(root, '/tmp/pip-build-qzr8qlsr/cosmo-lopy/src/tf_fit.c')).toBe('kept src/tf_fit.c');
    expect(await fateOf(root, '/tmp/pip-install-r_uxut03/pyaudio_0ba95a1b745341e1b6bf8c2475bd5dbb/src/tf_fit.c')).toBe('vendored');
  });

  it('maps a Perl module from any library folder back to lib/ when the workspace is a Perl distribution', async () => {
    const root = await makeWorkspace({
      'Makefile.PL': 'use ExtUtils::MakeMaker;\n',
      'lib/AN/Tools.pm': 'x\n',
      'lib/AN/Tools/Log.pm': 'x\n',
    });
    for (const printed of [
      '/usr/share/perl5/AN/Tools.pm',
      '/usr/local/share/perl/5.36.0/AN/Tools.pm',
      '/usr/lib/x86_64-linux-gnu/perl5/5.36/AN/Tools.pm',
      '/home/u/perl5/perlbrew/perls/perl-5.38.0/lib/site_perl/5.38.0/x86_64-linux/AN/Tools.pm',
      '/home/u/perl5/lib/perl5/AN/Tools.pm',
      'local/lib/perl5/AN/Tools.pm',
    ]) {
      expect(await fateOf(root, printed), printed).toBe('kept lib/AN/Tools.pm');
    }
    expect(await fateOf(root, '/usr/share/perl5/AN/Tools/Log.pm')).toBe('kept lib/AN/Tools/Log.pm');
    // Another distribution's module, and the core library, stay dependencies.
    expect(await fateOf(root, '/usr/share/perl5/Try/Tiny.pm')).toBe('vendored');
    expect(await fateOf(root, '/usr/share/perl/5.36/Carp.pm')).toBe('vendored');
  });

  it("maps a typst package path back when the workspace's typst.toml names that package", async () => {
    const root = await makeWorkspace({ 'typst.toml': '[package]\nname = "subfig"\nversion = "0.3.0"\n', 'src/lib.typ': 'x\n' });
    expect(await fateOf(root, '@preview/subfig:0.3.0/src/lib.typ')).toBe('kept src/lib.typ');
    expect(await fateOf(root, '/home/u/.cache/typst/packages/preview/subfig/0.3.0/src/lib.typ')).toBe('kept src/lib.typ');
    // Another package is a dependency, even where the workspace has a file of the same path.
    expect(await fateOf(root, '@preview/boxkit:1.2.0/src/lib.typ')).toBe('vendored');
    const other = await makeWorkspace({ 'typst.toml': '[package]\nname = "other"\n', 'src/lib.typ': 'x\n' });
    expect(await fateOf(other, '@preview/subfig:0.3.0/src/lib.typ')).toBe('vendored');
  });

  it("maps a Dart package URI and its pub-cache copy to lib/ when the workspace's pubspec.yaml names the package", async () => {
    const root = await makeWorkspace({ 'pubspec.yaml': 'name: tally_button\nversion: 1.0.0\n', 'lib/src/tally.dart': 'x\n' });
    expect(await fateOf(root, 'package:tally_button/src/tally.dart')).toBe('kept lib/src/tally.dart');
    expect(await fateOf(root, '/home/u/.pub-cache/hosted/pub.dev/tally_button-1.0.0/lib/src/tally.dart')).toBe('kept lib/src/tally.dart');
    const windowsCache = 'C:\\Users\\u\\AppData\\Local\\Pub\\Cache\\hosted\\pub.dev\\tally_button-1.0.0\\lib\\src\\tally.dart';
    expect(await fateOf(root, windowsCache)).toBe('kept lib/src/tally.dart');
    // Another package is a dependency, even where the workspace has a file of the same path.
    expect(await fateOf(root, 'package:splash_kit/src/tally.dart')).toBe('vendored');
  });

  it("maps a GNOME Shell extension's installed copy to the folder whose metadata.json names its uuid", async () => {
    const root = await makeWorkspace({ 'src/metadata.json': '{ "uuid": "lamp@example.org" }\n', 'src/prefs.ui': 'x\n' });
    expect(await fateOf(root, '/home/u/.local/share/gnome-shell/extensions/lamp@example.org/prefs.ui')).toBe('kept src/prefs.ui');
    const other = await makeWorkspace({ 'src/metadata.json': '{ "uuid": "other@example.org" }\n', 'src/prefs.ui': 'x\n' });
    expect(await fateOf(other, '/home/u/.local/share/gnome-shell/extensions/lamp@example.org/prefs.ui')).not.toBe('kept src/prefs.ui');
  });

  it("maps a published npm package seen from its consumer's node_modules back when package.json names it", async () => {
    const root = await makeWorkspace({
      'package.json': '{ "author": { "name": "ann" }, "name": "tally-emitter" }\n',
      'lib/emit.js': 'x\n',
    });
    expect(await fateOf(root, '/app/node_modules/loghose/node_modules/tally-emitter/lib/emit.js')).toBe('kept lib/emit.js');
    expect(await fateOf(root, 'C:\\work\\consumer\\node_modules\\tally-emitter\\lib\\emit.js')).toBe('kept lib/emit.js');
    expect(await fateOf(root, 'node_modules/.pnpm/tally-emitter@1.2.0/node_modules/tally-emitter/lib/emit.js')).toBe('kept lib/emit.js');
    // The last node_modules/ names the package: a dependency of the user's package stays a dependency.
    expect(await fateOf(root, '/app/node_modules/tally-emitter/node_modules/debug/lib/emit.js')).toBe('vendored');
    const scoped = await makeWorkspace({ 'package.json': '{ "name": "@acme/tally" }\n', 'index.js': 'x\n' });
    expect(await fateOf(scoped, '/srv/node_modules/@acme/tally/index.js')).toBe('kept index.js');
    expect(await fateOf(scoped, '/srv/node_modules/@other/tally/index.js')).toBe('vendored');
  });

  it("maps Go's module cache and Cargo's registry copies back when go.mod or Cargo.toml names the package", async () => {
    const go = await makeWorkspace({ 'go.mod': 'module github.com/BurntCoffee/tally\n\ngo 1.22\n', 'count/count.go': 'x\n' });
    const cached = '/home/u/go/pkg/mod/github.com/!burnt!coffee/tally@v1.4.0/count/count.go';
    expect(await fateOf(go, cached)).toBe('kept count/count.go');
    expect(await fateOf(go, '/home/u/go/pkg/mod/github.com/other/tally@v1.4.0/count/count.go')).toBe('vendored');
    const cargo = await makeWorkspace({
      'Cargo.toml': '[workspace]\nmembers = []\n\n[package]\nauthors = ["[x]"]\nname = "tally-core"\n\n[dependencies]\nname = "no"\n',
      'src/lib.rs': 'x\n',
    });
    const registry = '/home/u/.cargo/registry/src/index.crates.io-6f17d22bba15001f/tally-core-0.3.1/src/lib.rs';
    expect(await fateOf(cargo, registry)).toBe('kept src/lib.rs');
    expect(await fateOf(cargo, '/home/u/.cargo/git/checkouts/tally-core-0123456789abcdef/a1b2c3d/src/lib.rs')).toBe('kept src/lib.rs');
    expect(await fateOf(cargo, '/home/u/.cargo/registry/src/index.crates.io-6f17d22bba15001f/serde-1.0.190/src/lib.rs')).toBe('vendored');
  });

  it("maps a consumer's `vendor/<module>/` copy back when the path starts with go.mod's module, nested modules too", async () => {
    const go = await makeWorkspace({
      'go.mod': 'module github.com/tally-org/tally\n\ngo 1.22\n',
      'count/count.go': 'x\n',
      'sub/go.mod': 'module github.com/tally-org/tally/sub\n',
      'sub/inner/calc.go': 'x\n',
    });
    expect(await fateOf(go, 'vendor/github.com/tally-org/tally/count/count.go')).toBe('kept count/count.go');
    expect(await fateOf(go, '/src/app/vendor/github.com/tally-org/tally/sub/inner/calc.go')).toBe('kept sub/inner/calc.go');
    // Another module, and a module whose path only starts with the same letters, stay dependencies.
    expect(await fateOf(go, 'vendor/github.com/other/tally/count/count.go')).toBe('vendored');
    expect(await fateOf(go, 'vendor/github.com/tally-org/tally-extra/count/count.go')).toBe('vendored');
  });

  it("maps a Julia depot's copy back when the workspace's Project.toml names the package, and no other", async () => {
    const root = await makeWorkspace({
      'Project.toml': 'name = "Shapes"\nuuid = "5b1f0c3e-7a44-4c1e-9d3a-2f8e6b0a9c11"\n\n[deps]\nTest = "8dfed614"\n',
      'test/runtests.jl': 'x\n',
    });
    expect(await fateOf(root, '/home/u/.julia/packages/Shapes/Xk3pQ/test/runtests.jl')).toBe('kept test/runtests.jl');
    expect(await fateOf(root, 'C:\\Users\\u\\.julia\\packages\\Shapes\\Xk3pQ\\test\\runtests.jl')).toBe('kept test/runtests.jl');
    expect(await fateOf(root, '/home/u/.julia/packages/Plots/Ab1cD/test/runtests.jl')).toBe('vendored');
    // A name under [deps] or another section is a dependency's, not the project's.
    const environment = await makeWorkspace({ 'Project.toml': '[deps]\nname = "Shapes"\n', 'test/runtests.jl': 'x\n' });
    expect(await fateOf(environment, '/home/u/.julia/packages/Shapes/Xk3pQ/test/runtests.jl')).toBe('vendored');
  });

  it("maps nimble's copy back to the package's srcDir when a root's <name>.nimble names it, and no other", async () => {
    const src = await makeWorkspace({ 'tallyfp.nimble': 'version = "0.2.0"\nsrcDir = "src"\n', 'src/tallyfp/box.nim': 'x\n' });
    expect(await fateOf(src, '/home/u/.nimble/pkgs/tallyfp-0.2.0/tallyfp/box.nim')).toBe('kept src/tallyfp/box.nim');
    // nimble 0.14's pkgs2 adds a checksum; --localdeps keeps the packages in the project's nimbledeps/.
    const pkgs2 = '/home/u/.nimble/pkgs2/tallyfp-0.2.0-0123456789abcdef0123456789abcdef01234567/tallyfp/box.nim';
    expect(await fateOf(src, pkgs2)).toBe('kept src/tallyfp/box.nim');
    expect(await fateOf(src, '/ci/app/nimbledeps/pkgs2/tallyfp-#head-0123456789abcdef0123456789abcdef01234567/tallyfp/box.nim')).toBe(
      'kept src/tallyfp/box.nim',
    );
    expect(await fateOf(src, '/home/u/.nimble/pkgs/otherfp-0.2.0/tallyfp/box.nim')).toBe('vendored');
    // Without srcDir the package's files sit at its top, as installed.
    const top = await makeWorkspace({ 'Kit_Nim.nimble': 'version = "1.0"\n', 'kit_nim/private/io.nim': 'x\n' });
    expect(await fateOf(top, 'C:\\Users\\u\\.nimble\\pkgs\\kitnim-1.0\\kit_nim\\private\\io.nim')).toBe('kept kit_nim/private/io.nim');
  });

  it("maps an installed copy inside the workspace too (Carton's local/, a project .venv)", async () => {
    const perl = await makeWorkspace({
      cpanfile: "requires 'Moo';\n",
      'lib/Shop/Cart.pm': 'x\n',
      'local/lib/perl5/Shop/Cart.pm': 'x\n',
      'local/lib/perl5/Moo.pm': 'x\n',
    });
    expect(await fateOf(perl, 'local/lib/perl5/Shop/Cart.pm')).toBe('kept lib/Shop/Cart.pm');
    expect(await fateOf(perl, 'local/lib/perl5/Moo.pm')).toBe('vendored');
    const python = await makeWorkspace({
      'pyproject.toml': '[project]\nname = "tally"\n',
      'tally/count.py': 'x\n',
      '.venv/lib/python3.12/site-packages/tally/count.py': 'x\n',
    });
    expect(await fateOf(python, '.venv/lib/python3.12/site-packages/tally/count.py')).toBe('kept tally/count.py');
  });

  it('keeps a Perl module vendored when the workspace is no Perl distribution', async () => {
    const root = await makeWorkspace({ 'lib/AN/Tools.pm': 'x\n' });
    expect(await fateOf(root, '/usr/share/perl5/AN/Tools.pm')).toBe('vendored');
  });

  it('keeps a same-named copy vendored when no manifest names the package', async () => {
    const root = await makeWorkspace({ 'pyproject.toml': '[project]\nname = "app"\n', 'requests/api.py': 'x\n' });
    expect(await fateOf(root, '/venv/lib/python3.11/site-packages/requests/api.py')).toBe('vendored');
    const noManifest = await makeWorkspace({ 'lib/stacker/pile.rb': 'x\n' });
    expect(await fateOf(noManifest, '/home/u/.gem/ruby/3.2.0/gems/stacker-0.3.1/lib/stacker/pile.rb')).toBe('vendored');
  });

  it("maps GOPATH's src/<module>/ copy back when go.mod declares that module, printed relative or absolute", async () => {
    const root = await makeWorkspace({ 'go.mod': 'module example.com/ledger\n', 'sums/sums.go': 'x\n' });
    expect(await fateOf(root, 'go/src/example.com/ledger/sums/sums.go')).toBe('kept sums/sums.go');
    expect(await fateOf(root, '/home/u/go/src/example.com/ledger/sums/sums.go')).toBe('kept sums/sums.go');
    // The module's files at the top: only the declared module's prefix is taken away, not another module's.
    const top = await makeWorkspace({ 'go.mod': 'module example.com/ledger\n', 'visualize.go': 'x\n' });
    expect(await fateOf(top, 'go/src/example.com/ledger/visualize.go')).toBe('kept visualize.go');
    const other = await makeWorkspace({ 'go.mod': 'module example.com/shop\n', 'visualize.go': 'x\n' });
    expect(await fateOf(other, 'go/src/example.com/ledger/visualize.go')).not.toBe('kept visualize.go');
  });
});

describe('a distribution pip failed to build a wheel for (hints.distribution)', () => {
  const wheel = (name: string) => raw(name, { line: 0, hints: { distribution: true } });
  const places = async (root: string, name: string) => {
    const result = await resolveLocations([wheel(name)], { cwd: root, roots: [root], isIgnored: noIgnores });
    return [
      ...result.locations.map((l) => `${l.file}:${l.line}`),
      ...result.unresolved.map((u) => u.file),
      ...result.dropped.map((d) => d.file),
    ];
  };

  it("is the manifest that names the workspace's own package (PEP 503), any of the three", async () => {
    const pyproject = await makeWorkspace({ 'pyproject.toml': '[project]\nname = "Shelf.Tools"\n', 'setup.py': 'setup()\n' });
    expect(await places(pyproject, 'shelf-tools')).toEqual(['pyproject.toml:0']);
    const cfg = await makeWorkspace({ 'setup.cfg': '[metadata]\nname = tally_ho\n' });
    expect(await places(cfg, 'Tally.Ho')).toEqual(['setup.cfg:0']);
    const setup = await makeWorkspace({ 'setup.py': 'from setuptools import setup\nsetup(name="quokka", version="1")\n' });
    expect(await places(setup, 'quokka')).toEqual(['setup.py:0']);
  });

  it("leaves no trace for a dependency's wheel, even beside a same-named folder", async () => {
    const root = await makeWorkspace({ 'pyproject.toml': '[project]\nname = "shelf"\n', 'lxml/notes.txt': 'x\n' });
    expect(await places(root, 'lxml')).toEqual([]);
  });
});
