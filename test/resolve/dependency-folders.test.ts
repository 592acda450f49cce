// Dependency folders decided from the workspace (issue 20): a folder is a dependency's when a manifest or lock file
// names it or a package manager's marker says it made it, so a project's own `lib/` stays its own. Workspaces are
// made by the real package managers where they work offline here (npm, python -m venv, go mod vendor, cargo vendor,
// git submodule); the others are small own-made workspaces in each manager's documented layout.
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasTool, needs } from '../_tools.js';
import { fate, git, makeWorkspace, removeWorkspaces, writeFiles } from './_workspace.js';

afterEach(removeWorkspaces);

const run = (cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });

describe('folders a manifest or lock file beside them names', () => {
  it("keeps a project's own lib/ and vendors crystal's lib/ beside shard.lock", async () => {
    const own = await makeWorkspace({ 'lib/greeter.rb': 'x', 'greeter.gemspec': '' });
    expect(await fate(own, ['lib/greeter.rb'])).toEqual({ 'lib/greeter.rb': 'kept' });
    const crystal = await makeWorkspace({
      'shard.yml': '',
      'shard.lock': 'version: 2.0\n',
      'lib/kemal/src/kemal.cr': '',
      'src/app.cr': '',
    });
    expect(await fate(crystal, ['lib/kemal/src/kemal.cr', 'src/app.cr'])).toEqual({
      'lib/kemal/src/kemal.cr': 'vendored',
      'src/app.cr': 'kept',
    });
  });

  it.each([
    ['Mix deps/, any file type', { 'mix.lock': '', 'deps/jason/c_src/j.c': '', 'lib/app.ex': '' }, 'deps/jason/c_src/j.c', 'lib/app.ex'],
    [
      'rebar3 _build/',
      { 'rebar.config': '', '_build/default/lib/cowboy/src/cowboy.erl': '', 'src/app.erl': '' },
      '_build/default/lib/cowboy/src/cowboy.erl',
      'src/app.erl',
    ],
    [
      "component(1)'s components/ beside component.json",
      { 'component.json': '{}', 'components/ana-strftime/index.js': '', 'index.js': '' },
      'components/ana-strftime/index.js',
      'index.js',
    ],
    [
      "shadcn/ui's own components/ beside components.json",
      { 'components.json': '{}', 'node_modules/left-pad/index.js': '', 'components/ui/button.tsx': '' },
      'node_modules/left-pad/index.js',
      'components/ui/button.tsx',
    ],
    [
      'CocoaPods Pods/',
      { 'Podfile.lock': '', 'Pods/Alamofire/Source/Session.swift': '', 'App/View.swift': '' },
      'Pods/Alamofire/Source/Session.swift',
      'App/View.swift',
    ],
    [
      'SwiftPM .build/',
      { 'Package.swift': '', 'Package.resolved': '', '.build/checkouts/swift-nio/Sources/NIO/x.swift': '', 'Sources/App/main.swift': '' },
      '.build/checkouts/swift-nio/Sources/NIO/x.swift',
      'Sources/App/main.swift',
    ],
    [
      "SwiftPM 3's Packages/ beside Package.swift (held-out set 84)",
      { 'Package.swift': '', 'Packages/Kitura-1.7.0/Package.swift': '', 'Packages/framework/Package.swift': '', 'Sources/main.swift': '' },
      'Packages/framework/Package.swift',
      'Sources/main.swift',
    ],
    [
      "Gleam's build/ beside gleam.toml",
      { 'gleam.toml': '', 'build/packages/gleam_stdlib/src/gleam/list.gleam': '', 'src/app.gleam': '' },
      'build/packages/gleam_stdlib/src/gleam/list.gleam',
      'src/app.gleam',
    ],
    [
      "Lake's .lake/packages beside lakefile.toml",
      { 'lakefile.toml': '', '.lake/packages/mathlib/Mathlib/Logic/Basic.lean': '', 'Proofs/Main.lean': '' },
      '.lake/packages/mathlib/Mathlib/Logic/Basic.lean',
      'Proofs/Main.lean',
    ],
    [
      "old Lake's lake-packages/ beside lakefile.lean",
      { 'lakefile.lean': '', 'lake-packages/aesop/Aesop/Util.lean': '', 'Proofs/Main.lean': '' },
      'lake-packages/aesop/Aesop/Util.lean',
      'Proofs/Main.lean',
    ],
    [
      "Grails 2's target/work/plugins beside application.properties",
      { 'application.properties': '', 'target/work/plugins/mail-1.0/src/groovy/Mail.groovy': '', 'grails-app/A.groovy': '' },
      'target/work/plugins/mail-1.0/src/groovy/Mail.groovy',
      'grails-app/A.groovy',
    ],
    [
      'CMake FetchContent _deps/',
      { 'build/CMakeCache.txt': '', 'build/_deps/fmt-src/src/format.cc': '', 'src/main.cc': '' },
      'build/_deps/fmt-src/src/format.cc',
      'src/main.cc',
    ],
    [
      "a vcpkg checkout's own scripts/ beside .vcpkg-root, a port's recipe kept",
      { '.vcpkg-root': '', 'scripts/cmake/run_step.cmake': '', 'ports/zipstat/portfile.cmake': '' },
      'scripts/cmake/run_step.cmake',
      'ports/zipstat/portfile.cmake',
    ],
    [
      "a vcpkg checkout's installed helper ports, known by its toolchain file",
      { 'scripts/buildsystems/vcpkg.cmake': '', 'installed/x64-linux/share/zs-cmake/install.cmake': '', 'triplets/x64-linux.cmake': '' },
      'installed/x64-linux/share/zs-cmake/install.cmake',
      'triplets/x64-linux.cmake',
    ],
    [
      "a vcpkg checkout's unpacked port sources under buildtrees/",
      { '.vcpkg-root': '', 'buildtrees/zipstat/src/v0.3.1/lib/stat.c': '', 'ports/zipstat/fix-build.patch': '' },
      'buildtrees/zipstat/src/v0.3.1/lib/stat.c',
      'ports/zipstat/fix-build.patch',
    ],
    [
      "a manifest-mode project's vcpkg_installed/ beside vcpkg.json",
      { 'vcpkg.json': '{}', 'vcpkg_installed/x64-linux/include/zipstat.h': '', 'src/main.cpp': '' },
      'vcpkg_installed/x64-linux/include/zipstat.h',
      'src/main.cpp',
    ],
  ])('%s', async (_name, files, dependency, own) => {
    const root = await makeWorkspace(files);
    expect(await fate(root, [dependency, own])).toEqual({ [dependency]: 'vendored', [own]: 'kept' });
  });

  it('keeps the same folders when no package manager file is beside them', async () => {
    const root = await makeWorkspace({
      'deps/graph/walk.c': '',
      '_build/gen.py': '',
      'Pods/notes.swift': '',
      'packages/api/src/a.ts': '',
      'build/tools/gen.py': '',
      'target/notes.groovy': '',
      'components/cart/Cart.jsx': '',
      'scripts/release.sh': '',
      'installed/notes.md': '',
      'package.json': '{}',
    });
    const own = [
      'deps/graph/walk.c',
      '_build/gen.py',
      'Pods/notes.swift',
      'packages/api/src/a.ts',
      'build/tools/gen.py',
      'target/notes.groovy',
      'components/cart/Cart.jsx',
      'scripts/release.sh',
      'installed/notes.md',
    ];
    expect(await fate(root, own)).toEqual(Object.fromEntries(own.map((file) => [file, 'kept'])));
  });
});

