// A template engine's view named beside its error: Laravel's ViewException appends ` (View: /abs/resources/views/x.blade.php)`
// to the message of whatever a view threw while it rendered, one suffix per view of the include chain, innermost first
// (`… (View: …/partials/row.blade.php) (View: …/users/index.blade.php)`). The line PHP gave is the compiled copy's
// (storage/framework/views/<hash>.php, dropped as generated), not the template's, so the view is the place as a whole
// (line 0); a position of the same file the log also gives (Ignition's `at …/x.blade.php:23`) makes it redundant.
// The line is not claimed: the formats after this one still read its frames and places.
// Link: https://laravel.com/docs/blade
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';

const VIEW = /\(View: ([^()\n]{1,400}?\.(?:blade\.)?php)\)/g;
// A Monolog line's head (`[2026-12-07 10:00:00] local.ERROR: `) before the message.
const LOG_HEAD = /^\s*(?:\[[^\]]{1,40}\] )?[\w-]{1,30}\.[A-Z]{1,10}: /;

function parseView(context: LineContext): boolean {
  const text = context.text;
  const first = text.indexOf('(View: ');
  if (first < 0) return false;
  const message = text.slice(0, first).replace(LOG_HEAD, '').trim();
  const seen = new Set<string>();
  for (const match of text.matchAll(VIEW)) {
    const file = match[1] as string;
    if (seen.has(file)) continue;
    context.emit({
      file,
      line: 0,
      severity: seen.size === 0 ? 'error' : 'note',
      message: seen.size === 0 ? message : 'included from here',
    });
    seen.add(file);
  }
  return false;
}

const laravelView: GrammarFormat = {
  name: 'laravel-view',
  language: 'PHP',
  description:
    '`php artisan serve` / `storage/logs/laravel.log`: an exception a view threw, its message ending in `(View: /abs/resources/views/' +
    'x.blade.php)` (one per view of the include chain, innermost first); the view is the place as a whole.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'severity', 'message'],
  observed: false,
  url: 'https://laravel.com/docs/blade',
  anchor: String.raw`\(View: `,
  parse: parseView,
};

export const phpViewsFamily: GrammarFamily = { formats: [laravelView] };
