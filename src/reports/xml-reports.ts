// checkstyle and JUnit XML, streamed with saxes. Why saxes: a pure-JavaScript SAX parser (no Node APIs, no native
// code) that takes text in chunks of any size, checks well-formedness, and never expands DTD entities (no
// billion-laughs); each element arrives as an event, so only the current file or test case is ever held.
// A failure's message and stack trace are text another tool printed: they go to a text scanner, line-aligned
// with the report, so a Java or V8 frame inside `<failure>` is recognised exactly as in a log.
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { FaultlineError, type RawLocation, type Severity } from '../core/index.js';
import { limitError, MAX_DEPTH, MAX_RECORD_LINE, MAX_TOKEN_BYTES, toLocation } from './common.js';
import type { EmbeddedText } from './embedded-text.js';

type Emit = (locations: RawLocation[]) => void;

// Thrown from the closetag handler to stop saxes where the report ends (it would read on into the next text).
// An Error, not a bare value, so that whatever catches it by mistake still gets a message and a stack.
const REPORT_END = new Error('report end');
const encoder = new TextEncoder();

function utf8Length(text: string): number {
  return /[^\x00-\x7f]/.test(text) ? encoder.encode(text).length : text.length;
}

interface TestCase {
  file: string | undefined;
  line: number | undefined;
  name: string;
}

interface Failure {
  tag: 'failure' | 'error';
  message: string;
  type: string | null;
  startLine: number;
  text: string[];
  textLength: number;
}

function checkstyleSeverity(value: string | undefined): Severity | null | 'skip' {
  if (value === 'error') return 'error';
  if (value === 'warning') return 'warning';
  if (value === 'info') return 'note';
  return value === 'ignore' ? 'skip' : null;
}

