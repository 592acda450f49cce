// JVM stack traces: `Exception in thread "main" X: msg`, `\tat com.acme.Helper.run(Helper.java:9)` frames
// (basename only: the package names the directory, formats.md §3.11), `Caused by:` sections (the last
// one is the root cause), `Suppressed:` sections, `... N more`, `(Native Method)`/`(Unknown Source)`.
// Link: https://docs.oracle.com/en/java/javase/17/docs/api/java.base/java/lang/Throwable.html#printStackTrace()
import { Dash, Gt, Int, LParen, Lt, RParen, Word } from '../../engine/tokens.js';
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import type { LineParser } from '../../engine/parser.js';
import type { CauseChain } from '../../engine/cause-chain.js';

interface StackState {
  /** The open exception chain's frames, ranked once when the chain ends. */
  ranks: CauseChain | undefined;
  /** Whether the current section is `Suppressed:` (or a cause nested in one): context, never the root cause. */
  suppressed: boolean;
  /** Indentation of the chain's top exception header: a `Caused by:` at it belongs to the chain, deeper to a suppressed one. */
  chainIndent: number;
  trace: number | undefined;
  index: number;
  message: string;
}

const FRAME_LINE = /^\s*at \S/;
// A section header: the exception's class is always fully qualified.
const HEADER = /^(\s*)(Exception in thread "[^"]*" |Caused by: |Suppressed: )?([A-Za-z_$][\w$]*(?:\.[\w$]+)+(?::.*)?)$/;
// Lines a header may be above the first frame (an exception message with newlines in it).
const MAX_MESSAGE_LINES = 10;

/** `pkg.Class$Inner.method(File.java:L)`, the symbol possibly prefixed by a module (`java.base/`, `app//`). */
export function defineJvmRules(parser: LineParser): void {
  parser.define('jvmSymbol', () => {
    const part = (idx: number): void => {
      parser.alt(idx, [
        { ALT: () => parser.tok(idx, Word) },
        { ALT: () => parser.tok(idx, Int) },
        // `<init>`, `<clinit>` and Kotlin's `<anonymous>`.
        { ALT: () => parser.tok(idx, Lt) },
        { ALT: () => parser.tok(idx, Gt) },
        // Module versions: `com.foo@1.2-SNAPSHOT/com.foo.X.m`.
        { ALT: () => parser.tok(idx, Dash) },
      ]);
    };
    part(1);
    parser.rep(
      1,
      () => true,
      () => part(2),
    );
  });
  parser.define('jvmFrame', () => {
    parser.sub(1, 'jvmSymbol');
    parser.tok(1, LParen);
    parser.sub(1, 'path', [{ until: 'colon' }]);
    parser.sub(1, 'colonSuffix');
    parser.tok(1, RParen);
  });
}

function stackState(context: LineContext): StackState {
  return context.state<StackState>(() => ({
    ranks: undefined,
    suppressed: false,
    chainIndent: 0,
    trace: undefined,
    index: 0,
    message: '',
  }));
}

// A first frame starts a section: find its header above (the exception line, maybe several lines up), or take the
// header the frame is glued to (`glued`).
function startSection(context: LineContext, state: StackState, glued?: RegExpExecArray): void {
  let kind = glued?.[2] ?? '';
  let indent = glued?.[1]?.length ?? 0;
  const lines: string[] = glued ? [glued[3] ?? ''] : [];
  for (let delta = -1; !glued && delta >= -MAX_MESSAGE_LINES; delta--) {
    const line = context.line(delta);
    if (line === undefined || FRAME_LINE.test(line) || /^\s*\.\.\. \d+ more/.test(line)) break;
    const header = HEADER.exec(line);
    lines.unshift(header ? (header[3] ?? '') : line.trim());
    if (header) {
      kind = header[2] ?? '';
      indent = header[1]?.length ?? 0;
      break;
    }
  }
  if (kind === '' && !glued) lines.splice(0, lines.length - 1);
  state.message = lines.join('\n');
  state.trace = context.newTraceId();
  state.index = 0;
  // Root cause = the last `Caused by:` (rank 0), each section above it one rank further; suppressed sections
  // rank above all of them.
  // Java indents a suppressed exception's causes one level deeper than the chain's; a logger or test runner that
  // indents the whole trace (Gradle's test output) shifts both, so the chain's own indentation is the measure.
  if (kind === 'Caused by: ' && state.ranks && indent <= state.chainIndent) {
    state.ranks.addCause();
    state.suppressed = false;
  } else if ((kind === 'Suppressed: ' || kind === 'Caused by: ') && state.ranks) {
    state.suppressed = true;
  } else {
    if (!state.ranks) {
      state.ranks = context.causeChain();
    }
    state.ranks.settle();
    state.suppressed = false;
    state.chainIndent = indent;
  }
}

