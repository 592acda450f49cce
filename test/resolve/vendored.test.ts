import { describe, expect, it } from 'vitest';
import { isVendoredPath } from '../../src/resolve/index.js';
import { isToolHomePath } from '../../src/resolve/vendored.js';

describe('isVendoredPath', () => {
  it.each([
    'node_modules/react/index.js',
    '/home/u/app/node_modules/.pnpm/x@1/node_modules/x/a.js',
    '/usr/lib/python3/dist-packages/apt/cache.py',
    '/home/u/.venv/lib/python3.12/site-packages/_pytest/runner.py',
    'venv/lib/x.py',
    'vendor/golang.org/x/net/http2/frame.go',
    'third_party/zlib/inflate.c',
    '/usr/include/c++/12/bits/stl_vector.h',
    '/usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h',
    '/rustc/90b35a6239c3d8bdabc530a6a0816f7ff89a0aaf/library/core/src/panicking.rs',
    '/home/u/.cargo/registry/src/index.crates.io-6f17d22bba15001f/serde-1.0.0/src/de.rs',
    '~/.cargo/registry/src/github.com-1ecc6299db9ec823/tokio-1.0.0/src/lib.rs',
    '/home/u/.rustup/toolchains/stable/lib/rustlib/src/rust/library/std/src/rt.rs',
    '/usr/lib/go-1.19/src/testing/testing.go',
    '/usr/local/go/src/runtime/panic.go',
    '/home/u/go/pkg/mod/github.com/stretchr/testify@v1.8.4/assert/assertions.go',
    'Godeps/_workspace/src/github.com/pkg/errors/errors.go',
    'java.base/java.util.ArrayList',
    'java.base/java/util/ArrayList.java',
    'jdk.internal.reflect.NativeMethodAccessorImpl',
    '/usr/lib/python3.11/unittest/case.py',
    '/home/u/.pyenv/versions/3.12.1/lib/python3.12/asyncio/base_events.py',
    '/home/u/.m2/repository/junit/junit/4.13/junit-4.13.jar',
    'C:\\proj\\node_modules\\x\\index.js',
    '__pypackages__/3.11/lib/requests/sessions.py',
  ])('drops %s', (path) => {
    expect(isVendoredPath(path)).toBe(true);
  });

  // pip's copy of a local project (`pip install .` before pip 21.3) is the project itself.
  it.each([
    'src/app.ts',
    'internal/calc/calc.go',
    'pkg/mod.go',
    'tools/build/release.ts',
    'lib/python/helpers.py',
    'src/vendors/list.ts',
    '/tmp/pip-req-build-cQwNxr/src/main.cpp',
    'src/pip-install-notes/x.py',
    'opam/x.ml',
  ])('keeps %s', (path) => {
    expect(isVendoredPath(path)).toBe(false);
  });
});

describe("isVendoredPath: the system's folders of programs", () => {
  // A package manager's wrapper (RubyGems', pip's) or a distro program: named like a gem's own `bin/` script.
  it.each(['/usr/local/bin/mux', '/usr/bin/ansible-playbook', '/bin/pod', '/usr/sbin/tool', '/opt/homebrew/bin/rake'])(
    'drops %s',
    (path) => {
      expect(isVendoredPath(path)).toBe(true);
    },
  );

  // A script with its extension there is mostly the project's own, copied by its Dockerfile; relative `bin/` is the
  // workspace's; a deeper folder under bin is no program's.
  it.each(['/usr/local/bin/docker-entrypoint.sh', 'bin/mux', 'usr/local/bin/mux', '/home/u/app/bin/rails', '/usr/local/bin/x/y'])(
    'keeps %s',
    (path) => {
      expect(isVendoredPath(path)).toBe(false);
    },
  );
});

