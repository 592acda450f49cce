// webpack 1-4's module failures: `ERROR in ./src/x.js` (or the module alone) with the position on the lines below.
// Link: https://webpack.js.org/configuration/stats/
import type { Severity } from '../../../core/index.js';
import type { LineContext } from '../../engine/format.js';
import { plausiblePath } from '../shared/common.js';

// webpack 1-4 put no position on the `ERROR in ./src/x.js` line: the next line ends with it,
// `Module parse failed: [/abs/x.js ]Unexpected token (2:9)` (acorn: 0-based column) or, through a loader,
// `Module build failed: SyntaxError: [/abs/x.js: ]Unexpected token (8:16)` (the loader's own column base, so
// no column is claimed).
// Next.js and create-react-app print the same module line without `ERROR in` (under `Failed to compile.`).
const LEGACY_FAILURE = /^Module (parse|build) failed: (.*?) ?\((\d+):(\d+)\)\s*$/;
// webpack 1 before 1.13 parsed with esprima, whose message puts the line in words and names no column:
// `Module parse failed: /abs/src/x.jsx Line 3: Unexpected token <`.
const ESPRIMA_FAILURE = /^Module parse failed: (?:\S+ )?Line (\d+): (.*)$/;
// webpack 4 names the loader instead (`Module build failed (from ./node_modules/babel-loader/lib/index.js):`) and puts
// the loader's error on the next line; when that error names no file (`SyntaxError: Unexpected token (25:1)`, an older
// babel-loader), the module above is its file. One that names its file is babel's own line.
const LOADER_FAILURE = /^Module build failed \(from [^()\s]+\):\s*$/;
const LOADER_ERROR = /^\s*(.*?) ?\((\d+):(\d+)\)\s*$/;
const NAMES_ITS_FILE = /^\s*(?:\w*Error: )?[^\s:]*[\\/.][^\s:]*: /;

const MODULE = /^(\.{1,2}\/\S+?)(?: \([^()]*\))?$/;
// The next report's header, or the import chain that closes this one (`@ ./src/view.js 2:0-36 6:13-17`).
const NEXT_HEADER = /^(?:ERROR|WARNING) in /;
const CHAIN = /^\s*@ (\S+?) (\d+):(\d+)(?:-(?:(\d+):)?(\d+))?(?: \S.*)?$/;
const CHAIN_START = /^\s*@ /;
// Next.js and create-react-app drop webpack's `Error: ` and, from Next.js 12 on, the folder (`Can't resolve 'x'`).
const CANT_RESOLVE = /^Module not found: (?:Error: )?Can't resolve '([^'\s]{1,300})'/;
// How far below its header a report's chain may start (the context window's reach).
const REACH = 40;

/** Log lines whose chain entry this format read as its report's position (webpack-chain claims them silently). */
export interface WebpackChainClaims {
  lines: Set<number>;
}
export const CHAIN_CLAIMS = 'webpack-chain-claims';

interface LegacyFailure {
  parse: boolean;
  message: string;
  line: number;
  column: number | null;
}

function legacyFailure(context: LineContext): LegacyFailure | undefined {
  const next = context.line(1) ?? '';
  const failure = LEGACY_FAILURE.exec(next);
  if (failure) {
    return { parse: failure[1] === 'parse', message: failure[2] ?? '', line: Number(failure[3]), column: Number(failure[4]) };
  }
  const esprima = ESPRIMA_FAILURE.exec(next);
  if (esprima) return { parse: true, message: esprima[2] ?? '', line: Number(esprima[1]), column: null };
  if (!LOADER_FAILURE.test(next)) return undefined;
  const errorLine = context.line(2) ?? '';
  const error = LOADER_ERROR.exec(errorLine);
  if (!error || NAMES_ITS_FILE.test(errorLine)) return undefined;
  return { parse: false, message: error[1] ?? '', line: Number(error[2]), column: Number(error[3]) };
}

export function parseWebpackLegacy(context: LineContext, printedModule: string, severity: Severity, headed = false): boolean {
  // webpack 4 names a module with its loaders after it: `./src/x.css (./node_modules/css-loader!./src/x.css)`.
  const request = MODULE.exec(printedModule.trim())?.[1];
  if (request === undefined) return false;
  // webpack 1-3 print a request made through loaders whole (`./~/vue-html-loader!./~/vue-loader/lib/selector.js?
  // type=template&index=0!./src/x.vue`): the file is the resource after the last `!` (held-out set 76).
  const module = request.slice(request.lastIndexOf('!') + 1);
  const failure = legacyFailure(context);
  // Only under webpack's own `ERROR in` header, or opening an entry of a compile block (Next.js, create-react-app): a
  // module alone elsewhere is a place only with a position.
  if (!failure) return headed && parseModuleAlone(context, module, severity, module !== request);
  context.emit({
    file: module,
    line: failure.line,
    column: failure.parse ? failure.column : null,
    severity,
    message: failure.message
      .replace(/^\S*[\\/]\S* (?=\S)/, '')
      .replace(/^(\w*Error: )\S+: /, '$1')
      .trim(),
  });
  return true;
}

/** The report's message: its first line, and the loader's error below a `Module build failed (from …):` heading. */
function moduleMessage(context: LineContext): string {
  const first = (context.line(1) ?? '').trim();
  if (!first.endsWith(':')) return first;
  const second = (context.line(2) ?? '').trim();
  return second === '' || NEXT_HEADER.test(second) || CHAIN_START.test(second) ? first : `${first} ${second}`;
}

/**
 * webpack 1-4 print a module's failure with no position on its header: a dependency it could not resolve is
 * placed by the chain's first entry when that names the module itself (`@ ./src/view.js 2:0-36`, the import); any
 * other failure (a loader's error naming no line) is the module as a whole, line 0, which a line another format
 * reads in the same file (the loader's own `file:L:C`) takes over in resolve. A request through loaders (`…!./src/x.vue`,
 * a component's template block) is imported by the component's own module, which a loader generated: the chain's
 * entry naming the same file is a position in that output, so it is claimed and the file is the place as a whole.
 */
function parseModuleAlone(context: LineContext, module: string, severity: Severity, throughLoaders: boolean): boolean {
  if (!plausiblePath(module)) return false;
  const message = moduleMessage(context);
  for (let delta = 1; delta <= REACH; delta++) {
    const line = context.line(delta);
    if (line === undefined || NEXT_HEADER.test(line)) break;
    if (!CHAIN_START.test(line)) continue;
    const chain = CHAIN.exec(line);
    if (!chain || chain[1] !== module) break;
    context.shared<WebpackChainClaims>(CHAIN_CLAIMS, () => ({ lines: new Set() })).lines.add(context.logLine + delta);
    if (throughLoaders) break;
    const start = Number(chain[2]);
    const end = chain[5] === undefined ? null : Number(chain[5]);
    // acorn's positions, as on webpack 5's header: 0-based columns, an exclusive end.
    const endLine = end === null ? null : Number(chain[4] ?? start);
    context.emit({
      file: module,
      line: start,
      column: Number(chain[3]),
      endLine,
      endColumn: end === null ? null : end - 1,
      severity,
      message,
    });
    return true;
  }
  // Without its chain (a paste, `stats.moduleTrace: false`), a dependency not resolved is still at its import.
  const name = CANT_RESOLVE.exec(message)?.[1];
  const hints = name === undefined ? undefined : { importedName: name, wholeFileOtherwise: true };
  context.emit({ file: module, line: 0, column: null, severity, message, ...(hints ? { hints } : {}) });
  return true;
}
