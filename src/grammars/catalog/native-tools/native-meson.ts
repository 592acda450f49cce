// Meson: `meson setup build` reads meson.build files and names their paths relative to the project's source folder,
// which it prints first (`Source dir: /home/dev/app`), not to where it was run (`meson setup build src` runs in the
// parent). Since 0.47 an error is `src/meson.build:58:0: ERROR: Dependency "x" not found`; before, it was written in
// words: `Meson encountered an error in file meson.build, line 12, column 0:` with the message on the next line.
// Link: https://mesonbuild.com/Syntax.html (the error layout is not documented apart from the tool's own output)
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { severityOf } from '../shared/common.js';

const SOURCE_DIR = /^Source dir: (\S.*?)\s*$/;
const PROSE_ERROR = /^Meson encountered an error in file (\S+?), line (\d+), column (\d+):\s*$/;
// A path ending in one of meson's own files, its 0-based position, then meson's upper-case severity (a line quoted
// whole in backticks, as pasted in a chat or an issue, too).
const BUILD_FILE_LINE =
  /^[`'"]?([^\s`'"]*?(?:meson\.build|meson_options\.txt|meson\.options)):(\d+):(\d+): (ERROR|WARNING|DEPRECATION|NOTICE): +(.*?)[`'"]?$/;

interface MesonState {
  sourceDir: string | undefined;
}

function parseMeson(context: LineContext): boolean {
  const text = context.text;
  const state = context.state<MesonState>(() => ({ sourceDir: undefined }));
  const sourceDir = SOURCE_DIR.exec(text);
  if (sourceDir) {
    // Only meson's own paths are read there: the compilers ninja runs later print paths relative to the build folder.
    state.sourceDir = sourceDir[1];
    return true;
  }
  const hints = state.sourceDir === undefined ? {} : { hints: { directory: state.sourceDir } };
  const prose = PROSE_ERROR.exec(text);
  if (prose) {
    context.emit({
      file: prose[1] ?? '',
      line: Number(prose[2]),
      column: Number(prose[3]),
      severity: 'error',
      message: (context.line(1) ?? '').trim(),
      ...hints,
    });
    return true;
  }
  const located = BUILD_FILE_LINE.exec(text);
  if (!located) return false;
  const word = located[4] ?? '';
  context.emit({
    file: located[1] ?? '',
    line: Number(located[2]),
    column: Number(located[3]),
    severity: word === 'ERROR' ? 'error' : (severityOf(word) ?? 'warning'),
    message: (located[5] ?? '').trim(),
    ...hints,
  });
  return true;
}

export const meson: GrammarFormat = {
  name: 'meson',
  language: 'Meson',
  description:
    '`meson setup build`: `src/meson.build:58:0: ERROR: Dependency "x" not found` (0-based column), paths relative to the ' +
    '`Source dir:` it prints first; before 0.47 `Meson encountered an error in file meson.build, line 12, column 0:` with ' +
    'the message on the next line.',
  columnBase: 0,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://mesonbuild.com/Syntax.html',
  anchor: '^Source dir: |^Meson encountered an error in file |(?:meson\\.build|meson_options\\.txt|meson\\.options):\\d+:\\d+: ',
  parse: parseMeson,
};
