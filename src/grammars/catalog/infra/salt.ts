// SaltStack (`salt`, `salt-call`, `salt-ssh`): a state file that does not render is named by its SLS reference,
// `saltenv:dotted.name` (`Rendering SLS 'base:web.nginx' failed: Jinja syntax error: …; line 13`), and the file is
// `web/nginx.sls` or `web/nginx/init.sls` under a file root. Both are proposed; the workspace keeps the one it has.
// Link: https://docs.saltproject.io/en/latest/ref/states/include.html
import type { GrammarFormat, LineContext } from '../../engine/format.js';

// The reference (its environment optional), the renderer's message, then `; line N` or `, line N`.
const RENDERING = /Rendering SLS '(?:[\w-]+:)?([\w-]+(?:\.[\w-]+)*)' failed: (.*?)[;,]? line (\d{1,7})\b/;

function parseSaltRendering(context: LineContext): boolean {
  const match = RENDERING.exec(context.text);
  if (!match) return false;
  const folder = match[1]!.split('.').join('/');
  const place = { line: Number(match[3]), column: null, severity: 'error' as const, message: match[2]!.trim() };
  for (const file of [`${folder}.sls`, `${folder}/init.sls`]) context.emit({ ...place, file, hints: { confirm: true } });
  return true;
}

export const salt: GrammarFormat = {
  name: 'salt',
  language: 'SaltStack states (SLS)',
  description:
    "`salt-call state.apply`, `salt '*' state.highstate`: `Rendering SLS 'base:web.nginx' failed: Jinja syntax error: …; line 13`, " +
    'the reference read as `web/nginx.sls` or `web/nginx/init.sls`, whichever the workspace has.',
  // Jinja counts template lines from 1; no column is printed.
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://docs.saltproject.io/en/latest/ref/states/include.html',
  anchor: "Rendering SLS '",
  parse: parseSaltRendering,
};