// ESLint's junit formatter (built in up to v8, eslint-formatter-junit since) names the linted file in the suite's
// name and writes each problem as a failure whose text is `line 1, col 5, Error - msg (rule)`.
const LINT_PROBLEM = /^line (\d+), col (\d+), (Error|Warning) - (.*?)(?: \(([^()\s]+)\))?$/;
// A suite name that is a file: a path ending in an extension (a test suite's name is a class or a sentence).
const FILE_NAME = /^[^\s<>"|?*]+\.[A-Za-z][A-Za-z0-9]{0,9}$/;

// ESLint escapes the text before wrapping it in CDATA (`&apos;` stays literal there): the message attribute, which
// the parser decodes, is the readable one.
function lintProblem(suite: string | undefined, failure: Failure, text: string): Parameters<typeof toLocation>[0] | undefined {
  const problem = suite !== undefined && FILE_NAME.test(suite) ? LINT_PROBLEM.exec(text.trim()) : null;
  if (!problem || suite === undefined) return undefined;
  const severity: Severity = problem[3] === 'Warning' ? 'warning' : 'error';
  const message = failure.message || (problem[4] ?? '');
  return { file: suite, line: Number(problem[1]), column: Number(problem[2]), severity, message, code: problem[5] ?? null };
}

/** The first lines of `text` hold `message` already (jest-junit, Surefire repeat it): it is read once. */
function repeats(text: string, message: string): boolean {
  const head = message.trim().split('\n')[0]?.slice(0, 200) ?? '';
  return head === '' || text.includes(head);
}

export class XmlReportReader {
  private readonly parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  private readonly decoder = new TextDecoder('utf-8');
  private format: 'checkstyle' | 'junit' | 'pytest-junit' | undefined;
  private depth = 0;
  private file: string | undefined;
  private testCase: TestCase | undefined;
  private suite: string | undefined;
  private failure: Failure | undefined;
  private sinceEvent = 0;

  /** UTF-16 position where the current decoded chunk starts, and UTF-8 bytes decoded and fed before it. */
  private chunkStart = 0;
  private decodedBytes = 0;
  private fedBytes = 0;

  /** `firstLine`: the log line the report starts on (a log may hold several reports, or text before one). */
  constructor(
    private readonly emit: Emit,
    private readonly embedded: EmbeddedText,
    private readonly forced: string | undefined,
    private readonly firstLine = 1,
  ) {
    this.parser.on('opentag', (tag) => this.open(tag));
    this.parser.on('closetag', (tag) => this.close(tag.name));
    this.parser.on('text', (text) => this.text(text));
    this.parser.on('cdata', (text) => this.text(text));
    this.parser.on('error', (error) => {
      throw new FaultlineError('E_REPORT_INVALID', `${this.format ?? 'XML'} report: ${error.message.replace(/\s+/g, ' ')}`, {
        cause: error,
      });
    });
  }

  private get line(): number {
    return this.parser.line + this.firstLine - 1;
  }

  /** Feeds bytes; answers how many of them the report took when its root element closed inside them, else -1. */
  write(bytes: Uint8Array): number {
    const text = this.decoder.decode(bytes, { stream: true });
    this.sinceEvent += text.length;
    // saxes buffers a text node or a tag until it ends: a node this large is refused before it is held.
    if (this.sinceEvent > MAX_TOKEN_BYTES)
      throw limitError(`${this.format ?? 'XML'} report: one XML node over ${MAX_TOKEN_BYTES >> 20} MiB`, this.line);
    try {
      this.parser.write(text);
    } catch (error) {
      if (error !== REPORT_END) throw error;
      // Bytes up to the root's `>`: the decoded prefix's UTF-8 length, less the bytes of a character split across
      // the previous slice (decoded with this one).
      const prefix = text.slice(0, Math.max(0, this.parser.position - this.chunkStart));
      return Math.min(bytes.length, Math.max(0, this.decodedBytes + utf8Length(prefix) - this.fedBytes));
    }
    this.chunkStart += text.length;
    this.decodedBytes += utf8Length(text);
    this.fedBytes += bytes.length;
    return -1;
  }

  /** Ends the report; a report cut short (the test run was killed) keeps what it had. */
  end(): void {
    this.parser.write(this.decoder.decode());
    try {
      // saxes hands over a text node only when a tag follows: close the open failure so its text is read.
      if (this.failure) this.parser.write(`</${this.failure.tag}>`);
      this.parser.close();
    } catch (error) {
      if (error === REPORT_END) return;
      if (!(error instanceof FaultlineError) || this.depth === 0) throw error;
    }
    if (this.failure) this.endFailure();
  }

  private open(tag: SaxesTagPlain): void {
    this.sinceEvent = 0;
    if (++this.depth > MAX_DEPTH) throw limitError(`${this.format ?? 'XML'} report: XML nested deeper than ${MAX_DEPTH}`, this.line);
    const attributes = tag.attributes;
    if (this.format === undefined) {
      if (tag.name === 'checkstyle') this.format = 'checkstyle';
      else if (tag.name === 'testsuites' || tag.name === 'testsuite')
        this.format = this.forced === 'pytest-junit' ? 'pytest-junit' : 'junit';
      else
        throw new FaultlineError(
          'E_REPORT_INVALID',
          `XML report: the root element <${tag.name}> is neither <checkstyle> nor <testsuites>/<testsuite>`,
        );
    }
    // pytest names its suite "pytest"; the report is otherwise plain JUnit.
    if (tag.name === 'testsuite' && attributes.name === 'pytest' && this.format === 'junit') this.format = 'pytest-junit';
    if (this.format === 'checkstyle') return this.checkstyle(tag);
    if (tag.name === 'testsuite') this.suite = attributes.name;
    if (tag.name === 'testcase') {
      const line = Number(attributes.line);
      this.testCase = { file: attributes.file, line: Number.isInteger(line) ? line : undefined, name: attributes.name ?? '' };
    } else if ((tag.name === 'failure' || tag.name === 'error') && this.testCase) {
      this.failure = {
        tag: tag.name,
        message: attributes.message ?? '',
        type: attributes.type ?? null,
        startLine: this.line,
        text: [],
        textLength: 0,
      };
    }
  }

  private checkstyle(tag: SaxesTagPlain): void {
    if (tag.name === 'file') this.file = tag.attributes.name;
    if (tag.name !== 'error' || this.file === undefined) return;
    const severity = checkstyleSeverity(tag.attributes.severity);
    if (severity === 'skip') return;
    const location = toLocation(
      {
        file: this.file,
        line: Number(tag.attributes.line),
        column: Number(tag.attributes.column),
        severity,
        message: tag.attributes.message ?? '',
        code: tag.attributes.source ?? null,
      },
      { format: 'checkstyle', columnUnit: 'display', logLine: this.line },
    );
    if (location) this.emit([location]);
  }

  private text(text: string): void {
    this.sinceEvent = 0;
    const failure = this.failure;
    // A failure's text past 1 MiB is a dump, not a stack trace: its head is read, the rest skipped.
    if (!failure || failure.textLength > MAX_RECORD_LINE) return;
    failure.text.push(text);
    failure.textLength += text.length;
  }

  private close(name: string): void {
    this.sinceEvent = 0;
    this.closeElement(name);
    // The root closed: what follows is another report or text, which the router reads again.
    if (--this.depth === 0) throw REPORT_END;
  }

  private closeElement(name: string): void {
    if (this.format === 'checkstyle') {
      if (name === 'file') this.file = undefined;
    } else if ((name === 'failure' || name === 'error') && this.failure) this.endFailure();
    else if (name === 'testcase') this.testCase = undefined;
  }

  // The test case's own file and line (pytest's xunit1 attributes; jest-junit with addFileAttribute), then every
  // place the text formats find in the message and the stack trace.
  private endFailure(): void {
    const failure = this.failure!;
    this.failure = undefined;
    const testCase = this.testCase;
    const text = failure.text.join('');
    if (testCase?.file) {
      // pytest writes the 0-based line of the test's `def` (its item location); other tools 1-based.
      const line = testCase.line === undefined ? undefined : this.format === 'pytest-junit' ? testCase.line + 1 : testCase.line;
      const location =
        line === undefined
          ? undefined
          : toLocation(
              { file: testCase.file, line, severity: 'error', message: failure.message || testCase.name, code: failure.type },
              { format: this.format ?? 'junit', columnUnit: 'unknown', logLine: failure.startLine },
            );
      if (location) this.emit([location]);
    }
    const problem = testCase?.file ? undefined : lintProblem(this.suite, failure, text);
    const location = problem && toLocation(problem, { format: 'junit', columnUnit: 'utf-16', logLine: failure.startLine });
    if (location) return this.emit([location]);
    if (!repeats(text, failure.message)) this.embedded.write(failure.message, failure.startLine);
    this.embedded.write(text, failure.startLine);
  }
}
