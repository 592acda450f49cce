// A template engine names a template by its logical name: the path under its template folder without the extension
// its loader appends (Thymeleaf's `(template: "owners/details" - line 52, col 17)` for `templates/owners/details.html`,
// a framework's view name). Such a name is the one workspace file that is the name plus one template extension.
import type { RawLocation } from '../core/types.js';
import type { FileIndex } from './file-index.js';
import type { FirstPass, Resolution } from './resolution.js';

// The extensions template loaders append (suffix settings' defaults of Thymeleaf, Jinja, Twig, Nunjucks, Handlebars,
// Mustache, EJS, Pug, ERB, Haml, Slim, Liquid, Smarty, FreeMarker, Velocity, JSP, Razor, Blade, Go templates, Mako).
const TEMPLATE_EXTENSIONS: readonly string[] = [
  'html',
  'htm',
  'xhtml',
  'xml',
  'txt',
  'j2',
  'jinja',
  'jinja2',
  'twig',
  'njk',
  'hbs',
  'handlebars',
  'mustache',
  'ejs',
  'pug',
  'jade',
  'erb',
  'haml',
  'slim',
  'liquid',
  'tpl',
  'ftl',
  'ftlh',
  'vm',
  'jsp',
  'cshtml',
  'blade.php',
  'tmpl',
  'gohtml',
  'mako',
];

/** Whether a printed path is a logical template name to complete: so hinted, and its last segment has no extension. */
export function isLogicalName(raw: RawLocation): boolean {
  if (raw.hints?.logicalName !== true) return false;
  const base = raw.file.split(/[\\/]/).at(-1) ?? '';
  return base !== '' && !/\.[A-Za-z]\w*$/.test(base);
}

/** The printed name with each template extension, as raw locations to resolve like any other. */
function withTemplateExtensions(raw: RawLocation): RawLocation[] {
  const { logicalName: _completed, ...hints } = raw.hints ?? {};
  return TEMPLATE_EXTENSIONS.map((extension) => ({ ...raw, file: `${raw.file}.${extension}`, hints }));
}

async function settled(pass: FirstPass): Promise<Resolution> {
  return pass.kind === 'deferred' ? pass.finish() : pass;
}

/**
 * A logical template name: the printed path itself when it is a file, else the one workspace file it names with a
 * template extension; several are `ambiguous`, none leaves the printed path's own answer. `firstPass` resolves one
 * raw location as resolve-one does.
 */
export function resolveLogicalName(
  raw: RawLocation,
  firstPass: (raw: RawLocation) => Promise<FirstPass>,
  index: FileIndex,
): Promise<FirstPass> {
  const { logicalName: _completed, ...hints } = raw.hints ?? {};
  return resolveCompleted({ ...raw, hints }, [withTemplateExtensions(raw)], firstPass, index);
}

// The extensions of the languages whose runtimes name a function or module by the name of the file that holds it
// (MATLAB and Octave, Python and Ren'Py, Ruby, Lua, R, Julia, Perl, Tcl, PowerShell, shells, Erlang, Elixir, JavaScript).
const MODULE_EXTENSIONS: readonly string[] = [
  'm',
  'py',
  'rpy',
  'rb',
  'lua',
  'R',
  'r',
  'jl',
  'pl',
  'pm',
  'tcl',
  'ps1',
  'sh',
  'erl',
  'ex',
  'js',
  'ts',
];
// A runtime's qualified name (`tests.Prep`, `explore.plotfinalELx`, `pkg.mod.fn`): identifiers joined by dots.
const QUALIFIED_NAME = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*){0,6}$/;
// A last part that may be a file's own extension (`config.yaml`): the name is then a file's, never completed.
const EXTENSION_LIKE = /\.[a-z\d]{1,5}$/;

/** Whether a printed name is a runtime's name for a function or module to complete: so hinted, and a qualified name. */
export function isModuleName(raw: RawLocation): boolean {
  return raw.hints?.moduleName === true && QUALIFIED_NAME.test(raw.file) && !EXTENSION_LIKE.test(raw.file);
}

/**
 * A function or module a runtime named (`Error in tests.Prep (line 26)`): the printed name when it is a file, else
 * the one workspace file whose name is its last part plus a source extension (a package's function, a module), else
 * the part before it (a class's method: `explore.plotfinalELx` is in explore.m); several are `ambiguous`.
 */
export function resolveModuleName(
  raw: RawLocation,
  firstPass: (raw: RawLocation) => Promise<FirstPass>,
  index: FileIndex,
): Promise<FirstPass> {
  const { moduleName: _completed, ...hints } = raw.hints ?? {};
  const parts = raw.file.split('.');
  const stems = parts.length > 1 ? parts.slice(-2).reverse() : parts;
  const completions = stems.map((stem) => MODULE_EXTENSIONS.map((extension) => ({ ...raw, file: `${stem}.${extension}`, hints })));
  return resolveCompleted({ ...raw, hints }, completions, firstPass, index);
}

/**
 * The printed location when it resolves, else the one completion of the first group any completion resolves in
 * (groups in order of preference); several in that group are `ambiguous`.
 */
async function resolveCompleted(
  plainRaw: RawLocation,
  groups: ReadonlyArray<readonly RawLocation[]>,
  firstPass: (raw: RawLocation) => Promise<FirstPass>,
  index: FileIndex,
): Promise<FirstPass> {
  const plain = await firstPass(plainRaw);
  if (plain.kind === 'resolved' || plain.kind === 'dropped') return plain;
  // Each completion may want its name listed: a log of many logical names never crowds out the printed ones.
  if (!index.hasRoomFor(groups.reduce((sum, group) => sum + group.length, 0))) return plain;
  const completed = await Promise.all(groups.map((group) => Promise.all(group.map(firstPass))));
  const finish = async (): Promise<Resolution> => {
    const own = await settled(plain);
    if (own.kind === 'resolved' || own.kind === 'dropped') return own;
    for (const group of completed) {
      const found = new Map<string, Extract<Resolution, { kind: 'resolved' }>>();
      for (const pass of group) {
        const resolution = await settled(pass);
        if (resolution.kind === 'resolved') found.set(resolution.absolutePath, resolution);
      }
      if (found.size > 1) return { kind: 'unresolved', reason: 'ambiguous', candidates: [...found.values()].map((each) => each.relative) };
      const only = [...found.values()][0];
      if (only) return only;
    }
    return own;
  };
  return { kind: 'deferred', finish };
}
