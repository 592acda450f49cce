// ansible-lint's default output: the rule's line over the place's line (5.x on; 4.x's `[E301]` rule over a place alone).
import { describe, expect, it } from 'vitest';
import { scanLog, withoutWeakTiers } from '../_scan.js';

const scan = (lines: string[]) => withoutWeakTiers(scanLog(lines));
const brief = (lines: string[]) =>
  scan(lines).map((l) => `${l.file}:${l.line} ${l.severity} ${l.code ?? '-'} ${l.format} | ${l.message.replace(/\n/g, ' / ')}`);

describe('ansible-lint', () => {
  it("reads the rule's line above each place, a warning's mark, and two rules on one task as two", () => {
    expect(
      brief([
        'risky-shell-pipe: Shells that use pipes should set the pipefail option',
        'deploy/main.yml:7 Task/Handler: count workers',
        '',
        'no-changed-when: Commands should not change things if nothing needs doing',
        'deploy/main.yml:7 Task/Handler: count workers',
        '',
        'jinja[spacing]: Jinja2 spacing could be improved: {{x}} -> {{ x }} (warning)',
        'deploy/main.yml:12 Jinja2 template rewrite recommendation.',
      ]),
    ).toEqual([
      'deploy/main.yml:7 error risky-shell-pipe ansible-lint | Shells that use pipes should set the pipefail option / Task/Handler: count workers',
      'deploy/main.yml:7 error no-changed-when ansible-lint | Commands should not change things if nothing needs doing / Task/Handler: count workers',
      'deploy/main.yml:12 warning jinja[spacing] ansible-lint | Jinja2 spacing could be improved: {{x}} -> {{ x }} / Jinja2 template rewrite recommendation.',
    ]);
  });

  it("reads 4.x's `[E301] msg` over a place alone, the task on the line below", () => {
    expect(brief(['[E301] Commands should not change things if nothing needs doing', 'site.yml:5', 'Task/Handler: shell echo hi'])).toEqual(
      ['site.yml:5 error E301 ansible-lint | Commands should not change things if nothing needs doing / Task/Handler: shell echo hi'],
    );
  });

  it("leaves a place under another tool's severity line to the formats that read it", () => {
    const lines = ['error: could not parse the inventory', 'inventory/hosts.yml:3 unexpected key'];
    expect(scan(lines).filter((l) => l.format === 'ansible-lint')).toEqual([]);
  });
});
