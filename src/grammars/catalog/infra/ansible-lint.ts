// ansible-lint's default output: each violation is two lines, the rule and what it says, then the place and the task.
//   risky-shell-pipe: Shells that use pipes should set the pipefail option.
//   roles/web/tasks/main.yml:2 Task/Handler: Count running workers
// 5.x and later (observed 6.22); 6.x ends a warning-level rule's line with `(warning)`. 4.x wrote the rule as `[E301] msg`
// (or `[301] msg`) and the place alone on its line, the task on the next. The place's line alone reads as a generic
// `file:L` whose message is the task's name, with no rule and no severity, and two rules on one task fold into one:
// the rule's line above says what is wrong.
// Link: https://ansible.readthedocs.io/projects/lint/usage/
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { locationAnchorFor } from '../../engine/anchors.js';

// A rule id is lower-case words and dashes, with a sub-rule in brackets (`name[missing]`, `yaml[truthy]`).
const RULE_LINE = /^([a-z][a-z0-9-]{1,60}(?:\[[\w-]{1,60}\])?): (\S.*?)\s*$/;
// A severity word before a colon is another tool's message (`error: failed to parse`), no rule of ansible-lint's.
const SEVERITY_WORD = /^(?:error|warning|warn|note|info|fatal|hint|debug|notice)$/;
const OLD_RULE_LINE = /^\[(E?\d{3})\] (\S.*?)\s*$/;
const WARNING_MARK = / \(warning\)$/;
// The place: a YAML file, its line (and column, for yamllint's rules), then the task or a hint after one blank.
const PLACE = /^(\S{1,300}?\.ya?ml):(\d{1,7})(?::(\d{1,5}))?(?: (\S.*))?$/;

function parseAnsibleLint(context: LineContext): boolean {
  const place = PLACE.exec(context.text);
  const above = context.line(-1);
  if (place === null || above === undefined) return false;
  const rule = RULE_LINE.exec(above) ?? OLD_RULE_LINE.exec(above);
  if (rule === null || SEVERITY_WORD.test(rule[1] ?? '')) return false;
  const said = rule[2] ?? '';
  const warning = WARNING_MARK.test(said);
  // 4.x: the task's line is the one below a place that stands alone.
  const detail = place[4] ?? (OLD_RULE_LINE.test(above) ? context.line(1)?.trim() : undefined);
  const message = said.replace(WARNING_MARK, '');
  context.emit({
    file: place[1]!,
    line: Number(place[2]),
    column: place[3] === undefined ? null : Number(place[3]),
    severity: warning ? 'warning' : 'error',
    code: rule[1] ?? null,
    message: detail === undefined || detail === '' ? message : `${message}\n${detail}`,
  });
  return true;
}

export const ansibleLint: GrammarFormat = {
  name: 'ansible-lint',
  language: 'Ansible',
  description:
    '`ansible-lint site.yml`: a rule line `risky-shell-pipe: Shells that use pipes …` (6.x: `(warning)` at its end; 4.x: `[E306] …`) ' +
    'over the place `roles/web/tasks/main.yml:2 Task/Handler: …`.',
  columnBase: 1,
  // The column of yamllint's rules comes from its PyYAML mark: characters.
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://ansible.readthedocs.io/projects/lint/usage/',
  anchor: locationAnchorFor('ya?ml', ':'),
  parse: parseAnsibleLint,
};
