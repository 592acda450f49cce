// Which printed or resolved paths belong to dependencies, toolchains or the runtime rather than
// to the user's code. Pure string tests: no file system, so they are cheap enough to run on
// every frame of a 10 000-line trace.

// Directory names that hold third-party code wherever they appear in a path.
const VENDORED_SEGMENTS = new Set([
  'node_modules',
  'bower_components',
  'site-packages',
  'dist-packages',
  '.venv',
  'venv',
  'vendor',
  'third_party',
  '.m2',
  '.rustup',
  // Names only a package manager gives a folder (issue 20); names a project also uses for its own code (`lib/`,
  // `deps/`, `Pods/`, `_build/`) are decided from the workspace's manifests instead (dependency-folders.ts).
  '.pnpm', // pnpm's content-addressed store inside node_modules
  '.bundle', // Bundler with BUNDLE_PATH=.bundle (its config sits there too)
  'lua_modules', // LuaRocks --tree lua_modules
  '.luarocks',
  'nimbledeps', // nimble --localdeps
  'zig-cache', // Zig's local cache (before 0.12) and .zig-cache (since)
  '.zig-cache',
  'dist-newstyle', // cabal's build folder, with its unpacked dependencies and generated modules
  '.stack-work', // stack's build folder
  '.dart_tool', // pub's package config and generated build files
  '.terraform', // terraform init's module copies (.terraform/modules/<name>/) and provider plugins
  '__pypackages__', // PEP 582's local packages (pdm, pythonloc): `__pypackages__/3.11/lib/<pkg>/`
]);

