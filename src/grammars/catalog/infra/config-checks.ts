// Configuration files that a parser rejects: PyYAML and ruamel.yaml marks (`  in "config.yaml", line 4, column 2`,
// also what pre-commit's check-yaml and many Python tools print), and pre-commit-hooks' check-json and check-toml
// (`c.json: Failed to json decode (Expecting value: line 2 column 7 (char 15))`, `c.toml: Invalid value (at line 2, column 5)`),
// and kubectl's manifests its YAML parser rejects.
// Link: https://pyyaml.org/wiki/PyYAMLDocumentation , https://github.com/pre-commit/pre-commit-hooks#hooks-available
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import { plausiblePath } from '../shared/common.js';
import { emitAdoptingWaiting, emitBeforeItsDiagnostic } from '../shared/related.js';

// --- PyYAML / ruamel.yaml marks ---

const YAML_MARK = /^\s+in "([^"]+)", line (\d+), column (\d+)\s*$/;
// `yaml.parser.ParserError: while parsing …` (a traceback's last line) or `config.yaml: while …` (a tool's prefix).
const YAML_MESSAGE_PREFIX = /^(?:[\w.]*(?:Error|Exception): |\S+\.ya?ml: )/;

function parseYamlMark(context: LineContext): boolean {
  const mark = YAML_MARK.exec(context.text);
  // `in "<unicode string>"`, `in "<stdin>"`: a string, not a file.
  if (!mark || !plausiblePath(mark[1]!)) return false;
  const message = (context.line(-1) ?? '').trim().replace(YAML_MESSAGE_PREFIX, '');
  const place = { file: mark[1]!, line: Number(mark[2]), column: Number(mark[3]), severity: 'error' as const, message };
  // A context mark (`while parsing a block mapping`) waits for the problem mark printed two lines below it.
  if (YAML_MARK.test(context.line(2) ?? '')) emitBeforeItsDiagnostic(context, { ...place, severity: 'note' });
  else emitAdoptingWaiting(context, place);
  return true;
}

export const pyyaml: GrammarFormat = {
  name: 'pyyaml',
  language: 'YAML',
  description:
    "`python -c 'import yaml; yaml.safe_load(open(\"config.yaml\"))'`, pre-commit's `check-yaml` (ruamel.yaml): the problem under `  " +
    'in "config.yaml", line 4, column 2`, its `while parsing …` context mark related.',
  // Mark.__str__ prints line + 1 and column + 1 of a character index.
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://pyyaml.org/wiki/PyYAMLDocumentation',
  // Selected by the universal `line N` anchor.
  anchor: '^\\s+in "[^"]+", line \\d+, column \\d',
  parse: parseYamlMark,
};

// --- pre-commit-hooks: check-json, check-toml ---

// `FILE: Failed to json decode (MSG: line L column C (char N))` — Python's json.JSONDecodeError in parentheses.
const CHECK_JSON = /^(\S.*?): Failed to json decode \((.*?):? line (\d+) column (\d+) \(char \d+\)\)\s*$/;
// `FILE: MSG (at line L, column C)` — tomllib's TOMLDecodeError.
const CHECK_TOML = /^(\S.*?\.toml): (.*) \(at line (\d+), column (\d+)\)\s*$/;

function parseCheckHooks(context: LineContext): boolean {
  const match = CHECK_JSON.exec(context.text) ?? CHECK_TOML.exec(context.text);
  if (!match || !plausiblePath(match[1]!)) return false;
  context.emit({ file: match[1]!, line: Number(match[3]), column: Number(match[4]), severity: 'error', message: match[2]! });
  return true;
}

export const preCommitHooks: GrammarFormat = {
  name: 'pre-commit-hooks',
  language: 'JSON / TOML',
  description:
    '`check-json` / `check-toml` of pre-commit-hooks: `c.json: Failed to json decode (Expecting value: line 2 column 7 (char 15))`, ' +
    '`c.toml: Invalid value (at line 2, column 5)`.',
  // json and tomllib count lines and columns from 1, in characters of the decoded text.
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://github.com/pre-commit/pre-commit-hooks#hooks-available',
  // Selected by the universal `line N` anchor.
  anchor: ': Failed to json decode \\(| \\(at line \\d+, column \\d+\\)',
  parse: parseCheckHooks,
};

// --- kubectl: manifests its YAML parser rejects ---

// `error: error parsing cm.yaml: error converting YAML to JSON: yaml: line 6: did not find expected key` (the
// `error: ` only when it is the command's final error). helm prints the same tail after `YAML parse error on
// chart/templates/x.yaml`, but its line is one of the rendered manifest, not of the template: not read.
const KUBECTL_PARSE = /^(?:error: )?error parsing (\S.*?): error converting YAML to JSON: yaml: line (\d+): (.*)$/;

function parseKubectl(context: LineContext): boolean {
  const match = KUBECTL_PARSE.exec(context.text);
  if (!match || !plausiblePath(match[1]!)) return false;
  context.emit({ file: match[1]!, line: Number(match[2]), severity: 'error', message: match[3]! });
  return true;
}

export const kubectl: GrammarFormat = {
  name: 'kubectl',
  language: 'Kubernetes YAML',
  description:
    '`kubectl apply -f cm.yaml` (also `create`, a directory of manifests): `error: error parsing cm.yaml: error converting YAML to ' +
    'JSON: yaml: line 6: did not find expected key`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://kubernetes.io/docs/reference/kubectl/generated/kubectl_apply/',
  // Selected by the universal `line N` anchor.
  anchor: 'error parsing \\S.*: error converting YAML to JSON: yaml: line \\d',
  parse: parseKubectl,
};
