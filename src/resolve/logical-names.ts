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
export async function resolveLogicalName(
  raw: RawLocation,
  firstPass: (raw: RawLocation) => Promise<FirstPass>,
  index: FileIndex,
): Promise<FirstPass> {
  const { logicalName: _completed, ...hints } = raw.hints ?? {};
  const plain = await firstPass({ ...raw, hints });
  if (plain.kind === 'resolved' || plain.kind === 'dropped') return plain;
  // Each completion may want its name listed: a log of many logical names never crowds out the printed ones.
  if (!index.hasRoomFor(TEMPLATE_EXTENSIONS.length)) return plain;
  const completed = await Promise.all(withTemplateExtensions(raw).map(firstPass));
  const finish = async (): Promise<Resolution> => {
    const found = new Map<string, Extract<Resolution, { kind: 'resolved' }>>();
    for (const pass of completed) {
      const resolution = await settled(pass);
      if (resolution.kind === 'resolved') found.set(resolution.absolutePath, resolution);
    }
    if (found.size > 1) return { kind: 'unresolved', reason: 'ambiguous', candidates: [...found.values()].map((each) => each.relative) };
    return [...found.values()][0] ?? settled(plain);
  };
  return { kind: 'deferred', finish };
}
