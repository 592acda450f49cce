// V8 young-generation sizing for long scans. A scan allocates a few short-lived strings per 64 KiB slice and
// each young-generation GC finds the current slice alive; V8 counts those survivors and keeps doubling the
// young generation up to 2 × 16 MB, so peak RSS grew with the log (62 / 80 / 100 MB for 1 / 10 / 100 MB
// logs). Keeping it at its initial size costs nothing measurable (more, cheaper scavenges) and holds the
// peak at ~60–70 MB (bench/run.mjs). Process-wide, so only the executable sets it, never the library; and only
// for large or unbounded input: loading node:v8 costs a small log's run ~10 ms, and below a few MB the young
// generation never grows much anyway.
import { statSync } from 'node:fs';
import type { LogSource } from '../locate/index.js';

// Below this the young generation never grows past its first doublings.
const LARGE_LOG_BYTES = 4 * 1024 * 1024;

/** Keeps the young generation small for the rest of the process (a capture, a stream of unknown size). */
export async function keepYoungGenerationSmall(): Promise<void> {
  const { setFlagsFromString } = await import('node:v8');
  // V8 refuses a code cache made under other flags: the executable compiles the scanner first (src/cli/launcher.ts).
  const compileScanner = (globalThis as Record<symbol, unknown>)[Symbol.for('faultline.compileScanner')];
  if (typeof compileScanner === 'function') (compileScanner as () => void)();
  setFlagsFromString('--semi-space-growth-factor=1');
  // The old generation likewise: V8 lets it grow to a few times what the last full GC found alive, and a scan's
  // promoted garbage (slices, line texts) filled that room, ~40 MB for ~9 MB alive on a dense 10 MB log (issue 21).
  // Growing by half of what is alive costs a few more full GCs, each cheap while repeats are folded (little alive).
  setFlagsFromString('--heap-growing-percent=50');
  // Less inlining per optimised function: TurboFan builds each graph in zone memory that glibc takes on the compiling
  // thread's own arena and keeps after it frees it; the scan's largest graphs (offers, candidates: 50–70 ms compiles)
  // inlined up to 920 bytecode bytes each. A quarter of that held the 100 MB sparse log's peak at 76–77 MB instead of
  // 79–81 (5 runs), and the dense 10 MB peer logs' CPU within noise or lower (less to compile); --no-opt would save
  // ~14 MB but cost the scan 10–15 %, and the per-thread arenas (another ~7 MB) can only be capped before start-up.
  // dist/cli.cjs sets it from its start for every log (scripts/cli-v8-flags.mjs); this covers runCli without the launcher.
  setFlagsFromString('--max-inlined-bytecode-size-cumulative=230');
  // V8's own tier-up budget again (Node 20: 67 584; a host may have raised it, as the executable did before perf37): a long scan
  // spends its time in a few hot loops that the higher budget left unoptimised longer. Quiet machine, wall medians of
  // 11 interleaved runs, dense 10 MB peer logs: 3-5 % slower under the higher budget, the sparse 100 MB log the same.
  setFlagsFromString('--interrupt-budget=67584');
  // And its ticks before TurboFan (the executable waits 20 of them on smaller logs, scripts/cli-v8-flags.mjs).
  setFlagsFromString('--ticks-before-optimization=3');
}

/** Same, when the log to scan is large or of unknown size (standard input). */
export async function keepYoungGenerationSmallFor(source: LogSource): Promise<void> {
  if ('text' in source) return;
  if ('path' in source) {
    try {
      if (statSync(source.path).size < LARGE_LOG_BYTES) return;
    } catch {
      return; // locate reports the missing file itself
    }
  }
  await keepYoungGenerationSmall();
}

// The commands that scan a log or capture a command's output.
const SCANNING_COMMANDS = new Set(['locate', 'explain', 'prompt']);

/**
 * Same, decided from the command line before the command's modules load: the young generation grows while the
 * registry and the grammars are built, and set only after that, the flag held the peak of a 100 MB scan at
 * ~81 MB instead of ~76 (bench/run.mjs). A large file among the arguments (or standard input, when no argument
 * is a file) is taken as the log; a large option value taken for one costs only a little speed.
 */
export async function keepYoungGenerationSmallForCommand(name: string, argv: readonly string[], stdinIsTTY: () => boolean): Promise<void> {
  if (commandScansLargeInput(name, argv, stdinIsTTY)) await keepYoungGenerationSmall();
}

/** Whether `faultline NAME ARGV` captures output or scans a large log or standard input (see above). */
export function commandScansLargeInput(name: string, argv: readonly string[], stdinIsTTY: () => boolean): boolean {
  if (name === 'run') return true;
  if (!SCANNING_COMMANDS.has(name)) return false;
  let anyFile = false;
  for (const word of argv) {
    if (word.startsWith('-')) continue;
    try {
      const stats = statSync(word);
      if (!stats.isFile()) continue;
      anyFile = true;
      if (stats.size >= LARGE_LOG_BYTES) return true;
    } catch {
      // not a file: an option value, a run id
    }
  }
  return !anyFile && !argv.includes('--last') && !argv.includes('--last-failed') && !stdinIsTTY();
}
