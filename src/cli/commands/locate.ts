// `faultline locate [LOG|-] [--cwd DIR] [--root DIR]… [--json]` — the main job.
import { resolve } from 'node:path';
import { locate } from '../../locate/index.js';
import { OUTPUT_FORMATS } from '../../output/index.js';
import { parseLogArgs } from '../args.js';
import { keepYoungGenerationSmallFor } from '../heap.js';
import { EXIT_FINDINGS, EXIT_OK, type CliCommand } from '../io.js';
import { outputFormatOf, printResult } from '../output.js';

export const locateCommand: CliCommand = {
  name: 'locate',
  summary: 'find the error locations in a log and map them to workspace files',
  usage: `usage: faultline locate [LOG|-] [--cwd DIR] [--root DIR]... [--json | --format F] [--tool NAME]... [--input-format NAME] [--binary]

  LOG          the log file; '-' or none reads standard input
  --cwd DIR    where the command ran (relative paths in the log are relative to it); default: here
  --root DIR   a workspace root, repeatable; default: the git top level of --cwd, else --cwd
  --json       print the versioned JSON result (same as --format json)
  --format F   ${OUTPUT_FORMATS.join(' | ')} (github: workflow annotations + $GITHUB_STEP_SUMMARY;
               sarif 2.1.0; rdjsonl: reviewdog; gitlab: Code Quality). github/sarif/rdjsonl/gitlab are redacted.
  --tool NAME  recognise only this format (see 'faultline formats'), repeatable
  --input-format NAME
               read the log as this structured report (sarif, eslint-json, junit…; 'faultline formats'),
               or 'text' for the text formats only; default: reports are detected by content
  --binary     scan input that looks binary anyway

exit: 0 no location found, 1 locations found, 2 usage or internal error`,
  async run(argv, io) {
    const { values, log } = parseLogArgs(argv, io, {});
    const tools = Array.isArray(values.tool) ? (values.tool as string[]) : undefined;
    const format = outputFormatOf(values);
    await keepYoungGenerationSmallFor(log.source);
    const result = await locate(log.source, {
      cwd: resolve(io.cwd, log.cwd),
      ...(log.roots ? { roots: log.roots.map((root) => resolve(io.cwd, root)) } : {}),
      ...(tools ? { formats: tools } : {}),
      ...(log.inputFormat ? { inputFormat: log.inputFormat } : {}),
      allowBinary: values.binary === true,
    });
    await printResult(result, format, io);
    if (format === 'text') {
      if (result.stats.bytes === 0) io.stderr('faultline: the log is empty (0 bytes): nothing to locate\n');
      else if (result.locations.length === 0) {
        const extra = result.unresolved.length + result.dropped.length;
        io.stderr(`faultline: no location in the workspace${extra > 0 ? ` (${result.unresolved.length} unresolved, ${result.dropped.length} dropped; --json lists them)` : ''}\n`);
      }
      if (result.stats.overflow > 0) io.stderr(`faultline: ${result.stats.overflow} more locations were not collected (limit reached)\n`);
    }
    return result.locations.length > 0 ? EXIT_FINDINGS : EXIT_OK;
  },
};