// A copy that lost the line break between an exception's header and its first frame (`…NullPointerExceptionat
// com.x.Y.m(Y.java:23)`): the frame keyword glued to the header's last word, a whole frame to the line's end, and the
// text before it a header by itself (a qualified class, maybe its message). Prose puts a blank before `at`.
const GLUED_FRAME = /^[A-Za-z_$][\w$]*(?:[./][\w$<>-]+)+\([\w$-]+\.[A-Za-z]+:\d+\)\s*$/;

function gluedHeader(text: string): { header: RegExpExecArray; from: number } | undefined {
  const at = text.lastIndexOf('at ');
  if (at < 1 || !/[\w$]/.test(text[at - 1] ?? '') || !GLUED_FRAME.test(text.slice(at + 3))) return undefined;
  const header = HEADER.exec(text.slice(0, at));
  return header ? { header, from: at + 3 } : undefined;
}

const isFrameLine = (line: string): boolean => FRAME_LINE.test(line) || gluedHeader(line) !== undefined;

function parseJavaStack(context: LineContext): boolean {
  const at = /^\s*at /.exec(context.text);
  const glued = at ? undefined : gluedHeader(context.text);
  if (!at && !glued) return false;
  const parsed = context.parse('jvmFrame', { from: glued?.from ?? at?.[0].length ?? 0 });
  const symbolNode = parsed?.cst.children.jvmSymbol?.[0];
  const pathNode = parsed?.cst.children.path?.[0];
  const suffixNode = parsed?.cst.children.colonSuffix?.[0];
  if (!parsed || !symbolNode || !pathNode || !suffixNode || !('children' in suffixNode)) return false;
  const file = context.slice(pathNode);
  const [line] = context.ints(suffixNode);
  if (line === undefined || !/^[\w$-]+\.[A-Za-z]+$/.test(file)) return false;
  const state = stackState(context);
  if (glued) startSection(context, state, glued.header);
  else if (state.trace === undefined || !isFrameLine(context.line(-1) ?? '')) startSection(context, state);
  else state.index++;
  const trace = state.trace as number;
  // `java.base/java.lang.Integer.parseInt` → module prefix `java.base/`, package `java.lang` (the class
  // and method dropped; a nested `Outer$Inner` is one segment, and its file is the printed Outer.java).
  const symbol = context.slice(symbolNode);
  const slash = symbol.lastIndexOf('/');
  const segments = symbol.slice(slash + 1).split('.');
  const packageName = segments.slice(0, -2).join('.');
  const packagePath = packageName === '' ? undefined : `${symbol.slice(0, slash + 1)}${packageName}`;
  const emitted = context.emit({
    file,
    line,
    message: state.message,
    // resolve reads a `module/package` packagePath: a JDK module prefix (java.base/) drops the frame.
    hints: packagePath === undefined ? { basenameOnly: true } : { basenameOnly: true, packagePath },
    frame: { trace, index: state.index, causeRank: state.suppressed ? 1 : 0 },
  });
  // A suppressed frame ends one rank above the chain's top exception, which is as far as all its causes.
  state.ranks?.track(emitted, state.suppressed ? 0 : undefined);
  return true;
}

export const javaStack: GrammarFormat = {
  name: 'java-stack',
  trace: { innermost: 'first', causes: 'root-last' },
  language: 'Java',
  description:
    '`java` (an uncaught exception or `printStackTrace()`): `Exception in thread "main" X: msg`, `\\tat ' +
    'com.acme.Helper.run(Helper.java:9)` frames, `Caused by:` sections.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'message'],
  observed: true,
  url: 'https://docs.oracle.com/en/java/javase/17/docs/api/java.base/java/lang/Throwable.html#printStackTrace()',
  // `at symbol(File.ext:L` with no space before the parenthesis (V8's `at fn (file:L:C)` has one).
  // A frame glued to its header (`…Exceptionat x.Y.m(Y.java:3)`) has a word character before `at`.
  anchor: '(?:^[ \\t]+|[\\w$])at [^\\s(]+\\([\\w$-]+\\.[A-Za-z]+:\\d',
  parse: parseJavaStack,
};
