// Distribution packaging: rpmbuild's spec parser, which names the line of the spec it read but not the spec
// (`error: line 5: Unknown tag: Copyright: MIT`). The spec is the one the command names (`rpmbuild -ba x.spec`, echoed
// above or recorded by `faultline run`): the location is printed as standard input's and resolve names it from the
// command (src/resolve/command-names.ts), as a file operand may. With no command the location is dropped, never guessed.
// Link: https://rpm-software-management.github.io/rpm/manual/spec.html
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';

// rpm's parseSpec messages: `Unknown tag`, `Empty tag`, `Illegal char`, `Dependency tokens must begin with …`,
// `Macro %x has illegal name`, `second %prep`, … always `error: line N: ` before them.
const SPEC_LINE = /^error: line (\d{1,7}): (.+)$/;

function parseRpmSpec(context: LineContext): boolean {
  const match = SPEC_LINE.exec(context.text);
  if (!match) return false;
  context.emit({ file: '-', line: Number(match[1]), severity: 'error', message: match[2] ?? '' });
  return true;
}

const rpmbuild: GrammarFormat = {
  name: 'rpmbuild',
  language: 'RPM spec',
  description:
    '`rpmbuild -ba x.spec`: `error: line 5: Unknown tag: Copyright: MIT` names no file; the spec is the one the command above (or ' +
    'the recorded one) names.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['line', 'severity', 'message'],
  observed: true,
  url: 'https://rpm-software-management.github.io/rpm/manual/spec.html',
  anchor: '^error: line \\d+: ',
  parse: parseRpmSpec,
};

export const packagingFamily: GrammarFamily = { formats: [rpmbuild] };
