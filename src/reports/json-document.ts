// Streams one JSON document (a SARIF log, an eslint array, an rdjson result) token by token and hands over only
// the values at the paths a mapper asks for, one record at a time. Why @streamparser/json's Tokenizer: it is
// pure JavaScript with no Node APIs (this room runs in editors too), takes bytes in chunks of any size, and gives
// tokens with byte offsets, so this file can enforce the limits itself — nesting depth, one token's size, values
// per record — where a parser that builds the whole value (JSON.parse, its JSONParser) could not.
import { Tokenizer, TokenType } from '@streamparser/json';
import { FaultlineError } from '../core/index.js';
import { limitError, MAX_DEPTH, MAX_RECORD_NODES, MAX_TOKEN_BYTES } from './common.js';

export type PathPart = string | number;

export interface DocumentHandlers {
  /** Whether the value starting at `path` (keys and indexes from the root) is a record to build. */
  wants(path: readonly PathPart[]): boolean;
  /** A built record, with the log line its first character is on. */
  record(path: readonly PathPart[], value: unknown, logLine: number): void;
}

interface Frame {
  array: boolean;
  /** The container being built, when this value is (inside) a record. */
  target: unknown[] | Record<string, unknown> | undefined;
  /** This frame is the record's own root: hand it over when it closes. */
  recordRoot: boolean;
  key: string | undefined;
  expectKey: boolean;
  index: number;
  startLine: number;
}

// Thrown from onToken to stop the tokenizer at the end of the document (it would read on into the next text).
// An Error, not a bare value, so that whatever catches it by mistake still gets a message and a stack.
const DOCUMENT_END = new Error('document end');

export class JsonDocumentReader {
  private readonly tokenizer = new Tokenizer();
  private readonly frames: Frame[] = [];
  private readonly path: PathPart[] = [];
  private nodes = 0;
  /** Absolute byte offset of the current chunk's first byte, the newlines counted so far and up to where. */
  private chunkBase = 0;
  private chunk: Uint8Array = new Uint8Array(0);
  private countedTo = 0;
  private line: number;
  private lastTokenOffset = 0;
  private endOffset = -1;
  private started = false;

  constructor(
    private readonly handlers: DocumentHandlers,
    startLine: number,
    private readonly name: string,
  ) {
    this.line = startLine;
    this.tokenizer.onToken = ({ token, value, offset }) => this.onToken(token, value, offset);
    this.tokenizer.onError = (error) => {
      throw error;
    };
  }

  /** Feeds bytes; answers how many of them belong to the document when it ended inside them, else -1. */
  write(bytes: Uint8Array): number {
    this.chunk = bytes;
    try {
      this.tokenizer.write(bytes);
    } catch (error) {
      if (error === DOCUMENT_END) return this.endOffset - this.chunkBase + 1;
      if (error instanceof FaultlineError) throw error;
      throw new FaultlineError(
        'E_REPORT_INVALID',
        `${this.name}: not valid JSON near log line ${this.lineAt(this.lastTokenOffset)}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    // Newlines of a chunk with no token (whitespace, the middle of a long string) count as well.
    this.lineAt(this.chunkBase + bytes.length);
    this.chunkBase += bytes.length;
    if (this.chunkBase - this.lastTokenOffset > MAX_TOKEN_BYTES)
      throw limitError(`${this.name}: a JSON value over ${MAX_TOKEN_BYTES >> 20} MiB`, this.lineAt(this.lastTokenOffset));
    return -1;
  }

  /** True once a token was read (an empty or whitespace-only input has no document). */
  get hasStarted(): boolean {
    return this.started;
  }

  /** The log line of the last byte read (for a document cut short by the end of the log). */
  get currentLine(): number {
    return this.lineAt(this.chunkBase);
  }

  private lineAt(offset: number): number {
    const from = Math.max(this.countedTo, this.chunkBase);
    const to = Math.min(offset, this.chunkBase + this.chunk.length);
    for (let index = from - this.chunkBase; index < to - this.chunkBase; index++) if (this.chunk[index] === 0x0a) this.line++;
    this.countedTo = Math.max(this.countedTo, to);
    return this.line;
  }

  private onToken(token: TokenType, value: unknown, offset: number): void {
    this.started = true;
    this.lastTokenOffset = offset;
    const frame = this.frames[this.frames.length - 1];
    switch (token) {
      case TokenType.LEFT_BRACE:
      case TokenType.LEFT_BRACKET:
        return this.open(token === TokenType.LEFT_BRACKET, frame, offset);
      case TokenType.RIGHT_BRACE:
      case TokenType.RIGHT_BRACKET:
        return this.close(offset);
      case TokenType.COLON:
        if (frame) frame.expectKey = false;
        return;
      case TokenType.COMMA:
        if (frame?.array) frame.index++;
        else if (frame) frame.expectKey = true;
        return;
      default:
        if (frame && !frame.array && frame.expectKey) {
          frame.key = String(value);
          this.path[this.frames.length - 1] = frame.key;
          return;
        }
        return this.scalar(value, frame, offset);
    }
  }

  private position(frame: Frame): PathPart {
    return frame.array ? frame.index : (frame.key ?? '');
  }

  private assign(parent: Frame, value: unknown): void {
    if (!parent.target || ++this.nodes > MAX_RECORD_NODES) return;
    if (Array.isArray(parent.target)) parent.target.push(value);
    else if (parent.key !== undefined) parent.target[parent.key] = value;
  }

  private scalar(value: unknown, parent: Frame | undefined, offset: number): void {
    if (!parent) return;
    this.path[this.frames.length - 1] = this.position(parent);
    if (parent.target) return this.assign(parent, value);
    const path = this.path.slice(0, this.frames.length);
    if (this.handlers.wants(path)) this.handlers.record(path, value, this.lineAt(offset));
  }

  private open(array: boolean, parent: Frame | undefined, offset: number): void {
    if (this.frames.length >= MAX_DEPTH) throw limitError(`${this.name}: JSON nested deeper than ${MAX_DEPTH}`, this.lineAt(offset));
    if (parent) this.path[this.frames.length - 1] = this.position(parent);
    let target: Frame['target'];
    let recordRoot = false;
    if (parent?.target) {
      target = array ? [] : {};
      this.assign(parent, target);
    } else if (parent && this.handlers.wants(this.path.slice(0, this.frames.length))) {
      target = array ? [] : {};
      recordRoot = true;
      this.nodes = 0;
    }
    this.frames.push({ array, target, recordRoot, key: undefined, expectKey: !array, index: 0, startLine: this.lineAt(offset) });
  }

  private close(offset: number): void {
    const frame = this.frames.pop();
    if (frame?.recordRoot) this.handlers.record(this.path.slice(0, this.frames.length), frame.target, frame.startLine);
    this.path.length = this.frames.length;
    if (this.frames.length === 0) {
      this.lineAt(offset);
      this.endOffset = offset;
      throw DOCUMENT_END;
    }
  }
}
