// System configuration checked by a daemon's own test or debug mode. logrotate (`logrotate -d conf`, cron's daily
// run) names the file and line with no colon after the number: `error: /etc/logrotate.d/app:19 unknown option 'hourly'
// -- ignoring line`; its config files usually have no extension (`/etc/logrotate.d/nginx`), so a bare name is kept
// only when the workspace has it. A paste indented as Markdown code keeps its blanks before `error:`.
// Link: https://github.com/logrotate/logrotate/blob/main/config.c
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';

const LOGROTATE_LINE = /^\s*(error|warning): ([^\s:]{1,300}):(\d{1,7}) (\S.*)$/;

function parseLogrotate(context: LineContext): boolean {
  const match = LOGROTATE_LINE.exec(context.text);
  if (!match) return false;
  const file = match[2] ?? '';
  const named = /\//.test(file) || /\.[A-Za-z]\w{0,11}$/.test(file);
  context.emit({
    file,
    line: Number(match[3]),
    severity: match[1] === 'warning' ? 'warning' : 'error',
    message: match[4] ?? '',
    ...(named ? {} : { hints: { confirm: true } }),
  });
  return true;
}

const logrotate: GrammarFormat = {
  name: 'logrotate',
  language: 'logrotate config',
  description:
    "`logrotate -d /etc/logrotate.conf`: `error: conf/app:4 unknown option 'retain' -- ignoring line` (no colon after the line; a " +
    'name without a folder or an extension is kept when the workspace has that file).',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://github.com/logrotate/logrotate/blob/main/config.c',
  anchor: '^\\s*(?:error|warning): [^\\s:]{1,300}:\\d+ \\S',
  parse: parseLogrotate,
};

export const systemConfigFamily: GrammarFamily = { formats: [logrotate] };
