// Ruby-world linters beyond RuboCop: haml-lint and slim-lint (`app/views/x.haml:33 [W] LineLength: msg`), and
// brakeman's text report (`File: app/x.rb` / `Line: 5` blocks) and tab-separated `-f tabs` rows.
// Link: https://github.com/sds/haml-lint#readme
// Link: https://github.com/sds/slim-lint#readme
// Link: https://brakemanscanner.org/docs/options/
import type { Severity } from '../../../core/index.js';
import type { GrammarFormat, LineContext } from '../../engine/format.js';

// `file:33 [W] RuleName: message` (haml-lint and slim-lint share the reporter); E is an error, W a warning.
const TEMPLATE_LINT = /^(\S+):(\d+) \[([EW])\] (\w+): (.*)$/;

function templateLint(extension: RegExp): (context: LineContext) => boolean {
  return (context) => {
    const match = TEMPLATE_LINT.exec(context.text);
    if (!match || !extension.test(match[1] ?? '')) return false;
    const severity: Severity = match[3] === 'E' ? 'error' : 'warning';
    context.emit({ file: match[1] ?? '', line: Number(match[2]), severity, code: match[4] ?? null, message: match[5] ?? '' });
    return true;
  };
}

export const hamlLint: GrammarFormat = {
  name: 'haml-lint',
  language: 'Ruby',
  description: '`haml-lint app/views`: `app/views/users/show.html.haml:33 [W] LineLength: Line is too long. [85/80]`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://github.com/sds/haml-lint#readme',
  anchor: '\\.haml:\\d+ \\[[EW]\\] ',
  parse: templateLint(/\.haml$/),
};

export const slimLint: GrammarFormat = {
  name: 'slim-lint',
  language: 'Ruby',
  description:
    '`slim-lint app/views`: `app/views/users/show.html.slim:12 [W] RedundantDiv: `div` is redundant when class attribute shortcut is ' +
    'present`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://github.com/sds/slim-lint#readme',
  anchor: '\\.slim:\\d+ \\[[EW]\\] ',
  parse: templateLint(/\.slim$/),
};

const BRAKEMAN_CONFIDENCE: Record<string, Severity> = { High: 'error', Medium: 'warning', Weak: 'note' };

/** The text report's block above `Line: N`: `Confidence:`, `Category:`, `Message:`, `File:` (at most 8 lines up). */
function brakemanBlock(context: LineContext): { file?: string; message?: string; confidence?: string; category?: string } {
  const block: { file?: string; message?: string; confidence?: string; category?: string } = {};
  for (let delta = -1; delta >= -8; delta--) {
    const field = /^(Confidence|Category|Message|File): (.*)$/.exec(context.line(delta) ?? '');
    if (!field) continue;
    const key = (field[1] ?? '').toLowerCase() as 'file' | 'message' | 'confidence' | 'category';
    block[key] ??= field[2];
    if (key === 'confidence') break;
  }
  return block;
}

function parseBrakeman(context: LineContext): boolean {
  const text = context.text;
  const line = /^Line: (\d+)$/.exec(text);
  if (line) {
    const block = brakemanBlock(context);
    if (block.file === undefined || block.confidence === undefined) return false;
    const message = [block.category, block.message].filter((part) => part !== undefined).join(': ');
    context.emit({
      file: block.file,
      line: Number(line[1]),
      severity: BRAKEMAN_CONFIDENCE[block.confidence] ?? 'warning',
      code: block.category ?? null,
      message,
    });
    return true;
  }
  // `-f tabs`: file, line, warning type, check, message, confidence.
  const row = text.split('\t');
  if (row.length !== 6 || !/^\d+$/.test(row[1] ?? '') || !/^(?:High|Medium|Weak)$/.test(row[5] ?? '')) return false;
  context.emit({
    file: row[0] ?? '',
    line: Number(row[1]),
    severity: BRAKEMAN_CONFIDENCE[row[5] ?? ''] ?? 'warning',
    code: row[3] ?? null,
    message: `${row[2]}: ${row[4]}`,
  });
  return true;
}

export const brakeman: GrammarFormat = {
  name: 'brakeman',
  language: 'Ruby',
  description:
    '`brakeman` (text report): `Confidence: High` … `File: app/controllers/users_controller.rb` / `Line: 5` blocks; `brakeman -f ' +
    'tabs`: `file<TAB>line<TAB>type<TAB>check<TAB>message<TAB>confidence` rows. Confidence High/Medium/Weak maps to ' +
    'error/warning/note.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://brakemanscanner.org/docs/options/',
  // `Line: N` is selected by the universal `Line: N` anchor, a tabs row by its `.ext<TAB>N`.
  anchor: '^Line: \\d+\\s*$|\\.(?:rb|erb|haml|slim|rake)\\t\\d+\\t',
  parse: parseBrakeman,
};
