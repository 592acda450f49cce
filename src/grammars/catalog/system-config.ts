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

// i3 (and i3-gaps; `i3 -C -c F`, or its log at startup) reports a config error as a block: `ERROR: CONFIG: Expected one of
// these tokens: …`, `ERROR: CONFIG: (in file /home/u/.config/i3/config)`, a few `ERROR: CONFIG: Line  49: text` rows
// of context, and a row of carets under the text of the one it failed on. The place is that row's line, its column
// where the carets start. A log copy may keep the timestamp before each row (`02/11/21 10:21:45 - ERROR: …`).
// Link: https://github.com/i3/i3/blob/next/src/config_parser.c
const I3_ROW = /^(?:\d\d\/\d\d\/\d\d \d\d:\d\d:\d\d - )?(?:ERROR: )?CONFIG: (.*)$/;
const I3_FILE = /^\(in file (.+)\)\s*$/;
const I3_NUMBERED = /^(Line +(\d{1,7}): )/;
const I3_CARETS = /^( *)\^+\s*$/;

interface I3State {
  message: string;
  file: string | undefined;
}

// The row after its `ERROR: CONFIG: ` head, which the scan may have cut already as the log's repeated prefix.
const i3Body = (text: string): string => I3_ROW.exec(text)?.[1] ?? text;

function parseI3(context: LineContext): boolean {
  const body = i3Body(context.text);
  const state = context.state<I3State>(() => ({ message: '', file: undefined }));
  const file = I3_FILE.exec(body);
  const carets = I3_CARETS.exec(body);
  if (file) state.file = file[1];
  else if (carets) {
    const marked = I3_NUMBERED.exec(i3Body(context.line(-1) ?? ''));
    if (marked && state.file !== undefined)
      context.emit({
        file: state.file,
        line: Number(marked[2]),
        // A scan that cut the rows' common head cut the blanks before the carets too: then no column.
        column: carets[1]!.length > 0 ? Math.max(1, carets[1]!.length - marked[1]!.length + 1) : null,
        severity: 'error',
        message: state.message,
        logLine: context.logLine - 1,
      });
  } else if (!I3_NUMBERED.test(body) && body.trim() !== '') state.message = body.trim();
  return true;
}

const i3: GrammarFormat = {
  name: 'i3-config',
  language: 'i3 config',
  description:
    '`i3 -C -c config`: `ERROR: CONFIG: (in file F)`, then `ERROR: CONFIG: Line  49: …` rows of context and a row of carets under the ' +
    'one the parser failed on: that line, the column where the carets start (a timestamp may come first).',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://github.com/i3/i3/blob/next/src/config_parser.c',
  anchor: '^(?:\\d\\d/\\d\\d/\\d\\d \\d\\d:\\d\\d:\\d\\d - )?ERROR: CONFIG: ',
  parse: parseI3,
};

export const systemConfigFamily: GrammarFamily = { formats: [logrotate, i3] };
