// webpack 1-4's module failures: `ERROR in ./src/x.js` (or the module alone) with the position on the lines below.
// Link: https://webpack.js.org/configuration/stats/
import type { Severity } from '../../../core/index.js';
import type { LineContext } from '../../engine/format.js';

// webpack 1-4 put no position on the `ERROR in ./src/x.js` line: the next line ends with it,
// `Module parse failed: [/abs/x.js ]Unexpected token (2:9)` (acorn: 0-based column) or, through a loader,
// `Module build failed: SyntaxError: [/abs/x.js: ]Unexpected token (8:16)` (the loader's own column base, so
// no column is claimed).
// Next.js and create-react-app print the same module line without `ERROR in` (under `Failed to compile.`).
const LEGACY_FAILURE = /^Module (parse|build) failed: (.*?) ?\((\d+):(\d+)\)\s*$/;
// webpack 4 names the loader instead (`Module build failed (from ./node_modules/babel-loader/lib/index.js):`) and puts
// the loader's error on the next line; when that error names no file (`SyntaxError: Unexpected token (25:1)`, an older
// babel-loader), the module above is its file. One that names its file is babel's own line.
const LOADER_FAILURE = /^Module build failed \(from [^()\s]+\):\s*$/;
const LOADER_ERROR = /^\s*(.*?) ?\((\d+):(\d+)\)\s*$/;
const NAMES_ITS_FILE = /^\s*(?:\w*Error: )?[^\s:]*[\\/.][^\s:]*: /;

interface LegacyFailure {
  parse: boolean;
  message: string;
  line: number;
  column: number;
}

function legacyFailure(context: LineContext): LegacyFailure | undefined {
  const next = context.line(1) ?? '';
  const failure = LEGACY_FAILURE.exec(next);
  if (failure) {
    return { parse: failure[1] === 'parse', message: failure[2] ?? '', line: Number(failure[3]), column: Number(failure[4]) };
  }
  if (!LOADER_FAILURE.test(next)) return undefined;
  const errorLine = context.line(2) ?? '';
  const error = LOADER_ERROR.exec(errorLine);
  if (!error || NAMES_ITS_FILE.test(errorLine)) return undefined;
  return { parse: false, message: error[1] ?? '', line: Number(error[2]), column: Number(error[3]) };
}

export function parseWebpackLegacy(context: LineContext, printedModule: string, severity: Severity): boolean {
  const module = printedModule.trim();
  if (!/^\.{1,2}\/\S+$/.test(module)) return false;
  const failure = legacyFailure(context);
  if (!failure) return false;
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
