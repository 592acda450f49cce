// Distribution packaging: pip's requirement lines (below), and rpmbuild's spec parser, which names the line of the
// spec it read but not the spec (`error: line 5: Unknown tag: Copyright: MIT`). The spec is the one the command names
// (`rpmbuild -ba x.spec`, echoed above or recorded by `faultline run`): the location is printed as standard input's and
// resolve names it from the command (src/resolve/command-names.ts), as a file operand may. With no command the location
// is dropped, never guessed.
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

// pip names the requirements file's line of each requirement it takes up, and of each dependency that one pulled in:
// `Collecting numpy==1.21 (from -r requirements.txt (line 2))`, `(from flask->-r requirements.txt (line 1))`, `-c` for a
// constraints file. pip takes them up one at a time, so when it fails while collecting, building metadata or getting a
// wheel's build requirements, the requirement to fix is the one it took up last before its error (held-out set 60:
// the first of them was reported). Its error line (`ERROR: …`, `error: subprocess-exited-with-error`, `… did not run
// successfully`, a step that ends in `... error`) comes before the next requirement line, within the lines read here.
const REQUIREMENT = /\(from (?:[^()\s]+->)?-[rc] (\S+) \(line (\d{1,7})\)\)/;
const PIP_FAILED = /^(?:ERROR: |\s*error: |\s*× .* did not run successfully)|\.\.\. error$/;
const PIP_LOOKAHEAD = 30;

function pipFailedAfter(context: LineContext): boolean {
  for (let delta = 1; delta <= PIP_LOOKAHEAD; delta++) {
    const next = context.line(delta);
    if (next === undefined || REQUIREMENT.test(next)) return false;
    if (PIP_FAILED.test(next)) return true;
  }
  return false;
}

// pip names each distribution whose wheel did not build (`ERROR: Failed building wheel for x`; before pip 10 without
// `ERROR: `). The workspace's own (`pip install .`) is fixed in its manifest; a dependency's is no workspace file
// (resolve decides, hints.distribution). The build's own output above (a compiler's line, a setup.py trace) ranks first.
const WHEEL_FAILED = /^\s*(?:ERROR: )?Failed building wheel for ([A-Za-z0-9][A-Za-z0-9._-]{0,200})\s*$/;

function parsePipWheel(context: LineContext): boolean {
  const match = WHEEL_FAILED.exec(context.text);
  if (!match) return false;
  const message = context.text.trim();
  context.emit({ file: match[1] as string, line: 0, severity: 'error', message, hints: { distribution: true } });
  return true;
}

function parsePipRequirement(context: LineContext): boolean {
  const match = REQUIREMENT.exec(context.text);
  if (!match) return parsePipWheel(context);
  // pip's own error names the requirement (`ERROR: Could not find a version that satisfies the requirement x (from -r …)`).
  const failed = context.text.startsWith('ERROR: ') || pipFailedAfter(context);
  const message = context.text.trim();
  // A warning, not an error: a trace of the user's own code the failure printed (a local package's setup.py) stays the place.
  context.emit({ file: match[1] as string, line: Number(match[2]), severity: failed ? 'warning' : 'note', message });
  return true;
}

const pip: GrammarFormat = {
  name: 'pip',
  language: 'pip requirements',
  description:
    '`pip install -r requirements.txt`: `Collecting x==1.0 (from -r requirements.txt (line 2))`; the requirement pip took up last ' +
    "before its error is the failed one (a warning), the others notes; `ERROR: Failed building wheel for x`: the workspace's " +
    'manifest naming x (its own package), else nothing.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://pip.pypa.io/en/stable/reference/requirements-file-format/',
  anchor: '\\(from \\S*-[rc] |ERROR: Failed building wheel for |Failed building wheel for ',
  parse: parsePipRequirement,
};

export const packagingFamily: GrammarFamily = { formats: [pip, rpmbuild] };
