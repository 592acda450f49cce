// Path hygiene shared by the grammars: which printed strings can be source files, and how URL-ish
// paths (file://, bundler schemes) reduce to the path a resolver can use. Pure string work.
import { EXTENSIONLESS_SOURCE_NAMES } from '../../core/index.js';

// Source and config extensions. A location needs one of these (or a known extensionless name) so that
// `registry.example.org:443`, `node:20.11.1` and `12:30:45` are never locations (formats.md §3.4, §3.5, §3.18).
const SOURCE_EXTENSIONS = new Set(
  // C++ template bodies a header includes (.tpp, .txx) and C++20 module interfaces (.ixx, .cppm) are sources too.
  (
    'c h cc cpp cxx c++ hh hpp hxx h++ ipp inl tcc tpp txx ixx cppm m mm cu cuh ' +
    'ts tsx mts cts js jsx mjs cjs vue svelte astro json jsonc json5 css scss sass less styl html htm ' +
    'py pyi pyx pxd ipynb rb rake gemspec erb php phtml pl pm t psgi go rs java kt kts scala sc groovy gradle ' +
    'cs fs fsx fsi vb xaml csproj fsproj vbproj proj props targets sln swift dart zig nim nims nimble jl r R lua ' +
    'ex exs erl hrl hs lhs ml mli mll mly elm clj cljs cljc edn f f90 f95 f03 f08 for ftn adb ads ' +
    'sh bash zsh ksh fish ps1 psm1 psd1 bat cmd tf tfvars hcl yml yaml toml ini cfg conf xml proto graphql gql ' +
    'sql prisma md mdx rst txt cmake mk make bzl bazel star nix d v sv vhd vhdl asm s S cl glsl hlsl wgsl sol ' +
    'coffee re rei res resi purs cr gleam hx pas pp lisp el scm rkt tcl awk sed vim ' +
    // Compiled languages whose compilers print ordinary heads (issue 20's third fresh batch): Vala and its bindings,
    // Odin, Mojo (whose files may end in the fire emoji), Idris, Lean 3/4 and the HoTT library, Agda, Free Pascal's
    // Delphi and Free Pascal programs (.dpr, .lpr), Fortran's preprocessed upper-case spellings and fixed-form .f77, GNAT project files.
    'vala vapi odin mojo \u{1F525} idr lidr lean hlean agda lagda dpr lpr F F90 F95 F03 F08 FOR FPP fpp f77 gpr cgpr ' +
    // Templates and the style sheets PostCSS reads (issue 20's twelfth fresh batch): an engine compiles them to code and
    // names the template's own line when it fails (ejs, pug and jade, Handlebars, Nunjucks and Jinja, Liquid, Twig,
    // Razor). Haml and Slim stay unlisted: their linters' formats name them, and the permissive tier confirms the rest.
    'ejs pug jade hbs handlebars mustache njk nunjucks jinja jinja2 j2 liquid twig eta marko tpl tmpl cshtml razor pcss sss ' +
    // Acceptance tests are sources too (issue 20's twenty-second fresh batch): Gherkin features (cucumber, behave, Karate),
    // Robot Framework suites and resource files, and gauge's (and rpm's) .spec files name the failing step's own line.
    'feature robot resource spec ' +
    // Languages whose compilers print ordinary heads (issue 20's twenty-fourth fresh batch): GnuCOBOL sources and
    // copybooks, PTX, Lisp systems (ASDF, AutoLISP), Scheme libraries (R6RS/R7RS, Chez),
    // Fennel, Teal, MoonScript, Janet, Chapel, Pony, Hare, Roc, Ballerina, Carbon, Move, Cairo, Vyper, AutoHotkey, WAT.
    'cob cbl cpy ptx asd lsp ss sls sld fnl tl moon janet chpl pony ha roc bal carbon move cairo vy vyi ahk wat wast ' +
    // User-interface definitions and the project files of desktop and mobile tool kits (issue 20's twenty-first fresh
    // batch): their compilers and runtimes name them like sources. Avalonia's XAML, QML, Qt Designer forms and resource
    // lists, qmake and Qbs projects, GTK's Blueprint, Xcode's Interface Builder files, property lists and build settings,
    // .NET resources, Windows resource scripts, Slint, JavaFX's FXML, Flutter's localisation bundles.
    'axaml qml ui qrc pro pri qbs blp xib storyboard plist entitlements xcconfig resx rc slint fxml arb ' +
    // Grammars that bison/yacc and flex/lex copy actions from: gcc names their lines through the output's `#line`.
    'y yy ypp l ll lpp ' +
    // Arduino sketches (and Wiring/Processing's older .pde ones): the IDE and arduino-cli hand gcc a .cpp made from
    // them whose `#line` names the sketch, so gcc and the linker print `Blink.ino:12:5: error: …` (issue 20).
    'ino pde'
  ).split(/\s+/),
);

/** The last segment of a printed path, after a `/` or a `\\`. */
export function baseName(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut >= 0 ? path.slice(cut + 1) : path;
}

