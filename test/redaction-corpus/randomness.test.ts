// Length-aware randomness: random passwords of 10 and 12 characters and 32-hex keys after a secret name
// are caught (a fixed 3.5-bit cut can never pass 10 characters: log2(10) ≈ 3.32), judged on 2 000 seeded
// values per shape. The few misses are values that read like a name (orOtsickfy) or a code path.
import { describe, expect, it } from 'vitest';
import { createRedactor, shannonEntropy } from '../../src/redact/index.js';
import { generateSecret } from './generate.js';

const SHAPES: Array<[template: string, line: string, minimumShare: number]> = [
  ['{pw:10}', 'DB_PASSWORD={secret}', 0.99],
  ['{pw:12}', 'password: {secret}', 0.99],
  ['{alnum:10}', 'password={secret}', 0.99],
  ['{alnum:12}', '"password": "{secret}"', 0.99],
  ['{hex:32}', 'API_KEY={secret}', 1],
  ['{hex:32}', 'twilio_auth_token: {secret}', 1],
  ['{b64:40}', 'aws_secret_access_key = {secret}', 0.99],
];

describe('length-aware randomness', () => {
  const redactor = createRedactor();
  it.each(SHAPES)('%s after %s: caught in at least the given share of 2 000 seeded values', (template, line, minimumShare) => {
    let caught = 0;
    let belowOldCut = 0;
    for (let index = 0; index < 2000; index++) {
      const secret = generateSecret(template, `randomness-${template}-${index}`);
      if (shannonEntropy(secret) < 3.5) belowOldCut++;
      if (!redactor.redact(line.replace('{secret}', secret)).includes(secret)) caught++;
    }
    console.log(
      `[randomness] ${template} after ${line}: caught ${caught}/2000; ${belowOldCut} are below the old 3.5-bit cut (missed before)`,
    );
    expect(caught / 2000).toBeGreaterThanOrEqual(minimumShare);
  });
});
