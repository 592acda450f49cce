// A model's answer (the block format of src/core/answer-format.ts, which the fix prompt asks for) as fixes: each block is validated against
// the workspace — the file inside a root and not vendored, its old text present exactly once — and becomes a
// `review` fix of source `answer` that goes through applyFixes like any tool's. The answer file is read line by
// line as text; a block that does not validate is rejected with its reason, the others still apply.
import { readFile } from 'node:fs/promises';
import { ANSWER_NEW_MARK, ANSWER_OLD_MARK, ANSWER_SEPARATOR, FaultlineError, type Fix, type FixRejection } from '../core/index.js';
import { FileText } from './text.js';
import { placeFile } from './workspace-file.js';

/** An answer is a model's reply: a few KiB. A larger file is not one. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export interface AnswerOptions {
  /** The answer file; or `text`, the answer itself. */
  path?: string;
  text?: string;
  /** Paths in blocks are relative to this directory. */
  cwd: string;
  /** The workspace roots a block may edit. */
  roots: readonly string[];
}

export interface AnswerBlock {
  file: string;
  oldText: string;
  newText: string;
  /** 1-based line of the answer on which the block starts. */
  line: number;
}

/** The blocks of an answer, in order; an unterminated block is an error naming its line. */
export function answerBlocks(text: string): AnswerBlock[] {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  const blocks: AnswerBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    if (!line.startsWith(ANSWER_OLD_MARK)) continue;
    const separator = lines.indexOf(ANSWER_SEPARATOR, index + 1);
    const end = separator < 0 ? -1 : lines.indexOf(ANSWER_NEW_MARK, separator + 1);
    if (end < 0)
      throw new FaultlineError(
        'E_USAGE',
        `answer line ${index + 1}: a block without its '${ANSWER_SEPARATOR}' and '${ANSWER_NEW_MARK}' lines`,
      );
    const whole = (from: number, to: number) => (to > from ? `${lines.slice(from, to).join('\n')}\n` : '');
    blocks.push({
      file: line.slice(ANSWER_OLD_MARK.length).trim(),
      oldText: whole(index + 1, separator),
      newText: whole(separator + 1, end),
      line: index + 1,
    });
    index = end;
  }
  return blocks;
}

function occurrences(text: string, part: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(part); at >= 0 && found.length < 2; at = text.indexOf(part, at + 1)) found.push(at);
  return found;
}

/** The answer's blocks as fixes, and the blocks rejected with their reason. */
export async function parseAnswer(options: AnswerOptions): Promise<{ fixes: Fix[]; rejected: FixRejection[] }> {
  let text = options.text;
  if (text === undefined) {
    if (!options.path) throw new FaultlineError('E_USAGE', 'parseAnswer needs options.path or options.text');
    const bytes = await readFile(options.path).catch((error: NodeJS.ErrnoException) => {
      throw new FaultlineError('E_INPUT_MISSING', `cannot read the answer ${options.path}: ${error.code ?? error.message}`);
    });
    if (bytes.length > MAX_ANSWER_BYTES)
      throw new FaultlineError('E_INPUT_READ', `the answer ${options.path} is over ${MAX_ANSWER_BYTES >> 20} MiB: not a model's answer`);
    text = bytes.toString('utf8');
  }
  const fixes: Fix[] = [];
  const rejected: FixRejection[] = [];
  for (const [index, block] of answerBlocks(text).entries()) {
    const fix: Fix = {
      id: `a${index + 1}`,
      source: 'answer',
      safety: 'review',
      description: `answer block at line ${block.line}`,
      diagnostic: null,
      edits: [],
      group: null,
    };
    const reject = (detail: string) => rejected.push({ fix, reason: 'invalid', detail });
    if (block.file === '') {
      reject('the block names no file');
      continue;
    }
    const placement = await placeFile(block.file, options.cwd, options.roots);
    if (!placement.ok) {
      reject(placement.detail);
      continue;
    }
    const file = FileText.of(new Uint8Array(await readFile(placement.file.absolutePath)));
    if (!file) {
      reject(`${block.file}: not UTF-8 text`);
      continue;
    }
    // The model writes `\n`; a CRLF file keeps its line ends, in what is matched and in what is written.
    const eol = (value: string) => (file.crlf ? value.replace(/\r?\n/g, '\r\n') : value);
    const oldText = eol(block.oldText);
    const found = oldText === '' ? [] : occurrences(file.text, oldText);
    if (found.length !== 1) {
      reject(
        oldText === ''
          ? 'the block has no old text'
          : found.length === 0
            ? `${block.file}: the old text is not in the file`
            : `${block.file}: the old text occurs more than once (quote more lines)`,
      );
      continue;
    }
    const start = found[0] as number;
    fix.edits.push({
      file: placement.file.file,
      root: placement.file.root,
      absolutePath: placement.file.absolutePath,
      range: { start: file.positionOf(start), end: file.positionOf(start + oldText.length) },
      oldText,
      newText: eol(block.newText),
      digest: file.digest,
    });
    fixes.push(fix);
  }
  return { fixes, rejected };
}