// What a tool prints for a source it read from standard input (`<stdin>:3:18: error`, `-:1:8`, `[stdin]:3`): a
// file only the command names (src/core/standard-input.ts); resolve drops it as runtime when none does.
const STANDARD_INPUT_PATH = /^(?:<stdin>|\[stdin\]|\(stdin\)|-|\/dev\/stdin|<standard input>)$/;

/** True when the path's last segment has a source extension or is a known build file name, or the path is a
 * tool's name for standard input. */
export function looksLikeSourcePath(path: string): boolean {
  // Asked of every location head: decided by character where it can, one slice (the extension) at most.
  const first = path.charCodeAt(0);
  if ((first === 0x3c || first === 0x5b || first === 0x28 || first === 0x2d || first === 0x2f) && STANDARD_INPUT_PATH.test(path))
    return true;
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1;
  // A dev server's URL keeps its query on the file (`x.ts?t=1700`, `App.vue?vue&type=script`): the name is before it.
  const query = path.indexOf('?', cut);
  if (query > cut) return looksLikeSourcePath(path.slice(0, query));
  const dot = path.lastIndexOf('.');
  if (dot < cut || (dot === cut && path.length === cut + 1)) return extensionlessSource(path.slice(cut));
  const extension = path.slice(dot + 1);
  if (dot === cut) return SOURCE_EXTENSIONS.has(extension) || extensionlessSource(path.slice(cut));
  // A host name such as example.org or a version such as 1.2.3 has no source extension; the stem check
  // rejects `v18.17.js`-style accidents only when the stem is purely numeric.
  if ((SOURCE_EXTENSIONS.has(extension) || isDosUpperCaseName(path.slice(cut), extension)) && !allDigits(path, cut, dot)) return true;
  return extensionlessSource(path.slice(cut));
}

// A build file known by its whole name (`Makefile`, `Dockerfile.dev`, `web.Dockerfile`).
function extensionlessSource(name: string): boolean {
  return EXTENSIONLESS_SOURCE_NAMES.has(name) || (name.includes('Dockerfile') && /^Dockerfile\.|\.Dockerfile$/.test(name));
}

function allDigits(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

// DOS-era and embedded Windows tool chains (Keil C51, IAR, Borland, 8.3 names) print a whole name in capitals
// (`LCD.C`, `MAIN.CPP`, `STARTUP.A51`): an extension in capitals counts as its lower-case spelling only when the stem is
// in capitals too, so that a mixed-case `Makefile.C` stays unknown; resolve finds the file case-insensitively.
function isDosUpperCaseName(name: string, extension: string): boolean {
  return name === name.toUpperCase() && /[A-Z]/.test(extension) && SOURCE_EXTENSIONS.has(extension.toLowerCase());
}

// `node:fs`, `bun:sqlite`, `deno:…`, `ext:…`; Node's pre-`node:` internals only (Go and many monorepos keep real code
// under `internal/`); `<anonymous>`, `[eval]`. One regex made once: a literal in the function was a new RegExp object
// per call, and this is asked of every location (issue 21).
const RUNTIME_PSEUDO_PATH = /^(?:(?:node|bun|deno|ext):|internal[/\\][\w/.-]+\.(?:js|mjs|cjs)$|<[^>]*>$|\[[^\]]*\]$)/;

/** Pseudo-paths runtimes print for code that has no file: these are dropped as 'runtime', never resolved. */
export function isRuntimePseudoPath(path: string): boolean {
  return RUNTIME_PSEUDO_PATH.test(path) || path === 'native' || path === 'Native Method' || path === 'Unknown Source';
}

function percentDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// A development server on this machine (`http://localhost:3000/app.js`, `http://127.0.0.1:8080/Specs/a.js`, any host
// with a port) serves the workspace's own files: the URL's path is a path in the project below the folder it serves.
// A public host without a port (a CDN, deno.land) is another machine's file.
const DEV_SERVER = /^https?:\/\/(?:localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[::1\]|[\w.-]+:\d{2,5})(?::\d{1,5})?(\/[^\s]*)$/i;

/** Whether a printed path is a URL on a development server of this machine (see DEV_SERVER). */
export function isDevServerUrl(path: string): boolean {
  return DEV_SERVER.test(path);
}

