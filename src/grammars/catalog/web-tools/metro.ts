// Metro, React Native's bundler: a module it cannot resolve is reported against the importing file, named in the
// message (`Unable to resolve module ../screens/Cart from /Users/me/app/src/Nav.js: None of these files exist:`), and
// its line only in the code frame below (`> 5 | import Cart from "../screens/Cart";`). Older releases quote both
// names (`Unable to resolve module \`x\` from \`src/App.js\`:`) and print no frame: no line, so no place.
// Link: https://metrobundler.dev/docs/resolution
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { plausiblePath } from '../shared/common.js';

const UNABLE = /Unable to resolve module [`'"]?(\S+?)[`'"]? from [`'"]?(.+?)[`'"]?:(?:\s|$)/;
// The code frame's marked line: `> 5 | import …` (a Babel code frame, as Metro prints it).
const FRAME_MARK = /^\s*>\s*(\d{1,7}) \|/;

// Read on the frame's marked line (a line the prefilter can select by its start), the message above it names the file.
function unableAbove(context: LineContext): RegExpExecArray | undefined {
  for (let delta = -1; delta >= -12; delta--) {
    const line = context.line(delta);
    if (line === undefined || FRAME_MARK.test(line)) return undefined;
    const unable = UNABLE.exec(line);
    if (unable) return unable;
  }
  return undefined;
}

function parseMetro(context: LineContext): boolean {
  const mark = FRAME_MARK.exec(context.text);
  const unable = mark ? unableAbove(context) : undefined;
  const file = unable?.[2];
  if (!mark || !unable || file === undefined || !plausiblePath(file)) return false;
  context.emit({ file, line: Number(mark[1]), severity: 'error', message: `Unable to resolve module ${unable[1] ?? ''}` });
  return true;
}

export const metro: GrammarFormat = {
  name: 'metro',
  language: 'JavaScript (React Native)',
  description:
    '`npx react-native start` / `expo start` (Metro): `Unable to resolve module ../x from /app/src/Nav.js:` and the ' +
    'importing line from the code frame below (`> 5 | import …`).',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: 'https://metrobundler.dev/docs/resolution',
  anchor: '^\\s*>\\s*\\d{1,7} \\|',
  parse: parseMetro,
};