describe('isVendoredPath: .NET, MSVC, Zig, Dart/Flutter, Elixir, Julia and R toolchains', () => {
  it.each([
    'C:\\Program Files (x86)\\Windows Kits\\10\\Include\\10.0.22621.0\\ucrt\\stdio.h',
    'C:\\Program Files\\Microsoft Visual Studio\\2022\\Enterprise\\VC\\Tools\\MSVC\\14.38.33130\\include\\vector',
    'C:\\Program Files\\dotnet\\sdk\\8.0.100\\Microsoft.Common.CurrentVersion.targets',
    '/usr/share/dotnet/sdk/8.0.100/Sdks/Microsoft.NET.Sdk/targets/Microsoft.NET.Sdk.targets',
    '/usr/lib/dotnet/sdk/6.0.125/Microsoft.Common.CurrentVersion.targets',
    '/home/runner/.dotnet/sdk/8.0.100/Microsoft.Common.targets',
    '/usr/lib/zig/std/start.zig',
    '/usr/local/lib/zig/std/testing.zig',
    '/home/u/.pub-cache/hosted/pub.dev/async-2.11.0/lib/src/zone.dart',
    '~/.pub-cache/git/collection-abc/lib/collection.dart',
    // The same caches where Windows and macOS put them (Pub's %LOCALAPPDATA%\\Pub\\Cache, Deno's, Zig's), and NuGet's.
    'C:\\Users\\u\\AppData\\Local\\Pub\\Cache\\hosted\\pub.dev\\share_sheet-2.1.0\\android\\build.gradle',
    'C:/Users/u/AppData/Roaming/Pub/Cache/hosted/pub.dartlang.org/intl-0.17.0/lib/intl.dart',
    'C:\\Users\\u\\AppData\\Local\\deno\\deps\\https\\deno.land\\x.ts',
    '/Users/u/Library/Caches/zig/p/1220abcd/src/root.zig',
    '/home/u/.nuget/packages/microsoft.net.sdk.functions/4.2.0/build/Microsoft.NET.Sdk.Functions.targets',
    '/opt/flutter/packages/flutter/lib/src/widgets/framework.dart',
    '/home/u/flutter/packages/flutter_test/lib/src/binding.dart',
    'deps/phoenix/lib/phoenix/router.ex',
    '/home/u/app/deps/plug/lib/plug/conn.ex',
    'deps/cowboy/src/cowboy_req.erl',
    '/home/u/.hex/packages/hexpm/jason-1.4.0.tar',
    '/home/u/.mix/archives/hex-2.0.6/hex-2.0.6/ebin/hex.app',
    '/usr/share/julia/stdlib/v1.9/Test/src/Test.jl',
    '/usr/local/share/julia/base/client.jl',
    '~/.julia/packages/DataFrames/58MUJ/src/dataframe/dataframe.jl',
    '/usr/lib/R/library/base/R/source.R',
    '/usr/local/lib/R/site-library/testthat/R/expect-equality.R',
    '/home/u/R/x86_64-pc-linux-gnu-library/4.2/rlang/R/eval.R',
  ])('drops %s', (path) => {
    expect(isVendoredPath(path)).toBe(true);
  });

  it.each([
    'deps.ex',
    'lib/deps/resolver.ex',
    'src/deps/graph.go',
    'tools/deps/lib/readme.md',
    'src/julia/packages.jl',
    'R/calc.R',
    'tests/testthat/test-calc.R',
    'lib/flutter_app/main.dart',
    'C:\\work\\svc\\Program.cs',
    'D:\\a\\app\\app\\src\\dotnet\\sdk.cs',
  ])('keeps %s', (path) => {
    expect(isVendoredPath(path)).toBe(false);
  });
});

