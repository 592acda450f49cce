// Crystal: the compiler's error blocks. Since 0.34 each block is `In src/cart.cr:5:19`, the source line with a
// caret, then `Error: …`; `--error-trace` prints the whole instantiation chain as such blocks, outermost first, each
// but the last closing with `Error: instantiating 'f(T)'` (without it only the last frame is shown). Before 0.34 a
// chain read `Error in src/shop.cr:7: instantiating 'total(Cart)'` … `in src/cart.cr:5: undefined method …`.
// The raising block is the last one, so the frames are printed innermost last, like a Python traceback: a chain
// whose last block lies in a shard under `lib/` falls back to the user's deepest frame, and when only that last
// block is shown nothing of the user's is left to report.
// Link: https://crystal-lang.org/reference/1.14/guides/compiler_errors.html (no stable page; `crystal build --help`)
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { SGR } from '../engine/anchors.js';
import { plausiblePath } from './shared/common.js';

const BLOCK = /^In (\S+\.cr):(\d+):(\d+)$/;
const OLD_FRAME = /^(Error )?in (\S+\.cr):(\d+): (.+)$/;
// The messages that say a block only leads to the next one (so the next block belongs to the same chain).
const CHAIN_LINK = /^(?:instantiating |expanding macro|while requiring )/;

interface CrystalChain {
  trace: number;
  index: number;
  /** The log line of the last block's `Error:` line, or of the last old-style frame. */
  lastLine: number;
  /** The last block's message led on to another block (`instantiating …`). */
  open: boolean;
}

/** The `Error: …` line that closes a block, within the few lines of its source excerpt. */
function blockError(context: LineContext): { message: string; delta: number } | undefined {
  for (let delta = 1; delta <= 12; delta++) {
    const line = context.line(delta);
    if (line === undefined || BLOCK.test(line)) return undefined;
    const error = /^Error: (.+)$/.exec(line);
    if (error) return { message: error[1] ?? '', delta };
  }
  return undefined;
}

const newChain = (): CrystalChain => ({ trace: 0, index: 0, lastLine: -1, open: false });

/** The chain this frame belongs to: the current one when `continues` and it is near, else a new one. */
function chainFor(context: LineContext, continues: (chain: CrystalChain) => boolean): CrystalChain {
  const chain = context.state<CrystalChain>(newChain);
  if (!continues(chain) || chain.lastLine < 0 || context.logLine - chain.lastLine > 40) {
    chain.trace = context.newTraceId();
    chain.index = 0;
  }
  return chain;
}

function parseCrystal(context: LineContext): boolean {
  const text = context.text;
  const block = BLOCK.exec(text);
  if (block) {
    const file = block[1] ?? '';
    const error = blockError(context);
    if (!error || !plausiblePath(file)) return false;
    const chain = chainFor(context, (current) => current.open);
    context.emit({
      file,
      line: Number(block[2]),
      column: Number(block[3]),
      severity: 'error',
      message: error.message,
      frame: { trace: chain.trace, index: chain.index++, causeRank: 0 },
    });
    chain.lastLine = context.logLine + error.delta;
    chain.open = CHAIN_LINK.test(error.message);
    return true;
  }
  const old = OLD_FRAME.exec(text);
  if (!old || !plausiblePath(old[2] ?? '')) return false;
  // `Error in F:N:` opens a chain; a lower-case `in F:N:` continues it (its caret excerpt and an unplaced
  // `instantiating 'A#initialize()'` line may sit in between).
  const chain = chainFor(context, () => old[1] === undefined);
  context.emit({
    file: old[2] ?? '',
    line: Number(old[3]),
    severity: 'error',
    message: old[4] ?? '',
    frame: { trace: chain.trace, index: chain.index++, causeRank: 0 },
  });
  chain.lastLine = context.logLine;
  chain.open = true;
  return true;
}

const crystal: GrammarFormat = {
  name: 'crystal',
  trace: { innermost: 'last', causes: 'none' },
  language: 'Crystal',
  description:
    '`crystal build src/shop.cr` / `shards build`: `In src/cart.cr:5:19`, the source line and caret, then `Error: …` ' +
    '(with `--error-trace`, one block per instantiation, outermost first); before 0.34 `Error in src/shop.cr:7: ' +
    "instantiating 'total(Cart)'` … `in src/cart.cr:5: undefined method …`.",
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://crystal-lang.org/reference/latest/guides/compiler_errors.html',
  anchor: `\\.cr${SGR}:${SGR}\\d`,
  parse: parseCrystal,
};

export const crystalFamily: GrammarFamily = { formats: [crystal] };
