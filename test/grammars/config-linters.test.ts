// Ruby-world and configuration linters: haml-lint, slim-lint, brakeman, rubocop on extensionless files,
// puppet-lint and dotenv-linter, and the look-alikes each must leave alone.
import { describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/index.js';
import { scanLog, withoutWeakTiers } from '../_scan.js';

const scan = (lines: string[], formats?: string[]) => withoutWeakTiers(scanLog(lines, formats));
const brief = (locations: RawLocation[]) => locations.map((l) => [l.format, l.file, l.line, l.column, l.severity, l.code]);

describe('ruby linters', () => {
  it('tells haml-lint from slim-lint by the template extension', () => {
    expect(brief(scan(['app/x.html.haml:33 [W] LineLength: Line is too long.', 'app/y.slim:2 [E] TagCase: lowercase']))).toEqual([
      ['haml-lint', 'app/x.html.haml', 33, null, 'warning', 'LineLength'],
      ['slim-lint', 'app/y.slim', 2, null, 'error', 'TagCase'],
    ]);
  });

  it('reads a brakeman block only with its Confidence and File lines, and tabs rows', () => {
    const block = [
      'Confidence: Medium',
      'Category: Command Injection',
      'Message: Possible command injection',
      'File: lib/run.rb',
      'Line: 9',
    ];
    expect(brief(scan(block))).toEqual([['brakeman', 'lib/run.rb', 9, null, 'warning', 'Command Injection']]);
    expect(scan(['File: lib/run.rb', 'Line: 9'], ['brakeman'])).toEqual([]);
    expect(brief(scan(['lib/run.rb\t9\tCommand Injection\tExecute\tPossible command injection\tHigh']))).toEqual([
      ['brakeman', 'lib/run.rb', 9, null, 'error', 'Execute'],
    ]);
  });

  it('reads rubocop rows for bin/ scripts, Gemfile and config.ru', () => {
    expect(
      brief(
        scan([
          'bin/setup:2:6: C: [Correctable] Style/StringLiterals: Prefer single quotes.',
          'Gemfile:2:5: C: Style/StringLiterals: Prefer single quotes.',
          'config.ru:1:1: W: Lint/Syntax: unexpected token',
        ]),
      ),
    ).toEqual([
      ['rubocop', 'bin/setup', 2, 6, 'note', 'Style/StringLiterals'],
      ['rubocop', 'Gemfile', 2, 5, 'note', 'Style/StringLiterals'],
      ['rubocop', 'config.ru', 1, 1, 'warning', 'Lint/Syntax'],
    ]);
  });
});

describe('configuration linters', () => {
  it('reads puppet-lint rows with a file, collapsing the doubled slash, and skips those without one', () => {
    expect(
      brief(
        scan([
          'manifests//init.pp - WARNING: unquoted file mode on line 4 (check: unquoted_file_mode)',
          'WARNING: class not documented on line 1 (check: documentation)',
        ]),
      ),
    ).toEqual([['puppet-lint', 'manifests/init.pp', 4, null, 'warning', 'unquoted_file_mode']]);
  });

  it('reads dotenv-linter rows for .env, .env.local and name.env', () => {
    expect(
      brief(
        scan([
          '.env:1 LeadingCharacter: Invalid leading character detected',
          'config/.env.local:3 UnorderedKey: The A key should go before B',
          'prod.env:2 SpaceCharacter: The line has spaces around equal sign',
        ]),
      ),
    ).toEqual([
      ['dotenv-linter', '.env', 1, null, 'warning', 'LeadingCharacter'],
      ['dotenv-linter', 'config/.env.local', 3, null, 'warning', 'UnorderedKey'],
      ['dotenv-linter', 'prod.env', 2, null, 'warning', 'SpaceCharacter'],
    ]);
  });
});