// Toolchain locations that are recognised by a fixed shape rather than a single segment.
const TOOLCHAIN_PATTERNS: readonly RegExp[] = [
  /^\/usr\/(local\/)?include\//, // C/C++ system headers
  /^\/usr\/lib\/gcc\//, // libstdc++ and gcc internals
  /^\/rustc\/[0-9a-f]{7,}\//, // Rust std sources as embedded in panics/backtraces
  /(^|\/)\.cargo\/(registry|git)\//, // crates.io and git dependencies
  /^\/usr\/lib\/go(-[\d.]+)?\//, // distro GOROOT (Debian/Ubuntu golang-1.x)
  /^\/usr\/local\/go\//, // upstream GOROOT
  /(^|\/)hostedtoolcache\/(go|Python|node|Ruby)\//i, // actions/setup-* toolchains
  /(^|\/)pkg\/mod\/[^@]*@/, // Go module cache: every module directory carries an @version
  /(^|\/)go\/pkg\/mod\//, // Go module cache, including cache/download
  /(^|\/)Godeps\/_workspace\//, // godep's copies of the dependencies, the GOPATH era's vendor/ (Godeps/_workspace/src/…)
  /(^|\/)(java\.base|java\.[a-z]+|jdk\.[a-z.]+)\//, // JPMS module prefixes of JDK frames
  /(^|\/)jdk\.internal(\.|\/)/,
  /^\/usr\/(local\/)?lib(64)?\/python[23](\.\d+)?\//, // distro / make-install CPython stdlib
  /(^|\/)\.pyenv\/versions\//, // pyenv interpreters, stdlib and their site-packages
  /(^|\/)lib\/python[23]\.\d+\//, // any interpreter layout (conda, Homebrew, venv without a conventional name)
  /^\/usr\/(local\/)?lib\/ruby\//, // Ruby stdlib and distro gems (/usr/lib/ruby/3.1.0/json/common.rb, vendor_ruby)
  /(^|\/)(gems\/[^/]+\/gems|\.gem\/ruby|\.rbenv\/versions|\.rvm\/(rubies|gems))\//, // gem homes and Ruby version managers
  /^\/usr\/(share|lib\/x86_64-linux-gnu|lib)\/perl5?\//, // Perl core and distro modules (/usr/share/perl/5.36/Carp.pm)
  /^\/usr\/local\/(share|lib(\/[\w-]+-linux-gnu\w*)?)\/perl5?\//, // CPAN modules installed system-wide (/usr/local/share/perl/5.36.0/)
  /(^|\/)(site|vendor)_perl\//, // CPAN and vendor library folders of any Perl (perlbrew, /usr/lib/perl5/site_perl/)
  /(^|\/)lib\/perl5\//, // local::lib (~/perl5/lib/perl5/) and Carton's local/lib/perl5/
  /^\/usr\/share\/(php|lua)\//, // distro PHP (PHPUnit, PEAR) and Lua modules
  // Windows SDK, MSVC and .NET SDK (MSBuild targets)
  /^[A-Za-z]:\/Program Files( \(x86\))?\/(Windows Kits|Microsoft Visual Studio|dotnet)\//i,
  /^\/usr\/(share|lib|lib64)\/dotnet\//, // distro / packages.microsoft.com .NET SDK (sdk/<v>/Microsoft.Common.targets)
  /(^|\/)\.dotnet\/(sdk|packs|shared)\//, // dotnet-install.sh / actions/setup-dotnet SDK under ~/.dotnet
  // Crystal's standard library: Debian's /usr/lib/crystal/lib/, the upstream packages' /usr/share/crystal/src/
  // (Homebrew's …/share/crystal/src/ too)
  /^\/usr\/lib\/crystal\/lib\//,
  /(^|\/)share\/crystal\/src\//,
  // Shell frameworks and plugin managers cloned into the home folder (oh-my-zsh, oh-my-bash, bash-it, prezto, zinit,
  // antigen, zplug, tpm): their own scripts; the user's code is the rc file that sources them and their `custom/` folder.
  /(^|\/)\.(oh-my-zsh|oh-my-bash|bash_it)\/(?!custom\/)/,
  /(^|\/)(\.zprezto\/modules|\.zinit\/plugins|\.local\/share\/zinit|\.antigen\/bundles|\.zplug\/repos|\.tmux\/plugins)\//,
  /^\/nix\/store\//, // the Nix store: nixpkgs, fetched sources (a flake's own copy is mapped back, installed-copy.ts)
  /^\/usr\/(local\/)?lib\/zig\//, // Zig std (/usr/lib/zig/std/start.zig)
  /^\/usr\/(local\/)?lib\/ocaml\//, // a distro's or make-install OCaml: stdlib and the runtime's C headers (caml/mlvalues.h)
  // An unpacked Zig release archive (zig-linux-x86_64-0.11.0/lib/std/, zig-windows-x86_64-0.11.0-dev.399+44ee1c885/lib/,
  // zig-x86_64-linux-0.14.0/lib/ since 0.14): its std shares basenames (build.zig, Writer.zig) with user files.
  /(^|\/)zig-[a-z0-9_]+-[a-z0-9_]+-\d+\.\d+\.\d+[^/]*\/lib\//i,
  /(^|\/)zig\/lib\/std\//, // the same unpacked into a folder named zig (/opt/zig/lib/std/Build.zig, C:\zig\lib\std\)
  // Dart/Flutter package cache: ~/.pub-cache/hosted/pub.dev/… on Linux and macOS, %LOCALAPPDATA%\Pub\Cache\ on Windows
  // (%APPDATA%\Pub\Cache\ before Dart 2.19). A package's `android/build.gradle` must not map onto the app's own.
  /(^|\/)(\.pub-cache|AppData\/(Local|Roaming)\/Pub\/Cache)\//i,
  /(^|\/)flutter\/(packages\/flutter(_test|_tools)?|bin\/cache\/(pkg|dart-sdk))\//, // Flutter SDK checkout
  /(^|\/)deps\/[\w-]+\/(lib|src|include|c_src|test)\/.*\.(ex|exs|erl|hrl|eex|heex)$/, // Mix dependencies under the project's deps/
  /(^|\/)\.(hex|mix)\//, // Hex and Mix caches (~/.hex/packages, ~/.mix/archives)
  /^\/usr\/(local\/)?share\/julia\//, // Julia Base and stdlib (/usr/share/julia/stdlib/v1.9/Test/src/Test.jl)
  /(^|\/)\.julia\/(packages|artifacts|juliaup)\//, // Julia package depot (the workspace's own package is mapped back, installed-copy.ts)
  /^\/usr\/(local\/)?lib\/R\//, // R base, recommended and site-library packages (/usr/lib/R/library/…, /usr/local/lib/R/site-library/…)
  /(^|\/)R\/(x86_64|aarch64)[\w.-]*-library\/\d/, // per-user R library (~/R/x86_64-pc-linux-gnu-library/4.2/…)
  /(^|\/)renv\/(library|staging|sandbox)\//, // renv's project library
  /(^|\/)\.yarn\/(cache|unplugged|__virtual__|berry)\//, // Yarn Berry's cache and unplugged packages
  /(^|\/)AppData\/Local\/Yarn\/Berry\/cache\//i, // its global cache on Windows
  /(^|\/)\.nuget\/packages\//i, // NuGet's global packages folder (~/.nuget/packages/<id>/<version>/build/<id>.targets)
  /(^|\/)(\.cabal|AppData\/Roaming\/cabal)\/packages\//i, // cabal's package downloads (per platform)
  // Yarn Berry's Plug'n'Play runtime, written by `yarn install` beside the manifest: its resolver frames (`at makeError
  // (.pnp.cjs:22514:34)`) sit on top of every PnP require error. Also its bundled release, plugins and editor SDKs.
  /(^|\/)\.pnp\.(c?js|loader\.mjs)$/,
  /(^|\/)\.yarn\/(releases|plugins|sdks)\//,
  /(^|\/)\.bun\/install\/cache\//, // Bun's global package cache
  /(^|\/)(\.cache|Caches|AppData\/Local)\/deno\/(deps|npm|remote|gen)\//i, // DENO_DIR: remote modules and npm packages Deno fetched
  /(^|\/)Carthage\/(Checkouts|Build)\//, // Carthage
  /(^|\/)\.build\/(checkouts|repositories)\//, // SwiftPM's dependency checkouts
  /(^|\/)SourcePackages\/checkouts\//, // Xcode's Swift package checkouts (DerivedData)
  /(^|\/)(\.cache|Caches|AppData\/Local)\/zig\//i, // Zig's global package cache (~/.cache/zig/p/<hash>/…, per platform)
  /(^|\/)\.gradle\/(caches|wrapper)\//, // Gradle's dependency cache and wrapper distributions
  /(^|\/)\.nimble\/pkgs2?\//, // nimble's global packages
  /(^|\/)\.stack\/(snapshots|programs|indices)\//, // stack's global snapshots and GHC installs
  /(^|\/)\.conda\/pkgs\//, // conda's package cache; environments are decided by their conda-meta/
  /(^|\/)(mini|ana)conda3?\/pkgs\//,
  // A typst package as the compiler names it (`@preview/showybox:2.0.1/lib/x.typ`), or its cache folder on disk
  // (`~/.cache/typst/packages/preview/showybox/2.0.1/`); the workspace's own package is mapped back (installed-copy.ts).
  /^@[\w-]+\/[\w-]+:\d+\.\d+\.\d+\//,
  /(^|\/)typst\/packages\/[\w-]+\/[\w-]+\/\d+\.\d+\.\d+\//,
  // Folders an installer unpacks someone else's source into to build it (issue 20): the build is the installer's,
  // the file the package's, so a suffix shared with a workspace file must not map onto it. pip's sdist and its
  // isolated build environment (`pip-install-<rand>/<name>_<hash>/`, before pip 20 `pip-build-<rand>/<name>/`,
  // `pip-build-env-<rand>/`; not `pip-req-build-`, pip's copy of a local project), uv's build cache, node-gyp's and
  // electron-gyp's header downloads, `cargo install`'s target folder, PECL's, Homebrew's Cellar, opam switches.
  // The workspace's own package built this way is mapped back (installed-copy.ts). A distribution's build root
  // (Portage's `/var/tmp/portage/…/work/`, MacPorts', Spack's stage, Homebrew's `<formula>-<yyyymmdd>-<pid>-<rand>/`,
  // like rpmbuild's and makepkg's) is not listed: it builds the package whose tracker the log is pasted into, so its
  // files are the project's own (fresh set 21's PrusaSlicer emerge log).
  /(^|\/)pip-(install|build|build-env|wheel)-[a-z0-9_]{8}\//,
  /(^|\/)(uv\/cache|\.cache\/uv)\/(builds|sdists|git|archive)-v\d+\//,
  /(^|\/)(\.node-gyp|\.electron-gyp|(\.cache|Caches)\/node-gyp|node-gyp\/Cache)\//i,
  /(^|\/)cargo-install\w+\//,
  /(^|\/)pear\/temp\/|(^|\/)pear-build-\w+\//,
  /(^|\/)(Cellar|Caskroom)\/[^/]+\/[^/]+\//,
  /(^|\/)(\.opam|_opam)\//,
  /^\/(usr\/(share|lib|lib64)|var\/lib)\/gems\//, // distro gem homes and their built extensions (mkmf.log, gem_make.out)
  // The system's folders of programs hold what a package manager installed: RubyGems' and pip's wrappers of a gem's or a
  // package's executable (`/usr/local/bin/mux:23:in 'load'`, named like the gem's own `bin/mux`), distro programs. Only
  // an extensionless name: a script with its extension there (`/usr/local/bin/entrypoint.sh`) is mostly the project's
  // own, copied by its Dockerfile (fresh set 79).
  /^\/(usr\/(local\/)?)?s?bin\/[^/.]+$/,
  /^\/opt\/(homebrew|local)\/bin\/[^/.]+$/,
  // A package manager's store is known by its layout wherever it is put (a custom GEM_PATH inside the project,
  // `GEM_PATH=xxx rake`): RubyGems installs each gem as `gems/<name>-<dotted version>/`, Bundler checks git gems out
  // as `bundler/gems/<name>-<12 hex>/`, setuptools and buildout fetch eggs as `.eggs/`/`eggs/<name>-<version>…egg/`.
  // A project's own folder of gems (`gems/billing/`) carries no version, and stays its own.
  /(^|\/)gems\/[A-Za-z_][\w.-]*?-\d+\.\d+[\w.-]*\//,
  /(^|\/)bundler\/gems\/[\w.-]+-[0-9a-f]{12}\//,
  /(^|\/)\.?eggs\/[A-Za-z_][\w.]*-\d[\w.-]*\.egg\//,
];

