// Fennel, the Lisp that compiles to Lua: `Compile error in src/x.fnl:3:2` (or `Parse error in …`; before 1.0 with the
// special form quoted, `Compile error in 'set' ./m.fnl:6: expected local var`), and from 1.3 on the location first:
// `src/x.fnl:3:2: Compile error: unknown identifier: prnt`. A macro's error is reported inside the error of the form
// that used the macro, each `Compile error in` nested one indent deeper: the innermost is where it failed, the ones
// around it (notes) where the macro was used. The Lua `stack traceback:` printed below a compile error walks through
// the compiler itself (`fennel.lua`, an embedder's `fennel/1-2-1.lua`, a project's vendored `lib/fennel.lua`): those
// frames are the compiler's, never the place to fix.
// Link: https://fennel-lang.org/reference
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { plausiblePath } from './shared/common.js';

const HEAD = /^(\s*)(?:error: )?(?:Compile|Parse) error in (?:'[^']*' )?(\S+?):(\d{1,7})(?::(\d{1,5}))?:?(?: (.*))?$/;
// `src/app.fnl:4:0: Compile error: src/app.fnl:4:7: Compile error: msg`: a macro's error inside its call's, on one line.
const LOCATION_FIRST = /^(\S+?\.fnl):(\d{1,7})(?::(\d{1,5}))?:? (?:Compile|Parse) error: (.*)$/;
// A frame of the compiler: the `fennel` launcher script, `fennel.lua:368: in function`, an embedder's
// `…/tangerine/fennel/1-2-1.lua:3510: in function`.
const COMPILER_FRAME = /^\s+((?:\S*?[\\/])?(?:fennel(?:[\w.-]*\.lua)?|fennel[\\/][\w.-]+\.lua)):(\d{1,7}): in /;

function parseFennel(context: LineContext): boolean {
  const text = context.text;
  const frame = COMPILER_FRAME.exec(text);
  if (frame) {
    context.emit({ file: frame[1]!, line: Number(frame[2]), severity: null, message: '', hints: { runtime: true } });
    return true;
  }
  let first = LOCATION_FIRST.exec(text);
  if (first) {
    for (let depth = 0; first && depth < 8; depth++) {
      const inner = LOCATION_FIRST.exec(first[4]!);
      const column = first[3] === undefined ? null : Number(first[3]);
      const severity = inner ? 'note' : 'error';
      context.emit({ file: first[1]!, line: Number(first[2]), column, severity, message: inner ? inner[4]! : first[4]! });
      first = inner;
    }
    return true;
  }
  const head = HEAD.exec(text);
  if (!head || !plausiblePath(head[2]!)) return false;
  // The next line opening a deeper `Compile error in` is the error inside the macro this form used.
  const next = context.line(1);
  const inner = next === undefined ? undefined : HEAD.exec(next);
  const outer = inner !== undefined && inner !== null && inner[1]!.length >= head[1]!.length;
  const message = head[5] ?? (outer ? 'the macro used here failed' : (next ?? '').trim());
  context.emit({
    file: head[2]!,
    line: Number(head[3]),
    column: head[4] === undefined ? null : Number(head[4]),
    severity: outer ? 'note' : 'error',
    message,
  });
  return true;
}

const fennel: GrammarFormat = {
  name: 'fennel',
  language: 'Fennel',
  description:
    "`fennel --compile x.fnl`: `Compile error in src/x.fnl:3:2` (a macro's error nested one indent deeper, the innermost " +
    "first to fix), `src/x.fnl:3:2: Compile error: …` (1.3+); the compiler's own `fennel.lua` frames below are dropped.",
  columnBase: 0,
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://fennel-lang.org/reference',
  anchor:
    String.raw`(?:Compile|Parse) error in |\.fnl:\d+(?::\d+)?:? (?:Compile|Parse) error: |fennel[\w.-]*\.lua:\d+: in |` +
    String.raw`[\\/]fennel[\\/][\w.-]+\.lua:\d+: in `,
  parse: parseFennel,
};

export const fennelFamily: GrammarFamily = { formats: [fennel] };