// A URL scheme or a bundler's prefix before the path (see cleanPrintedPath), removed.
function withoutScheme(printed: string): string {
  let path = printed;
  if (/^file:/i.test(path)) {
    path = percentDecode(path.replace(/^file:(?:\/\/[^/]*)?/i, ''));
    if (/^\/[A-Za-z]:[/\\]/.test(path)) path = path.slice(1);
  } else if (/^webpack-internal:\/\/\//.test(path)) {
    path = path.replace(/^webpack-internal:\/\/\/(?:\([^)]*\)\/)?/, '');
  } else if (/^webpack:\/\//.test(path)) {
    // webpack://<project name>/./src/x.ts or webpack:///src/x.ts: the project name is not a directory.
    path = path.replace(/^webpack:\/\/[^/]*\//, '');
    // webpack 1-3 show a module under node_modules as `~/name/…`.
    if (path.startsWith('~/')) path = `node_modules/${path.slice(2)}`;
  } else if (/^ng:\/\/\//.test(path)) {
    path = path.slice('ng://'.length);
    if (/^\/[A-Za-z]:[/\\]/.test(path)) path = path.slice(1);
  } else if (/^res:\/\//.test(path)) {
    // Godot's project folder (the one holding project.godot): `res://scripts/x.gd` is `scripts/x.gd` in it.
    path = path.slice('res://'.length);
  } else if (/^qrc:/.test(path)) {
    // A Qt resource: its path inside the resource tree (`qrc:/ui/Main.qml`, `qrc:///ui/Main.qml`), relative to the
    // folder of the .qrc file that lists it, which the printed URL never names: resolve looks for that ending.
    path = path.replace(/^qrc:\/*/, '');
  } else if (/^vite:\/?/.test(path)) {
    path = path.replace(/^vite:\/?/, '');
  } else if (/^https?:/i.test(path)) {
    const served = DEV_SERVER.exec(path)?.[1];
    // Relative: the folder the server serves (public/, static/, the root) is unknown, so resolve looks under cwd
    // and the roots, then for the one workspace file with that ending.
    // Vite's `/@fs/` prefix marks an absolute path outside the served folder (read below).
    if (served !== undefined) path = served.startsWith('/@fs/') ? served : served.slice(1);
  }
  return path;
}

const QUERY_MARK = /[?#]/;

/**
 * Reduces a printed path to a file-system path: file:// URLs (percent-decoded, `file:///C:/x` → `C:/x`),
 * bundler schemes (webpack://app/./src/x, webpack-internal:///./src/x, /@fs/abs, vite:), Angular's AOT compiler's
 * `ng:///C:/app/x.html` (the template's own path behind its scheme), Godot's `res://` project paths, Qt's `qrc:/`
 * resource paths, a local dev server's URL, query strings and hashes. Quotes around the path are removed.
 */
export function cleanPrintedPath(printed: string): string {
  let path = printed.trim();
  if (path.length >= 2 && (path[0] === '"' || path[0] === "'") && path.at(-1) === path[0]) path = path.slice(1, -1);
  if (path.includes('\\')) path = afterEscapedLineBreak(path);
  // Every scheme below has a colon: a plain path (nearly every location) skips them all.
  if (path.includes(':')) path = withoutScheme(path);
  if (path.startsWith('/@fs/')) path = path.slice(4);
  const query = path.search(QUERY_MARK);
  if (query > 0 && isQueryOrFragment(path.slice(0, query), path.slice(query))) path = path.slice(0, query);
  return path;
}

// Text before an escaped line break that no path holds: a colon past a drive's, a quote, a `\u2018` escape.
const NOT_PATH_TEXT = /[:'"]|\\u[0-9A-Fa-f]{4}/;
const ESCAPED_BREAK = /\\[nrt]/g;
// source-map-support prints a bundle's mapped source below the bundle's folder, behind webpack's scheme
// (`G:\app\build\webpack:\src\routes\x.js` for `build\server.js`): that colon is the path's own.
const SOURCE_MAPPED_FOLDER = /[\\/]webpack:(?=[\\/])/g;

/**
 * A tool's output kept as one escaped string (a structured log record's field, an API's JSON answer) joins its lines
 * with `\n`: a path read across one starts after the last escape when what stands before it holds text no path holds
 * (`…parse_header\u2019:\nsrc/a.c`). A Windows path's own `\n` or `\t` (`C:\new\a.c`) has only its drive before it.
 */
function afterEscapedLineBreak(path: string): string {
  let cut = -1;
  ESCAPED_BREAK.lastIndex = 0;
  for (let match = ESCAPED_BREAK.exec(path); match !== null; match = ESCAPED_BREAK.exec(path)) cut = match.index;
  if (cut < 0) return path;
  const before = path.slice(0, cut);
  const drive = /^[A-Za-z]:/.test(before) ? 2 : 0;
  return before === '' || NOT_PATH_TEXT.test(before.slice(drive).replace(SOURCE_MAPPED_FOLDER, '/')) ? path.slice(cut + 2) : path;
}

/**
 * Whether `rest` (from a `?` or `#` on) is a URL's query or fragment after a file (`x.vue?vue&type=script`,
 * `src/a.c#L12`) rather than part of the path: a folder may be named `C#` (Visual Studio's `repos\C#\Shop\Cart.cs`)
 * and a file `F#.fs`, so the mark ends the path only after a file name, or when no folder or file name follows it.
 */
function isQueryOrFragment(before: string, rest: string): boolean {
  if (/\.[A-Za-z0-9]+$/.test(before)) return true;
  return !/[\\/]/.test(rest) && !/\.[A-Za-z]\w*$/.test(rest);
}