/** Splits on both separators so Windows-printed paths classify like posix ones. */
function toPosix(path: string): string {
  return path.replace(/\\/g, '/');
}

/**
 * True when `path` (relative to a workspace root, or absolute as printed) lies in a dependency
 * or toolchain location: node_modules, site-packages, vendor/, third_party/, system headers,
 * Rust/Go/Python/JDK toolchains and package caches.
 */
export function isVendoredPath(path: string): boolean {
  const posix = toPosix(path);
  for (const segment of posix.split('/')) {
    if (VENDORED_SEGMENTS.has(segment)) return true;
  }
  return TOOLCHAIN_PATTERNS.some((pattern) => pattern.test(posix));
}

// A path printed under an environment variable that names a tool's installation (`$CHPL_HOME/modules/…`,
// `${JAVA_HOME}/…`, `$(SDKROOT)/…`, `%ANDROID_NDK_ROOT%\…`): the tool's own files, never the workspace's, whatever
// file of the same name the workspace holds. A variable naming the project (`$(PROJECT_DIR)`, `$SRCROOT`,
// `$WORKSPACE_ROOT`) or the user's home is no installation.
const TOOL_HOME_VARIABLE = /^(?:\$\{?|\$\(|%)([A-Z][A-Z0-9_]*?)(?:\}|\)|%)?[\\/]/;
const INSTALLATION_NAME = /(?:HOME|ROOT|PREFIX|SDK)$/;
const PROJECT_NAME = /PROJECT|WORKSPACE|SRC|SOURCE|REPO|PWD|BUILD|^HOME$/;

