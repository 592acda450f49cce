// Secret redaction for everything that leaves the machine (prompts, annotations, SARIF, GitLab, rdjsonl).
// Two passes: an async discovery (secretlint's recommended preset over all texts, plus the values of the
// environment's secret-looking variables) that yields literal values, then a synchronous redactor that
// replaces those literals verbatim and applies faultline's own rules. The sync half lets the renderers
// stay pure functions; the async half runs once per invocation. Text is judged as it will be shown
// (redactShown) and, where raw bytes leave, also raw (redactRaw): see redactor.ts and views.ts.
import type { WorkMeter } from '../core/index.js';
import { isPlaceholder, type SecretRule } from './rules.js';
import { createRedactorCore, type RedactionCount, type Redactor, type SecretLiteral } from './redactor.js';
import { needsTerminalView } from './views.js';
import { normaliseText } from '../summarise/index.js';

export { secretRules, shannonEntropy, isPlaceholder, isHashLike, type SecretRule } from './rules.js';
export { placeholder, type Redactor, type RedactionCount, type SecretLiteral } from './redactor.js';

export interface RedactorOptions {
  /** Literal values to replace verbatim (from secretlint, or the caller's own list). */
  literals?: readonly SecretLiteral[];
  /** Environment whose secret-looking variables' values are replaced as `[REDACTED:env:NAME]`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Rules to apply; default secretRules(). */
  rules?: readonly SecretRule[];
  /** Counts the characters examined (growth tests); nothing is counted without one. */
  meter?: WorkMeter;
}

// Variable names whose values are secrets; PWD/OLDPWD (the working directory) and *_FILE/_PATH/_DIR
// (where a secret is stored, not the secret) are not.
const SECRET_ENV_NAME = new RegExp(
  String.raw`TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|API_?KEY|PRIVATE_?KEY|ACCESS_?KEY|CREDENTIAL|AUTH|SESSION_?KEY|CLIENT_?SECRET` +
    String.raw`|SIGNING_?KEY|WEBHOOK`,
  'i',
);
const NOT_SECRET_ENV_NAME = /^(?:OLD)?PWD$|_(?:FILE|PATH|DIR|URL_TEMPLATE|TYPE|METHOD|MODE|HOST|USER(?:NAME)?|EMAIL)$/i;

/** The values of `env`'s secret-looking variables (value length ≥ 8, placeholders skipped). */
export function secretEnvLiterals(env: Readonly<Record<string, string | undefined>>): SecretLiteral[] {
  const literals: SecretLiteral[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value.length < 8) continue;
    if (!SECRET_ENV_NAME.test(name) || NOT_SECRET_ENV_NAME.test(name)) continue;
    if (isPlaceholder(value) || /^(?:\d+|true|false)$/i.test(value)) continue;
    literals.push({ value, type: `env:${name}` });
  }
  return literals;
}

/** A synchronous redactor over literals, environment values and the pattern rules. */
export function createRedactor(options: RedactorOptions = {}): Redactor {
  const literals = [...(options.env ? secretEnvLiterals(options.env) : []), ...(options.literals ?? [])];
  return createRedactorCore({
    literals,
    ...(options.rules ? { rules: options.rules } : {}),
    ...(options.meter ? { meter: options.meter } : {}),
  });
}

export interface BuildRedactorOptions {
  /** Every text that will be redacted: secretlint runs over them once to discover literal values. */
  texts: readonly string[];
  env?: Readonly<Record<string, string | undefined>>;
  /** Run secretlint's recommended preset (default true). */
  secretlint?: boolean;
}

/** Discovers secrets with secretlint (async), then returns a synchronous redactor that knows them. */
export async function buildRedactor(options: BuildRedactorOptions): Promise<Redactor> {
  const { secretlintLiterals } = await import('./secretlint.js');
  // secretlint sees the shown form too: a token split by an escape or a redraw is whole only there.
  const shown = options.texts.filter(needsTerminalView).map(normaliseText);
  const literals = options.secretlint === false ? [] : await secretlintLiterals([...options.texts, ...shown].join('\n'));
  return createRedactor({ literals, ...(options.env ? { env: options.env } : {}) });
}

/** One-shot convenience: redacts `text` and returns the counts. */
export async function redactText(options: {
  text: string;
  env?: Readonly<Record<string, string | undefined>>;
  secretlint?: boolean;
}): Promise<{ text: string; redactions: RedactionCount[] }> {
  const redactor = await buildRedactor({ texts: [options.text], ...options });
  // The text keeps its form; a secret split by escapes or redraws goes with the escapes inside it.
  const text = redactor.redactRaw(options.text);
  return { text, redactions: redactor.counts() };
}

/**
 * How an entry point that can hand text to a model takes its redaction option: `true` applies faultline's
 * own rules; a Redactor (buildRedactor: secretlint + the environment's secret values) is used as given.
 */
export type RedactOption = boolean | Redactor;

export function redactorFrom(option: RedactOption | undefined): Redactor | undefined {
  if (option === undefined || option === false) return undefined;
  return option === true ? createRedactor() : option;
}

/**
 * Redacts consecutive lines as one text (a PEM block spans lines) and returns as many lines, raw form
 * kept: redaction keeps every line break.
 */
export function redactLines(redactor: Redactor, lines: readonly string[]): string[] {
  const redacted = redactor.redactRaw(lines.join('\n')).split('\n');
  return redacted.length === lines.length ? redacted : lines.map((line) => redactor.redactRaw(line));
}
