// `faultline fix [LOG|-|RUN|--last|--last-failed] [--apply] [--unsafe] [--verify] [--answer FILE] [--json | --format F]`:
// the fixes the tools printed in a log (or a model's answer), as a diff, or applied with --apply.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { FaultlineError, type Fix, type FixRejection, type LocateResult, type RunInfo } from '../../core/index.js';
import type { ApplyResult, FileChange, FileSnapshot } from '../../fix/index.js';
import { locate } from '../../locate/index.js';
import { parseLogArgs } from '../args.js';
import { CHAIN_USAGE, chainedLog } from '../chain.js';
import { EXIT_FINDINGS, EXIT_OK, type CliCommand, type CliIo } from '../io.js';

const FORMATS = ['diff', 'json', 'sarif', 'rdjsonl'] as const;
type FixFormat = (typeof FORMATS)[number];
/** eslint's --fix makes at most 10 passes; cargo fix 4; ruff more. One cap for all, the largest of the two named. */
const MAX_PASSES = 10;

const USAGE = `usage: faultline fix [LOG|-|RUN|--last|--last-failed] [--cwd DIR] [--root DIR]... [--apply] [--unsafe]
                    [--verify] [--lsp] [--answer FILE] [--json | --format diff|sarif|rdjsonl]

Collects the fixes the tools printed in the log (eslint, ruff, cargo/rustc JSON, gcc/clang fix-its, SARIF,
rdjson, ShellCheck json and json1, go vet -json) and shows them as a unified diff; --apply writes them. A file
changed since the log was written is never touched.

  LOG            the log file; '-' reads standard input
${CHAIN_USAGE}
  --cwd DIR      where the command ran; --root DIR a workspace root (repeatable), as for locate
  --apply        write the fixes (atomically; BOM and line ends kept). With a saved run whose fixes overlapped,
                 the command is run again and the rest applied, as the tools' own --fix do (up to ${MAX_PASSES} passes)
  --unsafe       also apply fixes the tool does not mark safe (never the display-only ones)
  --verify       with --apply: run the saved run's command again and restore every file when it now reports
                 an error it did not report before
  --lsp          also ask the language server of each file (typescript-language-server, pyright, clangd…) for its
                 quick fixes to the located diagnostics no tool fix came with; they are review fixes (--unsafe)
  --answer FILE  apply a model's answer (search/replace blocks, see 'faultline prompt') instead of, or besides, the log's fixes
  --json         the fixes as JSON (version 1); --format diff (default) | json | sarif | rdjsonl

exit: 0 nothing left to fix, or everything asked for was applied (one fix of each group of alternatives); 1 fixes
found but not applied, or some rejected; 2 usage or internal error`;

interface FixArgs {
  apply: boolean;
  unsafe: boolean;
  verify: boolean;
  lsp: boolean;
  answer: string | undefined;
  format: FixFormat;
}

function formatOf(values: Record<string, unknown>): FixFormat {
  if (values.json === true) {
    if (values.format !== undefined && values.format !== 'json')
      throw new FaultlineError('E_USAGE', '--json and --format contradict each other');
    return 'json';
  }
  const format = values.format ?? 'diff';
  if (typeof format !== 'string' || !(FORMATS as readonly string[]).includes(format))
    throw new FaultlineError('E_USAGE', `--format must be one of ${FORMATS.join(', ')} (got '${String(format)}')`);
  return format as FixFormat;
}

function describe(fix: Fix): string {
  const where = fix.diagnostic
    ? `${fix.diagnostic.file}:${fix.diagnostic.line}${fix.diagnostic.column === null ? '' : `:${fix.diagnostic.column}`}`
    : (fix.edits[0]?.file ?? '');
  const code = fix.diagnostic?.code ? ` [${fix.diagnostic.code}]` : '';
  return `${fix.id} ${where}${code} ${fix.description}`;
}

function rejectionLines(rejected: readonly FixRejection[]): string {
  return rejected.map(({ fix, reason, detail }) => `faultline: not applied: ${describe(fix)} — ${reason}: ${detail}\n`).join('');
}

async function loggedAt(path: string | undefined): Promise<number | undefined> {
  if (path === undefined || path === '') return undefined;
  return (await stat(path).catch(() => undefined))?.mtimeMs;
}