/** True when the printed path starts at an environment variable naming a tool's installation folder. */
export function isToolHomePath(printed: string): boolean {
  const name = TOOL_HOME_VARIABLE.exec(printed.trim())?.[1];
  return name !== undefined && INSTALLATION_NAME.test(name) && !PROJECT_NAME.test(name);
}

/** True when a folder of this name holds dependencies wherever it is (every path through it is vendored). */
export function isVendoredFolderName(name: string): boolean {
  return VENDORED_SEGMENTS.has(name);
}

/** True for a JVM package or JPMS module that ships with the JDK (java.util, jdk.internal.reflect, …). */
export function isJdkPackage(packagePath: string): boolean {
  return /^(java|javax|jdk|sun|com\.sun)(\.|\/|$)/.test(packagePath);
}

// --- internal ---

// Pseudo-paths that never name a file: node builtins, eval'd code, Python frozen modules, JVM natives.
const RUNTIME_PATTERNS: readonly RegExp[] = [
  /^node:/,
  /^<[^>]*>$/, // <anonymous>, <frozen importlib._bootstrap>, <string>, <stdin>
  /^\[(eval|stdin|worker eval)\](-wrapper)?$/,
  /^evalmachine\.<anonymous>$/,
  /^(native|Native Method|Unknown Source)$/,
  // TorchScript's serialized code (`File "code/__torch__/pkg/models/net.py", line 53` under `Traceback of TorchScript,
  // serialized code`): the module as a saved model archive holds it, its lines are no source file's, even when the
  // workspace has a file of the same path under `pkg/`.
  /^code[\\/]__torch__[\\/]/,
];

/** True when the printed path is a runtime pseudo-path with no file behind it. */
export function isRuntimePseudoPath(printed: string): boolean {
  return RUNTIME_PATTERNS.some((pattern) => pattern.test(printed.trim()));
}

/**
 * True for Node's pre-`node:` internal module paths (`internal/modules/cjs/loader.js`).
 * Checked only after the path failed to resolve, because Go (`internal/…`) and many JS monorepos
 * keep real user code under an `internal/` directory.
 */
export function isLegacyNodeInternal(printed: string): boolean {
  return /^internal\/[\w/.-]+\.(js|mjs|cjs)$/.test(toPosix(printed));
}
