// Elm: `elm make` (0.19, and elm-make 0.16–0.18) writes each problem as a titled block, never as `file:line`:
// `-- TYPE MISMATCH ----------------------------- src/Main.elm`, a sentence, then the source excerpt with its
// line numbers in a gutter (`12|     text 42`, carets below), `12|>` marking the lines of a multi-line span.
// The place is the block's file and the first marked line, else the first numbered line. Under webpack's
// elm-webpack-loader (0.18) the title lost its file (`-- TYPE MISMATCH` alone) and the module webpack names in
// `ERROR in ./src/elm/Main.elm` just above is the file. A block with no excerpt (`-- MISSING DEPENDENCY --- elm.json`)
// names no line.
// Link: https://elm-lang.org/news/compiler-errors-for-humans
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { plausiblePath } from './shared/common.js';

const TITLE = /^-- ([A-Z][A-Z' ]*[A-Z])(?: -+(?: (\S.*\.elm))?)?\s*$/;
const GUTTER = /^\s*(\d+)\|(>?)/;
const LOADER_MODULE = /^ERROR in (\S+\.elm)\s*$/;
// How far an excerpt may sit below its title: the sentences above it are short, a block rarely runs past 30 lines.
const LOOKAHEAD = 30;

interface Excerpt {
  line: number;
  message: string;
}

/** The first marked (or else first) gutter line of the block below the title, and the block's first sentence. */
function excerptBelow(context: LineContext): Excerpt | undefined {
  let message = '';
  let first: number | undefined;
  for (let delta = 1; delta <= LOOKAHEAD; delta++) {
    const line = context.line(delta);
    if (line === undefined || TITLE.test(line) || /^Detected (?:errors|problems) in /.test(line)) break;
    const gutter = GUTTER.exec(line);
    if (gutter) {
      const number = Number(gutter[1]);
      if (gutter[2] === '>') return { line: number, message };
      first ??= number;
    } else if (first !== undefined) {
      // The excerpt ended: it had no marked line.
      break;
    } else if (message === '' && line.trim() !== '') message = line.trim();
  }
  return first === undefined ? undefined : { line: first, message };
}

/** The module elm-webpack-loader's block belongs to: webpack's `ERROR in ./src/Main.elm` a few lines above. */
function loaderModule(context: LineContext): string | undefined {
  for (let delta = -1; delta >= -3; delta--) {
    const module = LOADER_MODULE.exec(context.line(delta) ?? '');
    if (module) return module[1];
  }
  return undefined;
}

function parseElm(context: LineContext): boolean {
  const title = TITLE.exec(context.text);
  if (!title) return false;
  const file = title[2] ?? loaderModule(context);
  if (file === undefined || !plausiblePath(file)) return false;
  const excerpt = excerptBelow(context);
  if (!excerpt) return false;
  const kind = (title[1] ?? '').toLowerCase();
  context.emit({ file, line: excerpt.line, severity: 'error', message: excerpt.message === '' ? kind : `${kind}: ${excerpt.message}` });
  return true;
}

const elm: GrammarFormat = {
  name: 'elm',
  language: 'Elm',
  description:
    '`elm make src/Main.elm` (0.19; elm-make 0.16–0.18): `-- TYPE MISMATCH ------ src/Main.elm`, a sentence, then the ' +
    'excerpt with numbered lines (`12|`, `12|>` marking a span); under elm-webpack-loader the title has no file and ' +
    "webpack's `ERROR in ./src/elm/Main.elm` above names it.",
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: 'https://elm-lang.org/news/compiler-errors-for-humans',
  anchor: "^-- [A-Z][A-Z' ]{1,60}(?: -|\\s*$)",
  parse: parseElm,
};

export const elmFamily: GrammarFamily = { formats: [elm] };
