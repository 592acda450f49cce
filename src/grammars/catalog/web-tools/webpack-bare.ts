// webpack's error without its `ERROR in ` head, as create-react-app prints it (react-dev-utils'
// formatWebpackMessages): `./src/pages/Home.jsx 48:12`, then webpack's message on the next line.
// Link: https://github.com/facebook/create-react-app/blob/main/packages/react-dev-utils/README.md
import type { LineContext } from '../../engine/format.js';
import { emitWebpackHead, parseSpaceLocation } from './web-rules.js';

// Only a message webpack writes (or create-react-app's rewording of it) below makes such a line a header.
const BARE_MESSAGE = new RegExp(
  String.raw`^(?:Module (?:parse|build) failed|Module not found|Module (?:Error|Warning)\b|Syntax ?error|` +
    String.raw`Attempted import error|export '|Can't resolve|Cannot find (?:file|module))`,
  'i',
);

export function parseWebpackBare(context: LineContext): boolean {
  if (!/^\.{1,2}\//.test(context.text)) return false;
  const location = parseSpaceLocation(context, 0);
  if (!location || context.text.slice(location.end).trim() !== '') return false;
  const message = (context.line(1) ?? '').trim();
  if (!BARE_MESSAGE.test(message)) return false;
  emitWebpackHead(context, location, underWarningsHeading(context) ? 'warning' : 'error', message);
  return true;
}

// create-react-app heads its warnings `Compiled with warnings.` and its errors `Failed to compile.`
function underWarningsHeading(context: LineContext): boolean {
  for (let delta = -1; delta >= -40; delta--) {
    const line = context.line(delta);
    if (line === undefined) return false;
    if (/^Compiled with warnings\.?\s*$/.test(line)) return true;
    if (/^Failed to compile\.?\s*$/.test(line)) return false;
  }
  return false;
}
