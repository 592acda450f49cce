// Configuration linters: puppet-lint (`manifests/init.pp - WARNING: msg on line 4 (check: file_mode)`) and
// dotenv-linter (`.env:3 UnorderedKey: The API_KEY key should go before the DB_URL key`).
// Link: https://github.com/puppetlabs/puppet-lint#readme
// Link: https://dotenv-linter.github.io/#/usage/check
import type { GrammarFormat, LineContext } from '../../engine/format.js';

function parsePuppetLint(context: LineContext): boolean {
  const match = /^(\S.*?) - (ERROR|WARNING): (.*) on line (\d+)(?: \(check: (\w+)\))?$/.exec(context.text);
  if (!match) return false;
  context.emit({
    // puppet-lint joins a directory argument and the file with `/` even when the argument ends in one.
    file: (match[1] ?? '').replace(/\/{2,}/g, '/'),
    line: Number(match[4]),
    severity: match[2] === 'ERROR' ? 'error' : 'warning',
    code: match[5] ?? null,
    message: match[3] ?? '',
  });
  return true;
}

export const puppetLint: GrammarFormat = {
  name: 'puppet-lint',
  language: 'Puppet',
  description:
    '`puppet-lint --with-filename manifests/` (the default for several files): `manifests/init.pp - WARNING: unquoted file mode on ' +
    'line 4 (check: unquoted_file_mode)`; a single file prints no name, so its rows name no place.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://github.com/puppetlabs/puppet-lint#readme',
  // `… on line N` is selected by the universal `line N` anchor.
  anchor: ' - (?:ERROR|WARNING): .* on line \\d',
  parse: parsePuppetLint,
};

// `.env:3 UnorderedKey: msg` or `config/.env.production:1 LeadingCharacter: msg`; a check name in CamelCase, which
// 1.x releases did not print (observed with 1.1.0: `.env:2 The DEBUG key should be with a value or have an equal sign`).
const DOTENV = /^(\S*?\.env[\w.-]*|\S*?[\w-]+\.env):(\d+) (?:([A-Z][A-Za-z]+): )?([A-Z].*)$/;

function parseDotenv(context: LineContext): boolean {
  const match = DOTENV.exec(context.text);
  if (!match) return false;
  context.emit({ file: match[1] ?? '', line: Number(match[2]), severity: 'warning', code: match[3] ?? null, message: match[4] ?? '' });
  return true;
}

export const dotenvLinter: GrammarFormat = {
  name: 'dotenv-linter',
  language: 'dotenv',
  description:
    '`dotenv-linter` (`dotenv-linter check` in 4.x): `.env:3 UnorderedKey: The API_KEY key should go before the DB_URL key`, also ' +
    '`.env.local`, `config/prod.env`; 1.x prints no check name (`.env:2 The DEBUG key should be with a value…`).',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://dotenv-linter.github.io/#/usage/check',
  // `.env:3 ` and `.env.local:3 ` are selected by the universal `.ext:N` anchor.
  anchor: '\\.env[\\w.-]*:\\d+ [A-Z]',
  parse: parseDotenv,
};
