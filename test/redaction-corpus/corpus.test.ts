// The redaction corpus: realistic logs with planted (fake) secrets listed in manifest.json, and benign
// logs full of high-entropy public strings (git SHAs, SRI hashes, digests, UUIDs, source maps).
// Every planted secret must go; false positives on benign lines are counted, printed and bounded.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildRedactor, createRedactor } from '../../src/redact/index.js';

interface Manifest {
  env: Record<string, string>;
  secrets: Array<{ file: string; kind: string; value: string }>;
}

const here = (path: string) => new URL(path, import.meta.url);
const manifest = JSON.parse(readFileSync(here('./manifest.json'), 'utf8')) as Manifest;
const logs = readdirSync(here('./logs/')).sort();
const benign = readdirSync(here('./benign/')).sort();
const read = (dir: string, file: string) => readFileSync(here(`./${dir}/${file}`), 'utf8');

// Benign samples may legitimately be touched at most this often (explicit bound, see the report).
const MAX_FALSE_POSITIVES = 2;

function leaked(text: string, secret: string): boolean {
  if (text.includes(secret)) return true;
  // A long secret must not survive in part either (a 16-char window is never a coincidence).
  if (secret.length < 24) return false;
  for (let start = 0; start + 16 <= secret.length; start += 4) if (text.includes(secret.slice(start, start + 16))) return true;
  return false;
}

describe('redaction corpus', () => {
  it('redacts 100 % of the planted secrets (secretlint + own rules + environment)', async () => {
    const texts = logs.map((file) => read('logs', file));
    const redactor = await buildRedactor({ texts, env: manifest.env });
    const redacted = new Map(logs.map((file, index) => [file, redactor.redact(texts[index] ?? '')]));
    const missed = manifest.secrets.filter((secret) => leaked(redacted.get(secret.file) ?? '', secret.value));
    console.log(
      `[redaction corpus] planted ${manifest.secrets.length} secrets (${new Set(manifest.secrets.map((s) => s.kind)).size} kinds) in ${logs.length} logs; redacted ${manifest.secrets.length - missed.length}; by type: ${redactor
        .counts()
        .map((count) => `${count.type}=${count.count}`)
        .join(' ')}`,
    );
    expect(missed.map((secret) => `${secret.file}: ${secret.kind}`)).toEqual([]);
  });

  it('own rules alone (no secretlint, no environment) catch all but the environment-only secret', () => {
    const redactor = createRedactor();
    const missed = manifest.secrets.filter((secret) => leaked(redactor.redact(read('logs', secret.file)), secret.value));
    console.log(`[redaction corpus] own rules only: missed ${missed.length}: ${missed.map((secret) => secret.kind).join(', ')}`);
    expect(missed.map((secret) => secret.kind)).toEqual(['env_plain']);
  });

  it('keeps false positives on benign content within the bound', async () => {
    let samples = 0;
    const changed: string[] = [];
    for (const file of benign) {
      const text = read('benign', file);
      const redactor = await buildRedactor({ texts: [text], env: {} });
      const before = text.split('\n');
      const after = redactor.redact(text).split('\n');
      expect(after).toHaveLength(before.length);
      before.forEach((line, index) => {
        if (line.trim() === '') return;
        samples++;
        if (after[index] !== line) changed.push(`${file}: ${after[index]}`);
      });
    }
    console.log(`[redaction corpus] benign: ${changed.length} false positives in ${samples} samples\n  ${changed.join('\n  ')}`);
    expect(samples).toBeGreaterThan(150);
    expect(changed.length).toBeLessThanOrEqual(MAX_FALSE_POSITIVES);
  });
});