describe('isVendoredPath: folder names only a package manager gives (issue 20)', () => {
  it.each([
    'node_modules/.pnpm/react@18.2.0/node_modules/react/index.js',
    '.yarn/unplugged/esbuild-npm-0.19.0/node_modules/esbuild/lib/main.js',
    '.yarn/cache/lodash-npm-4.17.21.zip/node_modules/lodash/lodash.js',
    '.pnp.cjs', // Yarn Plug'n'Play's generated resolver and its ESM loader
    'apps/web/.pnp.loader.mjs',
    '/home/u/app/.pnp.js',
    '.yarn/releases/yarn-4.1.0.cjs',
    '.yarn/sdks/typescript/lib/tsserver.js',
    '/home/u/.bun/install/cache/zod@3.22.4/lib/index.js',
    '/home/u/.cache/deno/npm/registry.npmjs.org/chalk/5.3.0/source/index.js',
    '/Users/u/Library/Caches/deno/remote/https/deno.land/std@0.200.0/assert/mod.ts',
    '.bundle/ruby/3.1.0/gems/rack-3.0.0/lib/rack.rb',
    'lua_modules/share/lua/5.4/inspect.lua',
    '/home/u/.luarocks/share/lua/5.4/busted/init.lua',
    'nimbledeps/pkgs2/jester-0.6.0/jester.nim',
    'zig-cache/o/abc/dependencies.zig',
    '.zig-cache/p/1220abc/src/root.zig',
    '/home/u/.cache/zig/p/1220abcdef/src/lib.zig',
    'dist-newstyle/build/x86_64-linux/ghc-9.4.7/app-0.1/build/autogen/Paths_app.hs',
    '.stack-work/dist/x86_64-linux/Cabal-3.8.1.0/build/autogen/Paths_app.hs',
    '/home/u/.stack/snapshots/x86_64-linux/abc/9.4.7/lib/x.hs',
    '/home/u/.cabal/packages/hackage.haskell.org/text/2.0/text-2.0.tar.gz',
    '.dart_tool/build/generated/app/lib/main.g.dart',
    '.terraform/modules/site/main.tf', // terraform init's module copy
    '/home/u/tools/zig-linux-x86_64-0.11.0/lib/std/build.zig', // an unpacked Zig release archive
    'C:/zig/zig-windows-x86_64-0.11.0-dev.399+44ee1c885/lib/build_runner.zig',
    '/opt/zig-x86_64-linux-0.14.0/lib/std/Io/Writer.zig',
    '/opt/zig/lib/std/Build.zig',
    'renv/library/R-4.3/x86_64-pc-linux-gnu/dplyr/R/dplyr.R',
    'Carthage/Checkouts/Alamofire/Source/Session.swift',
    '.build/checkouts/swift-nio/Sources/NIOCore/Channel.swift',
    '/Users/u/Library/Developer/Xcode/DerivedData/App-abc/SourcePackages/checkouts/swift-log/Sources/Logging/Logging.swift',
    '/home/u/.gradle/caches/modules-2/files-2.1/org.junit/junit/4.13/x/junit-4.13-sources.jar',
    '/home/u/.nimble/pkgs2/jester-0.6.0/jester.nim',
    '/opt/conda/pkgs/numpy-1.26.0/lib/python3.11/site-packages/numpy/core/x.py',
    // Folders an installer unpacks someone else's source into to build it.
    '/tmp/pip-install-r_uxut03/cosmo_0ba95a1b745341e1b6bf8c2475bd5dbb/cosmo/EH/tf_fit.c',
    '/tmp/pip-build-qzr8qlsr/pyaudio/src/_portaudiomodule.c',
    '/tmp/pip-build-env-hx0fvdrf/overlay/include/x.h',
    '/home/u/.cache/uv/builds-v0/.tmpAbc/src/x.c',
    '/home/u/.cache/node-gyp/20.2.0/include/node/v8-object.h',
    '/Users/u/Library/Caches/node-gyp/12.6.0/include/node/v8.h',
    'C:\\Users\\u\\AppData\\Local\\node-gyp\\Cache\\18.0.0\\include\\node\\v8.h',
    '/root/.node-gyp/10.15.3/include/node/node.h',
    '/tmp/cargo-installrPShBA/release/build/x-1/out/a.c',
    '/tmp/pear/temp/zip/php_zip.c',
    '/usr/local/Cellar/node/12.6.0/include/node/v8.h',
    '/home/u/.opam/default/.opam-switch/build/dune.3.3.1/boot/libs.ml',
    '/home/u/proj/_opam/lib/ocaml/Makefile.config',
    '/usr/lib64/gems/ruby/msgpack-1.7.2/mkmf.log',
    '/var/lib/gems/2.3.0/gems/msgpack-1.0.2/ext/msgpack/extconf.rb',
    // A store's layout wherever it is put: a custom GEM_PATH inside the project, Bundler's git gems, fetched eggs.
    'xxx/gems/rake-10.0.4/lib/rake/testtask.rb',
    '.gem-home/bundler/gems/devise-0123456789ab/lib/devise.rb',
    '.eggs/pytest_runner-6.0.1-py3.11.egg/ptr/__init__.py',
    'eggs/zope.interface-5.4.0-py3.9-linux-x86_64.egg/zope/interface/declarations.py',
  ])('drops %s', (path) => {
    expect(isVendoredPath(path)).toBe(true);
  });

  // Names a project also gives its own folders: decided from the workspace's manifests (dependency-folders.ts).
  it.each([
    'lib/kemal/src/kemal.cr',
    'deps/graph/walk.c',
    'Pods/notes.swift',
    '_build/gen.py',
    'build/_deps/x.cc',
    'src/build/checkouts.ts',
    'yarn/cache.ts',
    'src/pnp.cjs',
    'src/.pnp.config.ts',
    'deno/remote/handler.ts',
    '/home/u/zig-app/lib/parse.zig',
    'zig-utils/lib/std/fmt.zig',
    'lib/std/fmt.zig',
    'gems/billing/lib/billing.rb', // a monorepo's own gems carry no version
    'gems/billing-api/lib/billing/api.rb',
    'eggs/recipes.py',
  ])('keeps %s', (path) => {
    expect(isVendoredPath(path)).toBe(false);
  });

  // A distribution's build root builds the package whose tracker the log is pasted into: its files are the project's.
  it.each([
    '/var/tmp/portage/media-gfx/slic3r-1.42/work/Slic3r-1.42/src/slic3r/GUI/GUI_App.cpp',
    '/opt/local/var/macports/build/_opt_ports_x/x/work/x-1.0/src/x.ml',
    '/tmp/root/spack-stage/spack-stage-stream-5.10-k4mn/spack-src/stream.c',
    '/tmp/cquery-20211205-66884-va7k3c/src/indexer.cc',
  ])('keeps the build root %s', (path) => {
    expect(isVendoredPath(path)).toBe(false);
  });
});

describe('isToolHomePath', () => {
  // A path printed under a variable naming a tool's installation is the tool's, whatever the workspace holds.
  it.each([
    '$CHPL_HOME/modules/internal/ChapelBase.chpl',
    '${JAVA_HOME}/lib/src.zip',
    '$(SDKROOT)/usr/include/stdio.h',
    '%ANDROID_NDK_ROOT%\\sources\\cxx-stl\\llvm-libc++\\include\\vector',
    '$CONDA_PREFIX/lib/python3.11/site.py',
    '$GOROOT/src/runtime/panic.go',
  ])('drops %s', (path) => {
    expect(isToolHomePath(path)).toBe(true);
  });

  // The project's own variables and the user's home name the workspace or may: never dropped on the name alone.
  it.each([
    '$(PROJECT_DIR)/Sources/App.swift',
    '$SRCROOT/App/main.m',
    '${WORKSPACE_ROOT}/src/a.c',
    '$HOME/work/app/src/a.c',
    '$(BUILD_ROOT)/gen/x.c',
    'src/$name/a.c',
    '$1/a.c',
  ])('keeps %s', (path) => {
    expect(isToolHomePath(path)).toBe(false);
  });
});
