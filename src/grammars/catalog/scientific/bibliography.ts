// biber (biblatex's backend) parses a UTF-8 COPY of each data source it found, in its temporary folder, and reports
// syntax errors against that copy: `ERROR - BibTeX subsystem: /tmp/biber_tmp_IL0F/7f56…_8035.utf8, line 9, syntax
// error: found "author", expected ","`. The copy keeps the source's lines, so the place to fix is the same line of
// the data source the log named just before (`INFO - Found BibTeX data source 'refs/library.bib'`). Its `.blg` log
// prefixes each line with `[ms] Module.pm:N> `; a pasted `.blg` is often hard-wrapped inside the long copy path.
// Link: https://github.com/plk/biber/blob/dev/lib/Biber/Input/file/bibtex.pm
import type { GrammarFormat, LineContext } from '../../engine/format.js';

interface BiberState {
  /** The data source of the latest `Found BibTeX data source 'x.bib'` line. */
  source: string;
}

// `[2174] Utils.pm:411> ` in the .blg file; the terminal shows only the level.
const BLG_PREFIX = String.raw`(?:\[\d+\] [\w:.-]+:\d+> )?`;
const SOURCE_LINE = new RegExp(String.raw`^${BLG_PREFIX}INFO - Found BibTeX data source\s*(?:'([^']+)')?$`);
const SUBSYSTEM = new RegExp(String.raw`^${BLG_PREFIX}(ERROR|WARN) - BibTeX subsystem: (.*)$`);
const BLG_LINE = /^\[\d+\] [\w:.-]+:\d+> [A-Z]+ - /;
/** The copy path, its line and the message, once the wrapped pieces are joined. */
const COPY_LOCATION = /^(.+?), line (\d+), (.+)$/;

function biberState(context: LineContext): BiberState {
  return context.state<BiberState>(() => ({ source: '' }));
}

/** The copy path and what follows it, joining up to two lines a hard wrap split it over. */
function subsystemText(context: LineContext, head: string): string {
  let text = head.trim();
  for (let delta = 1; delta <= 2 && !COPY_LOCATION.test(text); delta++) {
    const next = context.line(delta)?.trim();
    if (next === undefined || next === '' || /^(?:\[\d+\] )?(?:INFO|WARN|ERROR) - /.test(next)) break;
    text = /[\\/]$/.test(text) ? `${text}${next}` : `${text} ${next}`;
  }
  return text;
}

function parseBiber(context: LineContext): boolean {
  const text = context.text.trim();
  const found = SOURCE_LINE.exec(text);
  if (found) {
    // The quoted name may have been wrapped onto the next line.
    const quoted = found[1] ?? /^'([^']+)'$/.exec(context.line(1)?.trim() ?? '')?.[1];
    if (quoted) biberState(context).source = quoted;
    return true;
  }
  const subsystem = SUBSYSTEM.exec(text);
  // Every other .blg line is claimed: `Config.pm:306>` is where in biber's own source the line was logged.
  if (!subsystem) return BLG_LINE.test(text);
  const location = COPY_LOCATION.exec(subsystemText(context, subsystem[2] ?? ''));
  if (!location) return false;
  const copy = location[1] ?? '';
  // Only biber's own copy stands for the data source; a path of another kind is the file itself.
  const isCopy = /biber_tmp_|\.utf8$/.test(copy);
  const source = isCopy ? biberState(context).source : copy;
  if (source === '') return false;
  context.emit({
    file: source,
    line: Number(location[2]),
    severity: subsystem[1] === 'ERROR' ? 'error' : 'warning',
    message: (location[3] ?? '').trim(),
  });
  return true;
}

export const biber: GrammarFormat = {
  name: 'biber',
  trace: { innermost: 'first', causes: 'none' },
  language: 'BibTeX',
  description:
    '`biber main` / `biber --tool refs.bib`: `ERROR - BibTeX subsystem: /tmp/biber_tmp_x/…utf8, line 9, syntax error: …` ' +
    "names biber's temporary copy; the line is the one of the data source named before (`Found BibTeX data source 'refs.bib'`).",
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://github.com/plk/biber/blob/dev/lib/Biber/Input/file/bibtex.pm',
  anchor:
    String.raw`(?:INFO|ERROR|WARN) - (?:Found BibTeX data source|BibTeX subsystem: )` +
    String.raw`|^\s*\[\d{1,9}\] [\w:.-]{1,80}:\d{1,6}> [A-Z]{1,8} - `,
  parse: parseBiber,
};
