// Every secret kind in kinds.json × every way a log can carry it: plain, split by an SGR reset, redrawn
// with a carriage return, split by `X\b`, inside a JSON log line, inside a JSON string literal in code,
// and in a code frame. Each case goes through the prompt path (buildFixPrompt, shown form), the raw path
// (SARIF, redactRaw) and the shown form of the raw result; the secret must never come back whole (nor, for
// long ones, any 16-character piece of it). Values are generated from a seed, never real credentials.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildFixPrompt } from '../../src/prompt/index.js';
import { renderSarif } from '../../src/output/index.js';
import { buildRedactor, createRedactor, type Redactor } from '../../src/redact/index.js';
import { normaliseText } from '../../src/summarise/index.js';
import { generateSecret } from './generate.js';
import { leaked } from './leak.js';
import { VARIANTS } from './carriers.js';
import type { ResolvedLocation } from '../../src/core/index.js';

interface Kind {
  kind: string;
  line: string;
  secret: string;
}

const kinds = (JSON.parse(readFileSync(new URL('./kinds.json', import.meta.url), 'utf8')) as { kinds: Kind[] }).kinds;

const cases = kinds.flatMap((kind) => {
  const secret = generateSecret(kind.secret, kind.kind);
  return Object.entries(VARIANTS).map(([variant, carry]) => ({ kind: kind.kind, variant, secret, raw: carry(kind.line, secret) }));
});

function location(message: string): ResolvedLocation {
  return {
    file: 'src/app.ts',
    root: '/work',
    absolutePath: '/work/src/app.ts',
    line: 3,
    column: 1,
    endLine: null,
    endColumn: null,
    severity: 'error',
    message,
    code: null,
    format: 'tsc',
    columnUnit: 'utf-16',
    logLine: 1,
  };
}

async function leaksOf(redactor: Redactor): Promise<string[]> {
  const leaks: string[] = [];
  for (const { kind, variant, secret, raw } of cases) {
    const prompt = (await buildFixPrompt({ locations: [location('failed')], summary: raw, outputTail: raw, redactor })).prompt;
    const rawOut = redactor.redactRaw(raw);
    const sarif = JSON.stringify(renderSarif({ locations: [location(raw)], unresolved: [], dropped: [] }, { redactor }));
    const outputs = {
      prompt,
      shown: redactor.redactShown(raw),
      raw: rawOut,
      'raw-as-shown': normaliseText(rawOut),
      sarif: JSON.parse(sarif).runs[0].results[0].message.text as string,
    };
    for (const [path, text] of Object.entries(outputs)) if (leaked(text, secret)) leaks.push(`${kind} × ${variant} → ${path}`);
  }
  return leaks;
}

describe('secret kinds × carriers', () => {
  it('has at least 60 kinds and 6 carriers', () => {
    expect(new Set(kinds.map((kind) => kind.kind)).size).toBeGreaterThanOrEqual(60);
    expect(Object.keys(VARIANTS).length).toBeGreaterThanOrEqual(6);
  });

  it('faultline’s own rules redact every kind in every carrier, on every path', async () => {
    const leaks = await leaksOf(createRedactor());
    console.log(
      `[redaction kinds] ${kinds.length} kinds × ${Object.keys(VARIANTS).length} carriers = ${cases.length} cases × 5 paths; leaks: ${leaks.length}`,
    );
    expect(leaks).toEqual([]);
  });

  it('with secretlint and the environment added, still every kind in every carrier', async () => {
    const redactor = await buildRedactor({ texts: cases.map((entry) => entry.raw), env: { PATH: '/usr/bin' } });
    expect(await leaksOf(redactor)).toEqual([]);
  });

  it('is idempotent: redacting a redacted text changes nothing (prompts redact summaries made of it)', () => {
    const redactor = createRedactor();
    const changed = cases.filter(({ raw }) => {
      const once = redactor.redactShown(raw);
      const rawOnce = redactor.redactRaw(raw);
      return redactor.redactShown(once) !== once || redactor.redactRaw(rawOnce) !== rawOnce;
    });
    expect(changed.map((entry) => `${entry.kind} × ${entry.variant}`)).toEqual([]);
  });

  it('keeps the line structure: a redacted raw text has as many lines as before', () => {
    const redactor = createRedactor();
    for (const { raw } of cases) expect(redactor.redactRaw(raw).split('\n')).toHaveLength(raw.split('\n').length);
  });
});