async function collectFromLog(result: LocateResult, cwd: string, roots: string[] | undefined, at: number | undefined) {
  const { collectFixes } = await import('../../fix/index.js');
  return collectFixes(result, { cwd, ...(roots ? { roots } : {}), ...(at !== undefined ? { loggedAt: at } : {}) });
}

/** The saved run's command again, its output located (the re-lint of a later pass, and --verify's check). */
async function rerun(run: RunInfo, roots: string[] | undefined, io: CliIo): Promise<{ result: LocateResult; at: number }> {
  const { runCommand } = await import('../../capture/index.js');
  const ran = await runCommand({ command: run.command, cwd: run.cwd, env: io.env, history: false, drainMs: 100 });
  const result = await locate({ path: ran.artifact.path }, { cwd: run.cwd, ...(roots ? { roots } : {}) });
  return { result, at: (await loggedAt(ran.artifact.path)) ?? Date.now() };
}

function errorKeys(result: LocateResult): Set<string> {
  return new Set(
    result.locations
      .filter((location) => location.severity === 'error' || location.severity === null)
      .map((location) => `${location.file}\0${location.code ?? ''}\0${location.message}`),
  );
}

/** Servers start slowly (tsserver loads the project), so the first request of each gets this long. */
const LSP_TIMEOUT_MS = 30_000;

/** --lsp: the language servers' quick fixes for the diagnostics without a tool fix; a server that fails is named. */
async function addServerFixes(result: LocateResult, io: CliIo): Promise<void> {
  const { ServerPool, addQuickFixes } = await import('../../lsp-client/index.js');
  const pool = new ServerPool({ env: io.env, cwd: io.cwd });
  try {
    const problems = await addQuickFixes(result.locations, { pool, timeoutMs: LSP_TIMEOUT_MS });
    for (const problem of problems) io.stderr(`faultline: --lsp: ${problem}\n`);
    for (const notice of pool.notices()) io.stderr(`faultline: --lsp: ${notice}\n`);
  } finally {
    await pool.dispose();
  }
}

