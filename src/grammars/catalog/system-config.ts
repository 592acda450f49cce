// System configuration checked by a daemon's own test or debug mode. logrotate (`logrotate -d conf`, cron's daily
// run) names the file and line with no colon after the number: `error: /etc/logrotate.d/app:19 unknown option 'hourly'
// -- ignoring line`; its config files usually have no extension (`/etc/logrotate.d/nginx`), so a bare name is kept
// only when the workspace has it. A paste indented as Markdown code keeps its blanks before `error:`.
// A file of an included folder (`include /etc/logrotate.d`) is named by its name alone (`error: wtmp:9 …`): under the
// folder a verbose run printed (`including conf/parts`), else the workspace's one file of that name. A journal or
// syslog copy keeps the daemon's tag before the message (`logrotate[6084]: error: …`).
// Link: https://github.com/logrotate/logrotate/blob/main/config.c
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';

const LOGROTATE_LINE = /^(?:.*?\blogrotate(?:\[\d{1,10}\])?: )?\s*(error|warning): ([^\s:]{1,300}):(\d{1,7}) (\S.*)$/;
const INCLUDING = /^(?:.*?\blogrotate(?:\[\d{1,10}\])?: )?including (\S{1,300})\s*$/;

function parseLogrotate(context: LineContext): boolean {
  const included = INCLUDING.exec(context.text);
  const state = context.state<{ folder?: string }>(() => ({}));
  if (included) {
    // Only remembered: the line is left to any format that reads it.
    state.folder = included[1]!.replace(/\/+$/, '');
    return false;
  }
  const match = LOGROTATE_LINE.exec(context.text);
  if (!match) return false;
  const file = match[2] ?? '';
  const named = /\//.test(file) || /\.[A-Za-z]\w{0,11}$/.test(file);
  context.emit({
    file: named || state.folder === undefined ? file : `${state.folder}/${file}`,
    line: Number(match[3]),
    severity: match[1] === 'warning' ? 'warning' : 'error',
    message: match[4] ?? '',
    ...(named ? {} : { hints: { confirm: true, named: true } }),
  });
  return true;
}

const logrotate: GrammarFormat = {
  name: 'logrotate',
  language: 'logrotate config',
  description:
    "`logrotate -d /etc/logrotate.conf`: `error: conf/app:4 unknown option 'retain' -- ignoring line` (no colon after the line; a " +
    'name without a folder or an extension is kept when the workspace has that file: under the folder a verbose run said it was ' +
    "`including`, else the workspace's one file of that name; a journal's `logrotate[pid]: ` tag may come first).",
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://github.com/logrotate/logrotate/blob/main/config.c',
  anchor: '(?:^\\s*|logrotate(?:\\[\\d+\\])?: )(?:(?:error|warning): [^\\s:]{1,300}:\\d+ \\S|including \\S)',
  parse: parseLogrotate,
};

export const systemConfigFamily: GrammarFamily = { formats: [logrotate] };