describe('folders a package manager configuration names', () => {
  it("Bundler's BUNDLE_PATH (`bundle config set --local path gems`)", async () => {
    const root = await makeWorkspace({
      '.bundle/config': '---\nBUNDLE_PATH: "gems"\n',
      'gems/ruby/3.1.0/gems/rack-3.0.0/lib/rack.rb': '',
      'lib/app.rb': '',
    });
    expect(await fate(root, ['gems/ruby/3.1.0/gems/rack-3.0.0/lib/rack.rb', 'lib/app.rb'])).toEqual({
      'gems/ruby/3.1.0/gems/rack-3.0.0/lib/rack.rb': 'vendored',
      'lib/app.rb': 'kept',
    });
  });

  it("Composer's vendor-dir, in a sub-project", async () => {
    const root = await makeWorkspace({
      'api/composer.json': '{"config": {"vendor-dir": "libs/php"}}',
      'api/libs/php/monolog/src/Logger.php': '',
      'api/libs/own.php': '',
    });
    expect(await fate(root, ['api/libs/php/monolog/src/Logger.php', 'api/libs/own.php'])).toEqual({
      'api/libs/php/monolog/src/Logger.php': 'vendored',
      'api/libs/own.php': 'kept',
    });
  });

  it('a .cargo/config naming vendored sources (the legacy file name, in the shape cargo vendor prints)', async () => {
    const root = await makeWorkspace({
      '.cargo/config': '[source.crates-io]\nreplace-with = "vendored-sources"\n\n[source.vendored-sources]\ndirectory = "deps-rs"\n',
      'deps-rs/log/src/lib.rs': '',
      'src/main.rs': '',
    });
    expect(await fate(root, ['deps-rs/log/src/lib.rs', 'src/main.rs'])).toEqual({
      'deps-rs/log/src/lib.rs': 'vendored',
      'src/main.rs': 'kept',
    });
  });

  it('never reads a configured folder outside the workspace', async () => {
    const root = await makeWorkspace({ '.bundle/config': 'BUNDLE_PATH: "../elsewhere"\n', 'elsewhere/x.rb': '' });
    expect(await fate(root, ['elsewhere/x.rb'])).toEqual({ 'elsewhere/x.rb': 'kept' });
  });
});

