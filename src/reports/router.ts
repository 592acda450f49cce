// The input router: a log goes to the text scanner as before, except where it holds a structured report. An XML
// report is decided from the head and read whole by the XML reader; JSON is found where a line starts with `{` or
// `[`: a JSON line record (cargo, go test, rdjsonl) or the start of a JSON document (SARIF, eslint, rdjson). The
// text scanner gets every other line, and a blank line for each line a report took, so text keeps its log lines.
// A log with no such line start costs one indexOf('{') pass per slice and keeps the scanner's window path (no copies).
import { FaultlineError, type RawLocation, type WorkMeter } from '../core/index.js';
import type { Scanner } from '../grammars/index.js';
import { MAX_RECORD_LINE } from './common.js';
import { ScannerBatch, toLatin1 as latin1OfText, type EmbeddedText } from './embedded-text.js';
import { JsonDocumentReader } from './json-document.js';
import type { LineRecord } from './json-lines.js';
import { documentHandlers, documentKindOf } from './json-reports.js';
import { classifyLineStart, countNewlines, type LineStart } from './line-start.js';
import { firstJsonLine } from './candidates.js';
import { copyMarksEnd, sniffInput } from './sniff.js';
import { XmlReportReader } from './xml-reports.js';
import { latin1Bytes } from './bytes.js';

/** How much of a document's start tells its kind: go vet's package path and first analyzer, ruff's first key. */
const DOCUMENT_KIND_HEAD = 600;

interface RouterOptions {
  text: Scanner;
  /** When false, lines that are no report are not scanned (only report names were selected). */
  scanPlainText: boolean;
  embedded: EmbeddedText;
  enabled: (format: string) => boolean;
  /** A report format forced with --input-format. */
  forced: { name: string; shape: 'json-document' | 'json-lines' | 'xml' } | undefined;
  emit: (locations: RawLocation[]) => void;
  /** Counts the characters the router examines (growth tests). */
  meter: WorkMeter | undefined;
}

type Mode = 'sniff' | 'passthrough' | 'lines' | 'document' | 'xml';

export class InputRouter {
  private mode: Mode = 'sniff';
  private head = '';
  /** Characters the last writeWindow asked to keep (the scanner's tail, in passthrough mode). */
  private kept = 0;
  /** Text held back in lines mode: it starts at a line start and may be a record not yet complete. */
  private pending = '';
  /** Log line of the next character not yet passed on, and the line the text scanner gives its next line. */
  private line = 1;
  private textLine = 1;
  private textMidLine = false;
  private atLineStart = true;
  /** An XML report ended: the router numbers the lines from here on (no passthrough). */
  private afterReport = false;
  private document: JsonDocumentReader | undefined;
  private xml: XmlReportReader | undefined;
  /** The open document's text while it is short enough to be read as text again, and its first log line. */
  private documentRaw: string | undefined;
  private documentLine = 1;
  /** How far lines() has numbered its text: a position at or after textFrom and the log line there (see classify). */
  private numbered = { from: -1, at: 0, line: 0 };
  /** What the router itself hands the text scanner (after the first report), in batches. */
  private readonly batch: ScannerBatch;
  constructor(private readonly options: RouterOptions) {
    this.batch = new ScannerBatch(options.text);
    if (options.forced?.shape === 'xml') this.mode = 'xml';
  }
  /** The readLog window sink: answers how many trailing characters to hand back with the next slice. */
  writeWindow(window: string): number {
    if (this.mode === 'passthrough') {
      const fresh = this.kept;
      const candidate = this.firstCandidate(window, fresh);
      if (candidate < 0) {
        this.atLineStart = window.charCodeAt(window.length - 1) === 0x0a;
        this.kept = this.options.text.writeWindow(window);
        return this.kept;
      }
      // From here on this router holds partial lines itself, numbers lines and feeds the scanner slice by slice.
      this.takeOverLines();
      this.kept = 0;
      if (fresh > 0) this.atLineStart = window.charCodeAt(fresh - 1) === 0x0a;
      this.lines(window.slice(fresh), false);
      return 0;
    }
    if (this.mode === 'sniff') {
      this.head = window;
      if (!this.decide(false)) return window.length;
      this.head = '';
      return this.writeWindow(window);
    }
    this.write(window.slice(this.kept));
    this.kept = 0;
    return 0;
  }

