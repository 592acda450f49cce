// Output formats over a LocateResult, chosen with `--format`. Redaction policy: formats that leave the
// machine (github, sarif, gitlab, rdjsonl) always redact; json and text only with `redact`/`redactor`.
import type { LocateResult } from '../core/index.js';
import { buildRedactor, type Redactor } from '../redact/index.js';
import { renderGithub, type GithubOptions } from './github.js';
import { renderSarif, type SarifOptions } from './sarif.js';
import { renderRdjsonl } from './rdjsonl.js';
import { renderGitlab } from './gitlab.js';
import { renderJson } from './json.js';
import { renderText, type TextOptions } from './text.js';
import { renderCheckstyle, renderUnix, type UnixOptions } from './unix.js';
import type { RenderOptions } from './common.js';

export { renderGithub, escapeData, escapeProperty, wrapStopCommands, type GithubOptions, type GithubOutput } from './github.js';
export { renderSarif, SARIF_SCHEMA_URI, type SarifOptions } from './sarif.js';
export { renderRdjsonl } from './rdjsonl.js';
export { renderGitlab, type GitlabIssue, type GitlabSeverity } from './gitlab.js';
export { renderJson, renderJsonPieces, type JsonOutput } from './json.js';
export { renderText, totalLine, type TextOptions } from './text.js';
export { renderUnix, renderCheckstyle, type UnixOptions } from './unix.js';
export { tracesOf, callersOf, type TraceView } from './roles.js';
export { locationRange, ruleIdOf, severityOf, type ReadLine, type RenderOptions, type Utf16Range } from './common.js';

export const OUTPUT_FORMATS = ['text', 'json', 'github', 'sarif', 'rdjsonl', 'gitlab', 'unix', 'vim', 'checkstyle'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export type RenderAnyOptions = RenderOptions & GithubOptions & SarifOptions & TextOptions & UnixOptions;

export interface RenderedOutput {
  /** What goes to stdout. */
  stdout: string;
  /** github only: Markdown to append to $GITHUB_STEP_SUMMARY. */
  stepSummary?: string;
}

/** Renders `result` in `format`; the CLI writes `stdout` and, for github, appends the step summary. */
export function renderOutput(format: OutputFormat, result: LocateResult, options: RenderAnyOptions = {}): RenderedOutput {
  switch (format) {
    case 'text':
      return { stdout: renderText(result, options) };
    case 'json':
      return { stdout: `${JSON.stringify(renderJson(result, options))}\n` };
    case 'github': {
      const out = renderGithub(result, options);
      return { stdout: out.annotations, stepSummary: out.stepSummary };
    }
    case 'sarif':
      return { stdout: `${JSON.stringify(renderSarif(result, options), null, 2)}\n` };
    case 'rdjsonl':
      return { stdout: renderRdjsonl(result, options) };
    case 'gitlab':
      return { stdout: `${JSON.stringify(renderGitlab(result, options), null, 2)}\n` };
    case 'unix':
      return { stdout: renderUnix(result, options) };
    case 'vim':
      return { stdout: renderUnix(result, { ...options, columns: 'byte' }) };
    case 'checkstyle':
      return { stdout: renderCheckstyle(result, options) };
  }
}

/**
 * A full redactor for `result` (secretlint over every message + the environment's secret values + own
 * rules). Async because secretlint is; build it once, then pass it as `redactor` to the sync renderers.
 */
export async function prepareRedactor(
  result: LocateResult,
  options: { env?: Readonly<Record<string, string | undefined>>; extraTexts?: string[] } = {},
): Promise<Redactor> {
  const texts = [...result.locations.map((location) => location.message), ...(options.extraTexts ?? [])];
  return buildRedactor({ texts, ...(options.env ? { env: options.env } : {}) });
}
