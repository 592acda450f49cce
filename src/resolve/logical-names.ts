// A template engine names a template by its logical name: the path under its template folder without the extension
// its loader appends (Thymeleaf's `(template: "owners/details" - line 52, col 17)` for `templates/owners/details.html`,
// a framework's view name). Such a name is the one workspace file that is the name plus one template extension.
import type { RawLocation } from '../core/types.js';

// The extensions template loaders append (suffix settings' defaults of Thymeleaf, Jinja, Twig, Nunjucks, Handlebars,
// Mustache, EJS, Pug, ERB, Haml, Slim, Liquid, Smarty, FreeMarker, Velocity, JSP, Razor, Blade, Go templates, Mako).
export const TEMPLATE_EXTENSIONS: readonly string[] = [
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
export function withTemplateExtensions(raw: RawLocation): RawLocation[] {
  const { logicalName: _completed, ...hints } = raw.hints ?? {};
  return TEMPLATE_EXTENSIONS.map((extension) => ({ ...raw, file: `${raw.file}.${extension}`, hints }));
}
