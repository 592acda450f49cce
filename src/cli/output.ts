// Prints a LocateResult in the chosen --format: the one place the CLI renders findings, so locate, run and
// explain agree. Formats that leave the machine are redacted (secretlint + environment values + own rules).
import { appendFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FaultlineError, didYouMean, type LocateResult, type RunInfo } from '../core/index.js';
import { OUTPUT_FORMATS, prepareRedactor, renderJsonPieces, renderOutput, type OutputFormat, type ReadLine } from '../output/index.js';
import { FILE_READ_BOUNDS, readBoundedLines } from './bounded-read.js';
import { colourWanted } from './conventions.js';
import type { CliIo } from './io.js';

/** `--format F` (or `--json`) → a known format; an unknown name is a usage error. */
export function outputFormatOf(values: Record<string, unknown>, fallback: OutputFormat = 'text'): OutputFormat {
  if (values.json === true) return 'json';
  const format = values.format;
  if (format === undefined) return fallback;
  if (typeof format !== 'string' || !(OUTPUT_FORMATS as readonly string[]).includes(format)) {
    throw new FaultlineError(
      'E_USAGE',
      `unknown --format '${String(format)}'${didYouMean(String(format), OUTPUT_FORMATS)} (one of: ${OUTPUT_FORMATS.join(', ')})`,
    );
  }
  return format as OutputFormat;
}

// Reads source lines for code frames and column conversion; each file once, its head only (bounded-read.ts).
// Locations are already inside their roots (resolve checked it after realpath), so this never reads outside
// the workspace. `cut` collects the files that were larger than the bounds, for a note.
function createLineReader(cut: Set<string> = new Set()): ReadLine {
  const cache = new Map<string, string[] | null>();
  return (root, file, line) => {
    const path = join(root, file);
    let lines = cache.get(path);
    if (lines === undefined) {
      try {
        const read = readBoundedLines(path);
        lines = read.lines;
        if (read.cut) cut.add(file);
      } catch {
        lines = null;
      }
      cache.set(path, lines);
    }
    return lines?.[line - 1];
  };
}

function repoRootFor(io: CliIo, result: LocateResult): string | undefined {
  for (const candidate of [io.env.GITHUB_WORKSPACE, io.env.CI_PROJECT_DIR]) {
    if (!candidate) continue;
    try {
      return realpathSync(candidate);
    } catch {
      // A CI variable naming a missing directory (a local run with a stale env): use the primary's root.
    }
  }
  return result.locations[0]?.root;
}

/** Where and how the report goes: -o/--output FILE instead of stdout, an explicit --color/--no-color. */
interface PrintOptions {
  output?: string;
  colour?: boolean;
  /** The run the log came from (SARIF invocations, …). */
  run?: RunInfo;
}

/** Writes `result` to stdout (or `--output FILE`) in `format`, and GitHub's step summary where asked. */
export async function printResult(result: LocateResult, format: OutputFormat, io: CliIo, print: PrintOptions = {}): Promise<void> {
  if (format === 'json' && print.output === undefined) {
    // Written piece by piece: a dense log's JSON is never one string in memory (it needs no redactor or line reader).
    for (const piece of renderJsonPieces(result)) io.stdout(piece);
    return;
  }
  const leavesMachine = format === 'github' || format === 'sarif' || format === 'gitlab' || format === 'rdjsonl' || format === 'checkstyle';
  const redactor = leavesMachine ? await prepareRedactor(result, { env: io.env }) : undefined;
  const repoRoot = repoRootFor(io, result);
  const cut = new Set<string>();
  const rendered = renderOutput(format, result, {
    readLine: createLineReader(cut),
    // A file gets no colour unless asked for: it is read by tools, not a terminal.
    colour: print.output === undefined ? colourWanted(io, print.colour) : print.colour === true,
    ...(redactor ? { redactor } : {}),
    ...(repoRoot ? { repoRoot } : {}),
    ...(print.run ? { run: print.run } : {}),
    // unix: paths as the editor started here opens them.
    cwd: io.cwd,
  });
  writeOutput(io, print, rendered.stdout);
  for (const file of cut) {
    io.stderr(
      `faultline: note: only the first ${FILE_READ_BOUNDS.maxBytes / 1024 / 1024} MiB (${FILE_READ_BOUNDS.maxLines} lines at most) of ` +
        `${file} were read; locations past that have no code frame or converted column\n`,
    );
  }
  const summaryFile = io.env.GITHUB_STEP_SUMMARY;
  if (rendered.stepSummary && summaryFile) {
    try {
      appendFileSync(summaryFile, rendered.stepSummary);
    } catch (error) {
      io.stderr(`faultline: cannot write $GITHUB_STEP_SUMMARY (${(error as Error).message}); the annotations above are complete\n`);
    }
  }
}

/** The report text to stdout, or to `--output FILE` when given. */
export function writeOutput(io: CliIo, print: PrintOptions, text: string): void {
  if (print.output === undefined) io.stdout(text);
  else writeReport(resolve(io.cwd, print.output), text);
}

// The whole report or nothing: written next to the target and renamed, so an upload step never reads half a SARIF.
function writeReport(path: string, text: string): void {
  const partial = `${path}.${process.pid}.partial`;
  try {
    writeFileSync(partial, text);
    renameSync(partial, path);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new FaultlineError(
      'E_OUTPUT_WRITE',
      `cannot write --output ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}