export const fixCommand: CliCommand = {
  name: 'fix',
  summary: "show or apply the fixes the tools printed, or a model's answer, checked against the files",
  usage: USAGE,
  async run(argv, io) {
    const parsed = parseLogArgs(argv, io, {
      apply: { type: 'boolean' },
      unsafe: { type: 'boolean' },
      verify: { type: 'boolean' },
      lsp: { type: 'boolean' },
      answer: { type: 'string' },
    });
    const values = parsed.values;
    const args: FixArgs = {
      apply: values.apply === true,
      unsafe: values.unsafe === true,
      verify: values.verify === true,
      lsp: values.lsp === true,
      answer: typeof values.answer === 'string' ? values.answer : undefined,
      format: formatOf(values),
    };
    if (args.verify && !args.apply) throw new FaultlineError('E_USAGE', '--verify checks applied fixes: pass --apply too');
    const log = await chainedLog(parsed.log, io);
    // Refused before anything is written: a check that cannot run must not leave unverified edits behind.
    if (args.verify && !log.run)
      throw new FaultlineError('E_USAGE', '--verify needs a saved run (RUN, --last or --last-failed) to run its command again');
    const cwd = resolve(io.cwd, log.cwd);
    const roots = log.roots?.map((root) => resolve(io.cwd, root));
    const { applyFixes, restoreFiles, parseAnswer } = await import('../../fix/index.js');
    const answerOnly =
      args.answer !== undefined &&
      parsed.log.reference === undefined &&
      !('path' in parsed.log.source && parsed.log.source.path !== '') &&
      argv.every((word) => word !== '-');
    let before: LocateResult | undefined;
    let fixes: Fix[] = [];
    let snapshot: FileSnapshot | undefined;
    const rejected: FixRejection[] = [];
    if (!answerOnly) {
      before = await locate(log.source, { cwd, ...(roots ? { roots } : {}), ...(log.inputFormat ? { inputFormat: log.inputFormat } : {}) });
      if (args.lsp) await addServerFixes(before, io);
      const collected = await collectFromLog(before, cwd, roots, await loggedAt('path' in log.source ? log.source.path : undefined));
      fixes = collected.fixes;
      snapshot = collected.snapshot;
      rejected.push(...collected.rejected);
    }
    if (args.answer !== undefined) {
      const answered = await parseAnswer({
        path: resolve(io.cwd, args.answer),
        cwd,
        roots: roots ?? [...new Set([...(before?.locations.map((location) => location.root) ?? []), cwd])],
      });
      fixes.push(...answered.fixes);
      rejected.push(...answered.rejected);
    }
    const first = await applyFixes(fixes, {
      write: args.apply,
      unsafe: (fix) => args.unsafe || fix.source === 'answer',
      ...(snapshot ? { snapshot } : {}),
    });
    const outcome: ApplyResult = { ...first, rejected: [...rejected, ...first.rejected] };
    const changes: FileChange[] = [...first.changes];
    // Later passes: the tool's fixer re-lints and applies what overlapped; so does this, by running it again.
    let pending = first.rejected.filter((entry) => entry.reason === 'overlap');
    for (let pass = 2; args.apply && log.run && pending.length > 0 && first.applied.length > 0 && pass <= MAX_PASSES; pass++) {
      const again = await rerun(log.run, roots, io);
      const collected = await collectFromLog(again.result, log.run.cwd, roots, undefined);
      const next = await applyFixes(collected.fixes, { write: true, unsafe: args.unsafe });
      outcome.applied.push(...next.applied);
      changes.push(...next.changes);
      outcome.rejected = outcome.rejected
        .filter((entry) => entry.reason !== 'overlap')
        .concat(next.rejected.filter((entry) => entry.reason === 'overlap'));
      pending = next.rejected.filter((entry) => entry.reason === 'overlap');
      if (next.applied.length === 0) break;
    }
    if (args.verify && changes.length > 0) {
      if (!log.run || !before) throw new FaultlineError('E_INTERNAL', '--verify lost its saved run');
      const after = await rerun(log.run, roots, io);
      const known = errorKeys(before);
      const fresh = [...errorKeys(after.result)].filter((key) => !known.has(key));
      if (fresh.length > 0) {
        // Undo newest first, so a file changed in two passes ends as it was before the first.
        await restoreFiles([...changes].reverse());
        const command = log.run.command.join(' ');
        io.stderr(`faultline: --verify: '${command}' reports ${fresh.length} new error(s) after the fixes; every file was restored\n`);
        return EXIT_FINDINGS;
      }
    }
    const { combineChanges } = await import('../../fix/index.js');
    await print(outcome, { ...args, changes: combineChanges(changes) }, io);
    const asked = args.apply ? outcome.applied.length > 0 || fixes.length === 0 : fixes.length === 0;
    // An alternative left out because another fix of its group was applied (clang's notes) is nothing left undone.
    const undone = outcome.rejected.filter((entry) => entry.reason !== 'alternative');
    return asked && undone.length === 0 ? EXIT_OK : EXIT_FINDINGS;
  },
};

async function print(outcome: ApplyResult, args: FixArgs & { changes: FileChange[] }, io: CliIo): Promise<void> {
  const report = await import('../../fix/index.js');
  const result = { ...outcome, changes: args.changes };
  if (args.format === 'json') io.stdout(`${JSON.stringify(report.fixesToJson(result))}\n`);
  else if (args.format === 'sarif')
    io.stdout(`${JSON.stringify(report.fixesToSarif([...outcome.applied, ...outcome.rejected.map((entry) => entry.fix)]))}\n`);
  else if (args.format === 'rdjsonl') io.stdout(report.fixesToRdjsonl([...outcome.applied, ...outcome.rejected.map((entry) => entry.fix)]));
  else {
    for (const change of args.changes) io.stdout(change.diff);
    const verb = outcome.written ? 'applied' : 'to apply (dry run: pass --apply to write)';
    io.stderr(rejectionLines(outcome.rejected));
    const files = new Set(args.changes.map((change) => change.absolutePath)).size;
    io.stderr(`faultline: ${outcome.applied.length} fix(es) ${verb} in ${files} file(s); ${outcome.rejected.length} not applied\n`);
  }
}
