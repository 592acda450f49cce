// JVM frames as Clojure prints them: clojure.repl/pst, clojure.stacktrace and Leiningen write `ns.fn$inner.invoke
// (core.clj:6161)` (a space before the parenthesis, often without `at`), and Throwable->map data (`#error {…}`,
// `clojure.main`'s report) writes `[ns.fn$inner invoke "core.clj" 6161]` vectors. As in a Java trace the file is
// a basename whose folder the class names: `clojure.core$load` is namespace clojure.core, file clojure/core.clj,
// so a frame of a library is never taken for a workspace file that merely shares its basename.
// Link: https://clojure.github.io/clojure/clojure.repl-api.html#clojure.repl/pst
import type { GrammarFormat, LineContext } from '../../engine/format.js';

interface ClojureTraceState {
  trace: number;
  index: number;
  lastLine: number;
  message: string;
}

// A JVM class (`clojure.core$load`) or, as Clojure 1.10+ prints it demunged, a namespace and function (`shop.cart/total`,
// `clojure.core/mapv/fn--8535`).
const SYMBOL = String.raw`[A-Za-z_$][\w$*+!?<>-]*(?:[./][\w$*+!?<>-]+)+`;
// `    clojure.core$load.invokeStatic (core.clj:6125)` / ` at clojure.lang.Compiler.checkSpecs (Compiler.java:6971)`.
const PAREN_FRAME = new RegExp(String.raw`^\s*(?:at )?(${SYMBOL}) \(([\w$.-]+\.[A-Za-z]+):(\d+)\)\s*$`);
// `[clojure.core$subs invokeStatic "core.clj" 4913]`: one per line when pretty-printed, all on one line when not.
const VECTOR_FRAME = new RegExp(String.raw`\[(${SYMBOL}) [\w$<>-]+ "([\w$.-]+\.[A-Za-z]+)" (\d+)\]`, 'g');
// clojure.main's summary of an uncaught exception names the frame it blames: `Execution error (ArithmeticException) at
// shop.cart/total (cart.clj:4).`
const EXECUTION_ERROR = new RegExp(String.raw`^Execution error \(([\w$.]+)\) at (${SYMBOL}) \(([\w$.-]+\.[A-Za-z]+):(\d+)\)\.$`);
// The exception a trace belongs to: `:cause "msg"` in Throwable->map data, or an exception line above the frames.
const CAUSE = /^\s*:cause "(.*)"\s*$/;
const EXCEPTION = /^\S.*?(?:Exception|Error)\b.*$/;
const MAX_HEADER_LINES = 40;

function headerMessage(context: LineContext): string {
  for (let delta = -1; delta >= -MAX_HEADER_LINES; delta--) {
    const line = context.line(delta);
    if (line === undefined) break;
    const cause = CAUSE.exec(line);
    if (cause) return cause[1] ?? '';
    if (EXCEPTION.test(line) && !PAREN_FRAME.test(line)) return line.trim();
  }
  return '';
}

/**
 * The folder a frame's symbol names, as a dotted package: the class's package (`clojure.lang.Numbers.divide` →
 * clojure.lang; a vector names the class alone), or the namespace's parent (`shop.cart/total` → shop). Clojure
 * munges `-` to `_` in class and file names alike.
 */
function packageOf(symbol: string, classOnly: boolean): string {
  const slash = symbol.indexOf('/');
  const segments = (slash < 0 ? symbol : symbol.slice(0, slash)).split('.');
  const drop = slash >= 0 || classOnly ? 1 : 2;
  return segments
    .slice(0, Math.max(0, segments.length - drop))
    .join('.')
    .replace(/-/g, '_');
}

function emitFrame(context: LineContext, state: ClojureTraceState, symbol: string, file: string, line: number, classOnly: boolean): void {
  const packagePath = packageOf(symbol, classOnly);
  context.emit({
    file,
    line,
    message: state.message,
    hints: packagePath === '' ? { basenameOnly: true } : { basenameOnly: true, packagePath },
    frame: { trace: state.trace, index: state.index++, causeRank: 0 },
  });
}

function parseClojureStack(context: LineContext): boolean {
  const state = context.state<ClojureTraceState>(() => ({ trace: 0, index: 0, lastLine: -2, message: '' }));
  const summary = EXECUTION_ERROR.exec(context.text);
  if (summary) {
    const packagePath = packageOf(summary[2] ?? '', false);
    context.emit({
      file: summary[3] ?? '',
      line: Number(summary[4]),
      severity: 'error',
      message: summary[1] ?? '',
      hints: packagePath === '' ? { basenameOnly: true } : { basenameOnly: true, packagePath },
    });
    return true;
  }
  const paren = PAREN_FRAME.exec(context.text);
  const vectors = paren ? [] : [...context.text.matchAll(VECTOR_FRAME)];
  if (!paren && vectors.length === 0) return false;
  if (context.logLine - state.lastLine > 1) {
    state.trace = context.newTraceId();
    state.index = 0;
    state.message = headerMessage(context);
  }
  state.lastLine = context.logLine;
  if (paren) emitFrame(context, state, paren[1] ?? '', paren[2] ?? '', Number(paren[3]), false);
  for (const vector of vectors) emitFrame(context, state, vector[1] ?? '', vector[2] ?? '', Number(vector[3]), true);
  return true;
}

export const clojureStack: GrammarFormat = {
  name: 'clojure-stack',
  trace: { innermost: 'first', causes: 'none' },
  language: 'Clojure',
  description:
    'JVM frames as Clojure prints them: `clojure.core$load.invokeStatic (core.clj:6125)` (clojure.repl/pst, Leiningen) and ' +
    '`[clojure.core$subs invokeStatic "core.clj" 4913]` vectors of Throwable->map data, clojure.main\'s `Execution error (X) at ' +
    'ns/fn (f.clj:4).`; the class or namespace names the folder.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'message'],
  observed: true,
  url: 'https://clojure.github.io/clojure/clojure.repl-api.html#clojure.repl/pst',
  // Line-start alternatives, as the prefilter needs: a pretty-printed vector starts its line (`  [ns$fn invoke "f.clj" 4]`,
  // ` :trace [[…`, `   :at […`), an unprinted Throwable->map holds all of them on its `{:via [` line. A frame's `(core.clj:6125)`
  // is a universal anchor if its extension has at most twelve letters (none longer is a source file's): the prefilter
  // then does not try the letter-led frame at every line start (engine/implied-anchor.ts).
  anchor:
    String.raw`^[ \t]*(?:at )?[A-Za-z_$][\w$.\/*+!?<>-]* \([\w$.-]+\.[A-Za-z]{1,12}:\d+\)|` +
    String.raw`^[ \t]*(?::(?:trace|at) )?\[+[A-Za-z_$][\w$.\/*+!?<>-]* [\w$<>-]+ "|^[ \t]*\{:(?:via|cause) |^Execution error \(`,
  parse: parseClojureStack,
};
