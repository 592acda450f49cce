// The structured report formats faultline reads, as `faultline formats` and docs/formats.md list them. Each name
// is also its fixture folder and a value of `--input-format`; `text` there means the grammars alone.
import type { FormatSpec, LocationField } from '../core/index.js';

const ALL: LocationField[] = ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'message', 'code'];
const NO_END: LocationField[] = ['file', 'line', 'column', 'severity', 'message', 'code'];

/** How a report is laid out: which reader takes it. */
type ReportShape = 'json-document' | 'json-lines' | 'xml';

interface ReportSpec extends FormatSpec {
  readonly shape: ReportShape;
}

function spec(shape: ReportShape, fields: Omit<ReportSpec, 'shape' | 'input' | 'columnBase'>): ReportSpec {
  return { ...fields, shape, columnBase: 1, input: 'structured' };
}

export const REPORT_SPECS: readonly ReportSpec[] = [
  spec('json-document', {
    name: 'sarif',
    language: 'structured reports',
    description:
      'SARIF 2.1.0 from any tool (`eslint -f @microsoft/eslint-formatter-sarif`, `semgrep --sarif`, `bandit -f sarif`): results, ' +
      'relatedLocations and codeFlows',
    columnUnit: 'utf-16',
    fields: ALL,
    observed: true,
    url: 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html',
  }),
  spec('json-document', {
    name: 'eslint-json',
    language: 'structured reports',
    description: '`eslint --format json`: one array of files, each with its messages',
    columnUnit: 'utf-16',
    fields: ALL,
    observed: true,
    url: 'https://eslint.org/docs/latest/use/formatters/#json',
  }),
  spec('json-document', {
    name: 'ruff-json',
    language: 'structured reports',
    description: '`ruff check --output-format json`: one array of violations, each with its fix (rows and code-point columns)',
    columnUnit: 'char',
    fields: ALL,
    observed: true,
    url: 'https://docs.astral.sh/ruff/configuration/#output-format',
  }),
  spec('json-document', {
    name: 'shellcheck-json1',
    language: 'structured reports',
    description:
      '`shellcheck -f json1 x.sh`: one object whose `comments[]` are the findings, each with its fix (lines and code-point columns, a ' +
      'tab counts one)',
    columnUnit: 'char',
    fields: ALL,
    observed: true,
    url: 'https://github.com/koalaman/shellcheck/blob/master/shellcheck.1.md#formats',
  }),
  spec('json-document', {
    name: 'shellcheck-json',
    language: 'structured reports',
    description:
      "`shellcheck -f json x.sh`: one array of findings (json1's comments as the root), each with its fix (lines and display " +
      'columns, a tab to the next multiple of 8)',
    columnUnit: 'display',
    fields: ALL,
    observed: true,
    url: 'https://github.com/koalaman/shellcheck/blob/master/shellcheck.1.md#formats',
  }),
  spec('json-document', {
    name: 'go-vet-json',
    language: 'structured reports',
    description:
      '`go vet -json ./...`: one object per package, keyed by package then analyzer, each diagnostic with its suggested fixes (byte ' +
      'columns and byte offsets)',
    columnUnit: 'byte',
    fields: ALL,
    observed: true,
    url: 'https://pkg.go.dev/cmd/vet',
  }),
  spec('json-document', {
    name: 'rdjson',
    language: 'structured reports',
    description: "reviewdog's rdjson (`eslint -f rdjson`, tools that write RDFormat): one DiagnosticResult",
    columnUnit: 'byte',
    fields: ALL,
    observed: true,
    url: 'https://github.com/reviewdog/reviewdog/tree/master/proto/rdf',
  }),
  spec('json-lines', {
    name: 'rdjsonl',
    language: 'structured reports',
    description:
      "reviewdog's rdjsonl (`faultline --format rdjsonl`, tools that write RDFormat lines): one Diagnostic per line, among other output",
    columnUnit: 'byte',
    fields: ALL,
    observed: true,
    url: 'https://github.com/reviewdog/reviewdog/tree/master/proto/rdf',
  }),
  spec('json-lines', {
    name: 'cargo-json',
    language: 'structured reports',
    description: "`cargo build --message-format=json` (and `rustc --error-format=json`): spans, labels and children, among cargo's text",
    columnUnit: 'char',
    fields: ALL,
    observed: true,
    url: 'https://doc.rust-lang.org/rustc/json.html',
  }),
  spec('json-lines', {
    name: 'go-test-json',
    language: 'structured reports',
    description: "`go test -json`: each event's Output line is read by the text formats (go-test, go-panic…)",
    columnUnit: 'byte',
    fields: ['file', 'line', 'column', 'severity', 'message'],
    observed: true,
    url: 'https://pkg.go.dev/cmd/test2json',
  }),
  spec('xml', {
    name: 'checkstyle',
    language: 'structured reports',
    description: "checkstyle XML (`shellcheck -f checkstyle`, maven-checkstyle-plugin, many linters' `--format checkstyle`)",
    columnUnit: 'display',
    fields: NO_END,
    observed: true,
    url: 'https://checkstyle.org/',
  }),
  spec('xml', {
    name: 'junit',
    language: 'structured reports',
    description:
      'JUnit XML (jest-junit, Maven Surefire, Gradle, node --test-reporter=junit): failures and errors; their messages and stack ' +
      'traces are read by the text formats; `eslint -f junit` names the file in the suite and `line 1, col 5, Error - msg (rule)` ' +
      'in each failure',
    columnUnit: 'unknown',
    fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
    observed: true,
    url: 'https://github.com/testmoapp/junitxml',
  }),
  spec('xml', {
    name: 'pytest-junit',
    language: 'structured reports',
    description:
      "`pytest --junitxml`: a failing test's traceback is read by the text formats; xunit1 file/line attributes are used when present",
    columnUnit: 'unknown',
    fields: ['file', 'line', 'severity', 'message', 'code'],
    observed: true,
    url: 'https://docs.pytest.org/en/stable/how-to/output.html#creating-junitxml-format-files',
  }),
];

export const REPORT_NAMES: readonly string[] = REPORT_SPECS.map((entry) => entry.name);

/** Public descriptions, as the grammars' formatSpecs() gives them (no reader details). */
export function reportSpecs(): FormatSpec[] {
  return REPORT_SPECS.map(({ shape: _shape, ...rest }) => rest);
}