  /** The readLog slice sink (text and stream sources). */
  write(latin1: string): void {
    if (this.mode === 'sniff') {
      this.head += latin1;
      if (!this.decide(false)) return;
      latin1 = this.head;
      this.head = '';
    }
    if (this.mode === 'passthrough') {
      const candidate = this.firstCandidate(latin1, 0);
      if (candidate < 0) {
        this.atLineStart = latin1.charCodeAt(latin1.length - 1) === 0x0a;
        this.options.text.write(latin1);
        return;
      }
      this.takeOverLines();
    }
    if (this.mode === 'xml') {
      // XML forbids anything before its declaration: the blank lines after a report go, and a copy's marks (sniff.ts).
      if (this.xml === undefined) {
        const start = this.afterReport ? latin1.search(/\S/) : copyMarksEnd(latin1);
        this.line += countNewlines(latin1, 0, start < 0 ? latin1.length : start);
        latin1 = start < 0 ? '' : latin1.slice(start);
      }
      return this.continueXml(latin1);
    }
    if (this.mode === 'document') return this.continueDocument(latin1, false);
    this.lines(latin1, false);
  }

  /** Newlines read so far; undefined while the text scanner alone numbers the lines (no report seen). */
  get newlines(): number | undefined {
    return this.mode === 'passthrough' ? undefined : this.line - 1;
  }

  // Counting lines costs a pass over every slice: the scanner does it anyway, so the router counts only from the
  // first report on (measured: 20-30 % of the scan's CPU time on a 30 MB log without reports).
  private takeOverLines(): void {
    this.mode = 'lines';
    this.line = this.textLine = this.options.text.nextLine();
  }

  end(): void {
    if (this.mode === 'sniff') {
      this.decide(true);
      const head = this.head;
      this.head = '';
      if ((this.mode as Mode) === 'passthrough') this.takeOverLines();
      if (head !== '') this.write(head);
    }
    if (this.mode === 'xml') this.xmlReader().end();
    else if (this.mode === 'lines') this.lines('', true);
    this.batch.flush();
    // A JSON document cut short keeps the records it had (a killed tool writes half a report).
  }

  private decide(final: boolean): boolean {
    if (this.mode !== 'sniff') return true;
    const sniffs = !this.options.forced || this.options.forced.shape === 'xml';
    const shape = sniffs ? sniffInput(this.head, final) : undefined;
    if (sniffs && shape === undefined) return false;
    const xml =
      shape === 'xml' && (this.options.enabled('junit') || this.options.enabled('checkstyle') || this.options.enabled('pytest-junit'));
    this.mode = xml ? 'xml' : this.afterReport ? 'lines' : 'passthrough';
    return true;
  }
  private xmlReader(): XmlReportReader {
    this.xml ??= new XmlReportReader(this.options.emit, this.options.embedded, this.options.forced?.name, this.line);
    return this.xml;
  }

  // An XML report ends where its root closes; what follows (another report, `cat`'s next file, text) is sniffed
  // again, and text after a report is numbered by this router (the scanner never saw the report's lines).
  private continueXml(latin1: string): void {
    this.tally(latin1.length);
    const used = this.xmlReader().write(latin1Bytes(latin1));
    if (used < 0) {
      this.line += countNewlines(latin1);
      return;
    }
    this.line += countNewlines(latin1, 0, used);
    this.xml = undefined;
    this.mode = 'sniff';
    this.afterReport = true;
    this.atLineStart = used > 0 && latin1.charCodeAt(used - 1) === 0x0a;
    if (used < latin1.length) this.write(latin1.slice(used));
  }

  private firstCandidate(text: string, from: number): number {
    const start = firstJsonLine(text, from, from === 0 && this.atLineStart, this.options.forced?.shape === 'json-document');
    this.tally((start < 0 ? text.length : start) - from);
    return start;
  }

  // Adds the characters a loop examined to the meter, when a growth test passes one.
  private tally(characters: number): void {
    if (this.options.meter !== undefined) this.options.meter.steps += characters;
  }

  private feedText(text: string): void {
    if (text === '') return;
    const scanner = this.batch;
    if (this.textMidLine) {
      scanner.write('\n');
      this.textLine++;
      this.textMidLine = false;
    }
    if (this.textLine < this.line) {
      scanner.write('\n'.repeat(this.line - this.textLine));
      this.textLine = this.line;
    }
    const newlines = countNewlines(text);
    this.tally(text.length);
    scanner.write(this.options.scanPlainText ? text : '\n'.repeat(newlines));
    this.line += newlines;
    this.textLine += newlines;
  }

  // go test -json: the event's Output, as go test printed it, on the event's own line. Output that ends mid-line
  // continues in the next event (go splits long lines); Output of several lines pushes later text lines down.
  private feedOutput(output: string): void {
    const scanner = this.batch;
    if (this.textLine < this.line && !this.textMidLine) {
      scanner.write('\n'.repeat(this.line - this.textLine));
      this.textLine = this.line;
    }
    if (output === '') return;
    scanner.write(latin1OfText(output));
    this.textLine += countNewlines(output);
    this.textMidLine = output.charCodeAt(output.length - 1) !== 0x0a;
  }

