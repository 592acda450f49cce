// Secret redaction for everything that leaves the machine (prompts, annotations, SARIF, GitLab, rdjsonl).
// Two passes: an async discovery (secretlint's recommended preset over all texts, plus the values of the
// environment's secret-looking variables) that yields literal values, then a synchronous redactor that
// replaces those literals verbatim and applies faultline's own rules. The sync half lets the renderers
// stay pure functions; the async half runs once per invocation.
import { SECRET_RULES, isPlaceholder, type SecretRule } from './rules.js';

export { SECRET_RULES, shannonEntropy, isPlaceholder, isHashLike, type SecretRule } from './rules.js';

/** Per-type count of replacements, as reported in `--json` output. */
export interface RedactionCount {
  type: string;
  count: number;
}

/** A literal secret value and the placeholder type to use for it. */
export interface SecretLiteral {
  value: string;
  type: string;
}

export interface Redactor {
  /** Returns `text` with every secret replaced by `[REDACTED:<type>]`; counts accumulate. */
  redact(text: string): string;
  /** Counts of all replacements made so far, sorted by type. */
  counts(): RedactionCount[];
}

export interface RedactorOptions {
  /** Literal values to replace verbatim (from secretlint, or the caller's own list). */
  literals?: readonly SecretLiteral[];
  /** Environment whose secret-looking variables' values are replaced as `[REDACTED:env:NAME]`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Rules to apply; default SECRET_RULES. */
  rules?: readonly SecretRule[];
}

export function placeholder(type: string): string {
  return `[REDACTED:${type}]`;
}

// Variable names whose values are secrets; PWD/OLDPWD (the working directory) and *_FILE/_PATH/_DIR
// (where a secret is stored, not the secret) are not.
const SECRET_ENV_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|API_?KEY|PRIVATE_?KEY|ACCESS_?KEY|CREDENTIAL|AUTH|SESSION_?KEY|CLIENT_?SECRET|SIGNING_?KEY|WEBHOOK/i;
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
  const counts = new Map<string, number>();
  const bump = (type: string, by = 1) => counts.set(type, (counts.get(type) ?? 0) + by);
  const literals = [...(options.env ? secretEnvLiterals(options.env) : []), ...(options.literals ?? [])]
    .filter((literal) => literal.value.length >= 4)
    // Longest first, so a value containing another is replaced whole.
    .sort((a, b) => b.value.length - a.value.length);
  const seen = new Set<string>();
  const uniqueLiterals = literals.filter((literal) => !seen.has(literal.value) && seen.add(literal.value));
  const rules = options.rules ?? SECRET_RULES;

  function applyRule(text: string, rule: SecretRule): string {
    const pattern = new RegExp(rule.pattern.source, rule.pattern.flags.includes('g') ? rule.pattern.flags : `${rule.pattern.flags}g`);
    let out = '';
    let copied = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      if (match[0].length === 0) {
        pattern.lastIndex++;
        continue;
      }
      const group = rule.group ?? 0;
      const secret = match[group];
      if (secret === undefined || secret.length === 0) continue;
      if (secret.includes('[REDACTED:')) continue;
      if (rule.accept && !rule.accept(secret, match)) continue;
      // The group's offset: the last occurrence of the secret inside the match (groups end the patterns).
      const start = match.index + (group === 0 ? 0 : match[0].lastIndexOf(secret));
      // A multi-line secret (a PEM block) keeps its line breaks, so log line numbers stay valid.
      out += text.slice(copied, start) + placeholder(rule.type) + '\n'.repeat(secret.split('\n').length - 1);
      copied = start + secret.length;
      bump(rule.type);
    }
    return copied === 0 ? text : out + text.slice(copied);
  }

  return {
    redact(text: string): string {
      let result = text;
      for (const literal of uniqueLiterals) {
        if (!result.includes(literal.value)) continue;
        const parts = result.split(literal.value);
        bump(literal.type, parts.length - 1);
        result = parts.join(placeholder(literal.type) + '\n'.repeat(literal.value.split('\n').length - 1));
      }
      for (const rule of rules) result = applyRule(result, rule);
      return result;
    },
    counts(): RedactionCount[] {
      return [...counts.entries()].map(([type, count]) => ({ type, count })).sort((a, b) => a.type.localeCompare(b.type));
    },
  };
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
  const literals = options.secretlint === false ? [] : await secretlintLiterals(options.texts.join('\n'));
  return createRedactor({ literals, ...(options.env ? { env: options.env } : {}) });
}

/** One-shot convenience: redacts `text` and returns the counts. */
export async function redactText(options: {
  text: string;
  env?: Readonly<Record<string, string | undefined>>;
  secretlint?: boolean;
}): Promise<{ text: string; redactions: RedactionCount[] }> {
  const redactor = await buildRedactor({ texts: [options.text], ...options });
  const text = redactor.redact(options.text);
  return { text, redactions: redactor.counts() };
}
