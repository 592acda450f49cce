// Writes a command's raw bytes to its artifact as they arrive, with a size cap and the sparse line index built
// on the way (so paging later is O(page), not O(file)).
// Writes are synchronous: a chunk queued in a WriteStream outlived two young-generation GCs, so V8 promoted it
// and freed its 64 KiB only at a full GC (measured: a 100 MB capture's RSS grew by ~35 MB; synchronous writes
// keep it flat). A write to the page cache takes microseconds; a slow disk simply slows reading the child.
import { closeSync, openSync, writeSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { FaultlineError } from '../core/index.js';
import { safeUtf8PrefixLength } from '../summarise/index.js';
import type { ArtifactMeta } from './store.js';

export const DEFAULT_MAX_ARTIFACT_BYTES = 512 * 1024 * 1024;
const DEFAULT_INDEX_EVERY = 1000;

interface ArtifactWriterOptions {
  id: string;
  path: string;
  metaPath: string;
  maxBytes?: number;
  indexEvery?: number;
}

export class ArtifactWriter {
  /** Bytes written to the file. */
  bytes = 0;
  /** Bytes offered, including those dropped past the cap. */
  producedBytes = 0;
  truncated = false;
  /** The first write error; writing stops after it but the child keeps being drained. */
  error: FaultlineError | null = null;
  private newlines = 0;
  private readonly offsets: number[] = [0];
  private lastByteIsNewline = true;
  private readonly maxBytes: number;
  private readonly indexEvery: number;

  private fd: number | undefined;

  private constructor(
    fd: number,
    private readonly options: ArtifactWriterOptions,
  ) {
    this.fd = fd;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_ARTIFACT_BYTES;
    this.indexEvery = options.indexEvery ?? DEFAULT_INDEX_EVERY;
  }

  /** Creates the file exclusively with mode 0600 (a fresh id never clashes; 'wx' refuses to follow a planted file). */
  static async create(options: ArtifactWriterOptions): Promise<ArtifactWriter> {
    let fd: number;
    try {
      fd = openSync(options.path, 'wx', 0o600);
    } catch (error) {
      throw new FaultlineError('E_CAPTURE', `cannot create artifact ${options.path}: ${(error as Error).message}`, { cause: error });
    }
    return new ArtifactWriter(fd, options);
  }

  private fail(error: unknown): void {
    this.error ??= new FaultlineError('E_CAPTURE', `writing artifact ${this.options.path} failed: ${(error as Error).message}`, {
      cause: error,
    });
  }

  /** Writes a chunk (synchronously: the producer never waits for a drain). */
  write(chunk: Buffer): void {
    this.producedBytes += chunk.length;
    if (this.error || this.truncated) return;
    let part = chunk;
    if (this.bytes + chunk.length > this.maxBytes) {
      // Cut on a character boundary so the last kept line decodes cleanly.
      part = chunk.subarray(0, safeUtf8PrefixLength(chunk, this.maxBytes - this.bytes));
      this.truncated = true;
    }
    if (part.length === 0) return;
    let written = 0;
    try {
      while (written < part.length && this.fd !== undefined) written += writeSync(this.fd, part, written);
    } catch (error) {
      // ENOSPC, EIO: writing stops, the child keeps being drained, the run reports the error, and the artifact
      // is truncated: counting the chunk before writing it reported bytes the file never got.
      this.fail(error);
      this.truncated = true;
    }
    const kept = written === part.length ? part : part.subarray(0, written);
    if (kept.length === 0) return;
    this.index(kept);
    this.bytes += kept.length;
    this.lastByteIsNewline = kept[kept.length - 1] === 10;
  }

  private index(part: Buffer): void {
    let at = part.indexOf(10);
    while (at >= 0) {
      this.newlines++;
      if (this.newlines % this.indexEvery === 0) this.offsets.push(this.bytes + at + 1);
      at = part.indexOf(10, at + 1);
    }
  }

  /** Flushes and closes the file, then writes the metadata + index file. Never throws: errors land in `error`. */
  async close(extra: Partial<ArtifactMeta> = {}): Promise<ArtifactMeta> {
    if (this.fd !== undefined) {
      try {
        closeSync(this.fd);
      } catch (error) {
        this.fail(error);
      }
      this.fd = undefined;
    }
    // A trailing `\n` at an index step would record the start of a line that never comes.
    if (this.offsets.length > 1 && this.offsets.at(-1) === this.bytes) this.offsets.pop();
    const meta: ArtifactMeta = {
      version: 1,
      id: this.options.id,
      bytes: this.bytes,
      lines: this.lineCount(),
      truncated: this.truncated,
      producedBytes: this.producedBytes,
      indexEvery: this.indexEvery,
      offsets: this.offsets,
      ...extra,
    };
    try {
      await writeFile(this.options.metaPath, `${JSON.stringify(meta)}\n`, { mode: 0o600 });
    } catch (error) {
      this.fail(error);
    }
    return meta;
  }

  /** Lines written so far (a final line without `\n` counts). */
  lineCount(): number {
    return this.newlines + (this.bytes === 0 || this.lastByteIsNewline ? 0 : 1);
  }
}
