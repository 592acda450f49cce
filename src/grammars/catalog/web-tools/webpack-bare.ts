// webpack's error without its `ERROR in ` head, as create-react-app prints it (react-dev-utils'
// formatWebpackMessages): `./src/pages/Home.jsx 48:12`, then webpack's message on the next line; Next.js and
// create-react-app 2-3 put the module alone on its line (`./components/nav.js`) under `Failed to compile.`
// Link: https://github.com/facebook/create-react-app/blob/main/packages/react-dev-utils/README.md
import type { Severity } from '../../../core/index.js';
import type { LineContext } from '../../engine/format.js';
import { emitWebpackHead, parseSpaceLocation } from './web-rules.js';

// Only a message webpack writes (or create-react-app's rewording of it) below makes such a line a header.
const BARE_MESSAGE = new RegExp(
  String.raw`^(?:Module (?:parse|build) failed|Module not found|Module (?:Error|Warning)\b|Syntax ?error|` +
    String.raw`Attempted import error|export '|Can't resolve|Cannot find (?:file|module))`,
  'i',
);
// Below a module alone in a compile block, a loader's or compiler's error may also stand (Next.js's swc: `Error: ` over
// its `,-[F:L:C]` frame, which the swc format places; `Type error: …`).
const BLOCK_MESSAGE = /^(?:\w*Error\b|Type error:)/;
// The headings of the blocks (create-react-app's and Next.js's build and dev server); another heading ends one.
const HEADING = /^(?:(Failed to compile)|(Compiled with warnings)|Compiled successfully)\b.{0,40}$/;

interface CompileBlock {
  severity: Severity | undefined;
}

export function parseWebpackBare(context: LineContext): boolean {
  if (!/^\.{1,2}\//.test(context.text)) return false;
  const location = parseSpaceLocation(context, 0);
  if (!location || context.text.slice(location.end).trim() !== '') return false;
  const message = (context.line(1) ?? '').trim();
  if (!BARE_MESSAGE.test(message)) return false;
  emitWebpackHead(context, location, underWarningsHeading(context) ? 'warning' : 'error', message);
  return true;
}

/** Records a compile block's heading (the line is no place itself); true when `context.text` is one. */
export function noteCompileHeading(context: LineContext): boolean {
  const heading = HEADING.exec(context.text.trimEnd());
  if (!heading) return false;
  context.state<CompileBlock>(() => ({ severity: undefined })).severity = heading[1] ? 'error' : heading[2] ? 'warning' : undefined;
  return true;
}

/**
 * The severity of a module alone on its line that opens an entry of a compile block (after a blank line or the heading,
 * webpack's or a compiler's message below it), undefined for any other line: such a module is the place even when no
 * position follows (`Module not found: Can't resolve 'x'`), as under webpack's own `ERROR in` header.
 */
export function compileBlockModule(context: LineContext): Severity | undefined {
  const above = context.line(-1);
  if (above === undefined || (above.trim() !== '' && !HEADING.test(above.trimEnd()))) return undefined;
  const message = (context.line(1) ?? '').trim();
  if (!BARE_MESSAGE.test(message) && !BLOCK_MESSAGE.test(message)) return undefined;
  return context.state<CompileBlock>(() => ({ severity: undefined })).severity;
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
