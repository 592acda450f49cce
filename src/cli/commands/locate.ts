// `faultline locate [LOG|-] [--cwd DIR] [--root DIR]… [--json]` — the main job.
import { resolve } from 'node:path';
import { locate } from '../../locate/index.js';
import { OUTPUT_FORMATS } from '../../output/index.js';
import { parseLogArgs } from '../args.js';
import { keepYoungGenerationSmallFor } from '../heap.js';
import { CHAIN_USAGE, chainedLog, warnIfStale } from '../chain.js';
import { CI_USAGE, ciSettings, errorsOnly, reportExitCode } from '../conventions.js';
import type { CliCommand } from '../io.js';
import { reportNotes } from '../notes.js';
import { outputFormatOf, printResult } from '../output.js';
import { SCAN_USAGE, diffFilterOf, maxLocationsOf, userFormatsOf } from '../scan-settings.js';

export const locateCommand: CliCommand = {
  name: 'locate',
  summary: 'find the error locations in a log and map them to workspace files',
  usage:
    `usage: faultline locate [LOG|-|RUN|--last|--last-failed] [--cwd DIR] [--root DIR]... ` +
    `[--json | --format F] [--tool NAME]... [--without-tool NAME]... [--efm PATTERN]... ` +
    `[--filter-mode M --diff FILE|--diff-base REF] [--input-format NAME] [--binary]

  LOG          the log file; '-' or none reads standard input
${CHAIN_USAGE}
  --cwd DIR    where the command ran (relative paths in the log are relative to it); default: here
  --root DIR   a workspace root, repeatable; default: the git top level of --cwd, else --cwd
  --json       print the versioned JSON result (same as --format json)
  --format F   ${OUTPUT_FORMATS.join(' | ')} (github: workflow annotations + $GITHUB_STEP_SUMMARY;
               sarif 2.1.0; rdjsonl: reviewdog; gitlab: Code Quality; unix: file:line:col: severity: message
               for Emacs' compile-mode (display columns); vim: the same for vim -q (byte columns); checkstyle: XML). ` +
    `github/sarif/rdjsonl/gitlab/checkstyle are redacted.
  --tool NAME  recognise only this format (see 'faultline formats'), repeatable
  --without-tool NAME
               never recognise this format (one that misfires on your logs); the rest, down to the generic
               tiers, still read every line; repeatable
  --input-format NAME
               read the log as this structured report (sarif, eslint-json, junit…; 'faultline formats'),
               or 'text' for the text formats only; default: reports are detected by content
  --binary     scan input that looks binary anyway
${SCAN_USAGE}
${CI_USAGE}

exit: 0 no location found (or none at --fail-level), 1 locations found, 2 usage or internal error`,
  async run(argv, io) {
    const parsed = parseLogArgs(argv, io, {});
    const values = parsed.values;
    const log = await chainedLog(parsed.log, io);
    warnIfStale(log, io);
    const tools = Array.isArray(values.tool) ? (values.tool as string[]) : undefined;
    const withoutTools = Array.isArray(values['without-tool']) ? (values['without-tool'] as string[]) : undefined;
    const format = outputFormatOf(values);
    const settings = ciSettings(values);
    const userFormats = userFormatsOf(values);
    const cap = maxLocationsOf(values);
    const diff = await diffFilterOf(values, io, log.cwd, log.roots, 'stream' in log.source);
    await keepYoungGenerationSmallFor(log.source);
    const located = await locate(log.source, {
      ...(userFormats ? { userFormats } : {}),
      ...(diff ? { diff } : {}),
      ...cap,
      cwd: resolve(io.cwd, log.cwd),
      ...(log.roots ? { roots: log.roots.map((root) => resolve(io.cwd, root)) } : {}),
      ...(tools ? { formats: tools } : {}),
      ...(withoutTools ? { excludeFormats: withoutTools } : {}),
      ...(log.inputFormat ? { inputFormat: log.inputFormat } : {}),
      allowBinary: values.binary === true,
      ...(log.run ? { command: log.run.command } : {}),
    });
    const result = settings.quiet ? { ...located, ...errorsOnly(located) } : located;
    await printResult(result, format, io, { ...settings, ...(log.run ? { run: log.run } : {}) });
    reportNotes(result, io, resolve(io.cwd, log.cwd), format === 'text' && !settings.quiet);
    return reportExitCode(result, located, settings, io);
  },
};
