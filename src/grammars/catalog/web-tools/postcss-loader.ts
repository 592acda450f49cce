// postcss-loader (webpack, Laravel Mix, Vue CLI): a CSS syntax error, or a plugin's (Tailwind's `@apply` of a class
// that does not exist), is rethrown as its own `SyntaxError` whose message puts the position first:
// `(6:14) /app/src/shop.css Missed semicolon`, then a code frame; `<css input>` stands for a source with no file.
// Link: https://github.com/webpack-contrib/postcss-loader/blob/master/src/Error.js
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { plausiblePath } from '../shared/common.js';

// The file runs to the first space after a style sheet's (or a component's) extension: a Windows home folder may
// hold spaces before it (`C:\xampp\htdocs\app\resources\css\app.css`).
const POSITION_FIRST =
  /^\s*\((\d{1,7}):(\d{1,5})\) (\S.*?\.(?:css|pcss|postcss|sss|scss|sass|less|styl|vue|svelte|astro|html?))(?: (.*))?$/;

function parsePostcssLoader(context: LineContext): boolean {
  const match = POSITION_FIRST.exec(context.text);
  const file = match?.[3];
  if (!match || file === undefined || !plausiblePath(file)) return false;
  context.emit({ file, line: Number(match[1]), column: Number(match[2]), severity: 'error', message: (match[4] ?? '').trim() });
  return true;
}

export const postcssLoader: GrammarFormat = {
  name: 'postcss-loader',
  language: 'CSS',
  description:
    "webpack's postcss-loader (also under Laravel Mix and Vue CLI; Tailwind's `@apply` errors): `SyntaxError`, then " +
    '`(6:14) /app/src/shop.css Missed semicolon` with the position before the file, and a code frame.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://github.com/webpack-contrib/postcss-loader',
  anchor: '^\\s*\\(\\d{1,7}:\\d{1,5}\\) \\S',
  parse: parsePostcssLoader,
};