describe('libraries copied beside the sources', () => {
  it('vendors a release unpacked with its version in the name under ThirdParty/ or deps/, keeps an unversioned one', async () => {
    const root = await makeWorkspace({
      'ThirdParty/jasmine-2.2.0/jasmine.js': '',
      'deps/boost_1_82_0/any.hpp': '',
      'ThirdParty/codecs/decode.js': '',
      'Specs/ShapeSpec.js': '',
    });
    expect(
      await fate(root, [
        'ThirdParty/jasmine-2.2.0/jasmine.js',
        'deps/boost_1_82_0/any.hpp',
        'ThirdParty/codecs/decode.js',
        'Specs/ShapeSpec.js',
      ]),
    ).toEqual({
      'ThirdParty/jasmine-2.2.0/jasmine.js': 'vendored',
      'deps/boost_1_82_0/any.hpp': 'vendored',
      'ThirdParty/codecs/decode.js': 'kept',
      'Specs/ShapeSpec.js': 'kept',
    });
  });

  it('vendors a folder with its own licence under deps/ or external/, keeps one without', async () => {
    const root = await makeWorkspace({
      'deps/hiredis/COPYING': '',
      'deps/hiredis/net.c': '',
      'external/own-tool/run.c': '',
      'src/server.c': '',
    });
    expect(await fate(root, ['deps/hiredis/net.c', 'external/own-tool/run.c', 'src/server.c'])).toEqual({
      'deps/hiredis/net.c': 'vendored',
      'external/own-tool/run.c': 'kept',
      'src/server.c': 'kept',
    });
  });

  it('vendors a submodule under third-party/ even without a licence file, keeps a submodule elsewhere', async () => {
    const root = await makeWorkspace({
      '.gitmodules':
        '[submodule "prelude"]\n\tpath = third-party/prelude\n\turl = ../prelude.git\n' +
        '[submodule "tools"]\n\tpath = tools/own\n\turl = ../own.git\n',
      'third-party/prelude/native.bzl': '',
      'tools/own/run.bzl': '',
    });
    expect(await fate(root, ['third-party/prelude/native.bzl', 'tools/own/run.bzl'])).toEqual({
      'third-party/prelude/native.bzl': 'vendored',
      'tools/own/run.bzl': 'kept',
    });
  });

  it('counts a dual licence (LICENSE-MIT and LICENSE-APACHE, no LICENSE) as a licence of its own', async () => {
    const root = await makeWorkspace({
      'third-party/prelude/LICENSE-MIT': '',
      'third-party/prelude/LICENSE-APACHE': '',
      'third-party/prelude/rules.bzl': '',
      'third-party/own-rules/defs.bzl': '',
    });
    expect(await fate(root, ['third-party/prelude/rules.bzl', 'third-party/own-rules/defs.bzl'])).toEqual({
      'third-party/prelude/rules.bzl': 'vendored',
      'third-party/own-rules/defs.bzl': 'kept',
    });
  });

  it.skipIf(!hasTool('git'))(`vendors a git submodule with a licence of its own, keeps one without ${needs('git')}`, async () => {
    const library = await makeWorkspace({ LICENSE: 'MIT', 'parse.c': '' });
    const tool = await makeWorkspace({ 'build.c': '' });
    for (const repo of [library, tool]) {
      git(repo, 'init', '-q');
      git(repo, 'add', '.');
      git(repo, 'commit', '-qm', 'init');
    }
    const root = await makeWorkspace({ 'src/main.c': '' });
    git(root, 'init', '-q');
    git(root, '-c', 'protocol.file.allow=always', 'submodule', '-q', 'add', library, 'modules/parser');
    git(root, '-c', 'protocol.file.allow=always', 'submodule', '-q', 'add', tool, 'modules/tool');
    expect(await fate(root, ['modules/parser/parse.c', 'modules/tool/build.c', 'src/main.c'])).toEqual({
      'modules/parser/parse.c': 'vendored',
      'modules/tool/build.c': 'kept',
      'src/main.c': 'kept',
    });
  });
});