  private lines(slice: string, final: boolean): void {
    const text = this.pending + slice;
    // Held text is joined to each slice: a record held longer than it must shows here.
    this.tally(text.length);
    this.pending = '';
    this.numbered.from = -1;
    // Invariant: this.line is the log line of text[textFrom].
    let textFrom = 0;
    let search = 0;
    for (;;) {
      const start = this.firstCandidate(text, search);
      if (start < 0) break;
      const outcome = this.classify(text, start, textFrom, final);
      if (outcome === 'text') {
        search = start + 1;
        continue;
      }
      this.feedText(text.slice(textFrom, start));
      textFrom = start;
      if (outcome === 'more') {
        this.pending = text.slice(start);
        this.atLineStart = true;
        return;
      }
      const next = outcome === 'document' ? this.startDocument(text, start) : this.takeRecord(text, start, outcome.lineEnd, outcome.record);
      if (next === 'text') {
        search = start + 1;
        continue;
      }
      textFrom = search = next;
      if (this.mode === 'document') return;
      // A record ends at a line end; a document may end mid-line.
      this.atLineStart = textFrom === 0 || text.charCodeAt(textFrom - 1) === 0x0a;
      if (textFrom >= text.length) break;
    }
    this.feedText(text.slice(textFrom));
    if (text.length > textFrom) this.atLineStart = text.charCodeAt(text.length - 1) === 0x0a;
  }

  private classify(text: string, start: number, textFrom: number, final: boolean): LineStart {
    const { enabled, forced } = this.options;
    // Counted on from the last start asked about since textFrom: lines that only look like records leave textFrom behind,
    // and counting from it each time was quadratic (the fuzz test's 570 JSON-looking lines: 318 steps a byte).
    const logLine = (): number => {
      const numbered = this.numbered;
      if (numbered.from !== textFrom || numbered.at > start) Object.assign(numbered, { from: textFrom, at: textFrom, line: this.line });
      this.tally(start - numbered.at);
      numbered.line += countNewlines(text, numbered.at, start);
      numbered.at = start;
      return numbered.line;
    };
    return classifyLineStart(text, start, final, { enabled, forcedDocument: forced?.shape === 'json-document', logLine });
  }

  private takeRecord(text: string, start: number, lineEnd: number, record: LineRecord): number {
    this.tally(lineEnd - start);
    if (record.kind === 'locations') this.options.emit(record.locations);
    else this.feedOutput(record.text);
    if (lineEnd >= text.length) return lineEnd;
    this.line++;
    return lineEnd + 1;
  }

  // Streams the document starting at `start`; answers where the text after it starts (text.length: not ended), or
  // 'text' when what looked like a report's start is not JSON after all (its lines stay text).
  private startDocument(text: string, start: number): number | 'text' {
    const rest = text.slice(start);
    this.tally(rest.length);
    const handlers = documentHandlers(this.options.enabled, this.options.emit, documentKindOf(rest.slice(0, DOCUMENT_KIND_HEAD)));
    const reader = new JsonDocumentReader(handlers, this.line, 'JSON report');
    let used: number;
    try {
      used = reader.write(latin1Bytes(rest));
    } catch (error) {
      if (this.recoverable(error)) return 'text';
      throw error;
    }
    if (used >= 0) {
      this.line += countNewlines(rest, 0, used);
      return start + used;
    }
    this.mode = 'document';
    this.document = reader;
    this.documentLine = this.line;
    this.documentRaw = rest.length <= MAX_RECORD_LINE ? rest : undefined;
    this.line += countNewlines(rest);
    return text.length;
  }

  /** Invalid JSON where detection saw a report is read as text again while its start is still held (1 MiB). */
  private recoverable(error: unknown): boolean {
    return error instanceof FaultlineError && error.code === 'E_REPORT_INVALID' && this.options.forced?.shape !== 'json-document';
  }

  private continueDocument(slice: string, final: boolean): void {
    this.tally(slice.length);
    let used: number;
    try {
      used = this.document!.write(latin1Bytes(slice));
    } catch (error) {
      const raw = this.documentRaw === undefined ? undefined : this.documentRaw + slice;
      if (!this.recoverable(error) || raw === undefined || raw.length > 2 * MAX_RECORD_LINE) throw error;
      this.endDocument();
      this.line = this.documentLine;
      this.feedText(raw);
      this.atLineStart = raw.charCodeAt(raw.length - 1) === 0x0a;
      return;
    }
    if (used < 0) {
      this.line += countNewlines(slice);
      if (this.documentRaw !== undefined)
        this.documentRaw = this.documentRaw.length + slice.length <= MAX_RECORD_LINE ? this.documentRaw + slice : undefined;
      return;
    }
    this.line += countNewlines(slice, 0, used);
    this.endDocument();
    this.atLineStart = false;
    this.lines(slice.slice(used), final);
  }

  private endDocument(): void {
    this.mode = 'lines';
    this.document = undefined;
    this.documentRaw = undefined;
  }
}
