// The V8 flags the CLI sets for itself (src/cli/launcher.ts, before it compiles a bundle) and that
// scripts/code-cache.mjs sets before it compiles them: V8 accepts a code cache only when the flags it was made under
// match, so both read them from here (scripts/build.mjs writes them into the launcher).
// --interrupt-budget: how much bytecode a function runs before V8 considers optimising it (Node 20: 67 584). A log's
// candidate lines run hundreds of small, different functions (each format's parser, the resolver) a few hundred
// times each: at the default, TurboFan compiled ~120 of them on every run, most for a few calls. Four and a half
// times the budget leaves that code in the baseline tiers and still optimises the per-line loops within the first
// megabyte (issue 21; the CLI, user+sys CPU medians of 5 interleaved runs on a loaded machine: 640 diverse location
// lines 0.34 → 0.25 s, sparse CI logs 10 MB 0.37 → 0.31 s and 100 MB 1.16 → 1.00 s, dense 1 MB tsc/mypy/go logs
// −6 to −11 %, dense 10 MB tsc/go/rustc/flake8/mypy/eslint logs −4 to +6 %). 150 000 and 200 000 gained less on the
// sparse logs; 450 000 lost on the dense ones; adding --always-sparkplug or --max-lazy changed nothing. On a quiet
// machine the dense 10 MB logs were 3-5 % slower in wall time under it, so a large scan puts V8's budget back once the
// scanner is compiled (src/cli/heap.ts); below 4 MB (real 1 MB cargo, pytest, tsc logs) wall time fell 5-10 %.
// Since src/cli/heap.ts puts the default back for a log of 4 MB or more, this budget acts on smaller logs alone. Session
// 34 (cachegrind, FAULTLINE_NO_CODE_CACHE=1, 1 MB logs): 150 000 cut the dense tsc and mypy logs 4.5 % and 5.6 %
// (1 774 -> 1 695 M, 2 000 -> 1 887 M) and 100 000 tsc 8.5 %, but both raised the sparse CI log ~5 % (1 135 -> 1 194 and
// 1 190 M): not kept. Tried there too: --maglev changes nothing (Node 20's V8 is built without Maglev: the same count to
// 0.1 M), --always-sparkplug +3 % and --no-lazy-feedback-allocation +9 % instructions on the dense tsc log.
// --max-inlined-bytecode-size-cumulative: less inlining per optimised function. TurboFan's compiles were ~18 % of the
// instructions of a cold 1 MB tsc run (callgrind), on the second core but still CPU; a quarter of V8's 920 bytes kept
// the dense 1 MB peer logs 0-6 % lower in user+sys CPU (tsc 0.32 → 0.30 s, mypy 0.35 → 0.33 s, medians of 7 and 9
// interleaved runs) and the 10 MB ones the same or lower. A large scan set it already (src/cli/heap.ts, for its peak).
// --no-regexp-tier-up: V8 compiles a regex to bytecode on its first run and compiles it again, to machine code, on its
// second; every anchor, dispatch group and parser regex of a scan runs more than once, so each paid irregexp's front
// end (parse, node graph, text passes) twice plus the bytecode peephole pass. Compiled once, straight to machine code
// (issue 20/21; cachegrind, FAULTLINE_NO_CODE_CACHE=1, 1 MB logs): sparse CI 1 279.4 → 1 177.9 M instructions, rustc
// 2 305.0 → 2 218.7 M, an empty log unchanged (247.3 M); with the build's code cache 1 388.8 → 1 287.3 M and
// 2 415.7 → 2 329.6 M. --regexp-tier-up-ticks=3 instead saved 1.7 M.
// Session 37 (perf37; cachegrind, node --single-threaded --predictable, the CLI with a code cache made under those
// flags, so V8 accepts it as users' runs do; 1 MB logs): the budget above paces two tiers at once. A function reaches
// Sparkplug on its first budget tick and TurboFan after --ticks-before-optimization of them (3, plus one per 150
// bytecode bytes), so 300 000 kept the per-line code of a dense log in the interpreter for 300 000 bytecodes (inline
// caches through Builtins_LoadIC were 7 % of a dense 1 MB run). V8's own budget with 20 ticks compiles that code to
// Sparkplug 4.4 times sooner and leaves TurboFan about as late as before (20 x 67 584 against 3 x 300 000): eslint
// 2 222.8 -> 2 136.0 M instructions, mypy 2 201.2 -> 2 113.1 M, tsc 1 928.3 -> 1 829.3 M, go 2 417.8 -> 2 436.6 M, the
// sparse ci-1m.log 1 325.3 -> 1 302.9 M, an empty log 549.5 M both. Fewer ticks optimise sooner, which dense logs like
// and sparse ones pay for: 9 ticks eslint 2 108.1, go 2 255.4, mypy 2 015.4, tsc 1 804.9 but ci 1 373.7 M; 13 ticks
// ci 1 379.3 M; 16 ticks ci 1 348.4 M. src/cli/heap.ts puts 3 ticks back for a log of 4 MB or more, as it does the budget.
export const CLI_V8_FLAGS = [
  '--interrupt-budget=67584',
  '--ticks-before-optimization=20',
  '--max-inlined-bytecode-size-cumulative=230',
  '--no-regexp-tier-up',
];