describe('workspaces made by the real package managers', () => {
  it.skipIf(!hasTool('python3'))(`a venv of any name, by its pyvenv.cfg ${needs('python3', 'python3-venv')}`, async () => {
    const root = await makeWorkspace({ 'app/main.py': '' });
    run(root, 'python3', ['-m', 'venv', '--without-pip', 'tools-env']);
    expect(await fate(root, ['tools-env/bin/activate', 'app/main.py'])).toEqual({
      'tools-env/bin/activate': 'vendored',
      'app/main.py': 'kept',
    });
  });

  it.skipIf(!hasTool('npm'))(`npm install of a packed package, beside the project's own lib/ ${needs('npm')}`, async () => {
    const root = await makeWorkspace({
      'dep/package.json': JSON.stringify({ name: 'tiny-dep', version: '1.0.0', main: 'index.js' }),
      'dep/index.js': 'module.exports = 1;\n',
      'app/package.json': JSON.stringify({ name: 'app', version: '1.0.0', private: true }),
      'app/lib/own.js': '',
    });
    const tarball = run(path.join(root, 'dep'), 'npm', ['pack', '--silent']).trim().split('\n').at(-1) as string;
    run(path.join(root, 'app'), 'npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(root, 'dep', tarball)]);
    expect(await fate(root, ['app/node_modules/tiny-dep/index.js', 'app/lib/own.js'])).toEqual({
      'app/node_modules/tiny-dep/index.js': 'vendored',
      'app/lib/own.js': 'kept',
    });
  });

  it.skipIf(!hasTool('go'))(`go mod vendor of a replaced module ${needs('go', 'golang-go')}`, async () => {
    const root = await makeWorkspace({
      'dep/go.mod': 'module example.com/dep\n\ngo 1.21\n',
      'dep/dep.go': 'package dep\n\nfunc Boom() { panic("x") }\n',
      'app/go.mod': 'module example.com/app\n\ngo 1.21\n\nrequire example.com/dep v0.0.0\n\nreplace example.com/dep => ../dep\n',
      'app/main.go': 'package main\n\nimport "example.com/dep"\n\nfunc main() { dep.Boom() }\n',
    });
    run(path.join(root, 'app'), 'go', ['mod', 'vendor'], { GOFLAGS: '-mod=mod', GOPROXY: 'off', GOWORK: 'off' });
    expect(await fate(root, ['app/vendor/example.com/dep/dep.go', 'app/main.go'])).toEqual({
      'app/vendor/example.com/dep/dep.go': 'vendored',
      'app/main.go': 'kept',
    });
  });

  it.skipIf(!hasTool('cargo'))(`cargo vendor into a folder of the project's choosing ${needs('cargo')}`, async (context) => {
    const root = await makeWorkspace({
      'Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\ncfg-if = "1"\n',
      'src/main.rs': 'fn main() {}\n',
    });
    // Offline: the crate must already be in the cargo cache (one online `cargo fetch` of cfg-if puts it there).
    const vendored = spawnSync('cargo', ['vendor', '--offline', '--versioned-dirs', 'rust-deps'], { cwd: root, encoding: 'utf8' });
    if (vendored.status !== 0) context.skip(`cargo vendor --offline: cfg-if is not in the cargo cache here`);
    // What cargo vendor prints is what the project adds to .cargo/config.toml.
    await writeFiles(root, { '.cargo/config.toml': vendored.stdout.slice(vendored.stdout.indexOf('[source.')) });
    const crate = (run(root, 'ls', ['rust-deps']).trim().split('\n')[0] as string).trim();
    expect(await fate(root, [`rust-deps/${crate}/src/lib.rs`, 'src/main.rs'])).toEqual({
      [`rust-deps/${crate}/src/lib.rs`]: 'vendored',
      'src/main.rs': 'kept',
    });
  });
});
