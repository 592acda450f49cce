import { describe, expect, it } from 'vitest';
import { isFaultlineError } from '../../src/core/index.js';
import { buildFixPrompt, fence, longestBacktickRun } from '../../src/prompt/index.js';
import { location } from './helpers.js';

const run = { command: ['npm', 'test'], cwd: '/repo', exitCode: 1 };
const stripeKey = `sk_live_${'Q7w9E2r4T6y8U1i3O5p7A9s2'}`;

describe('fence', () => {
  it('is longer than any backtick run inside, minimum three', () => {
    expect(longestBacktickRun('a ``` b ```` c')).toBe(4);
    expect(fence('plain')).toBe('```\nplain\n```');
    expect(fence('x\n````\ny', 'md')).toBe('`````md\nx\n````\ny\n`````');
  });
});

describe('buildFixPrompt', () => {
  it('fences safely and redacts before building (seeds case 25)', async () => {
    const output = [
      'Here is the config:',
      '```yaml',
      'token: x',
      '```',
      'Authorization: Bearer 9f8e7d6c5b4a39281706',
      `export STRIPE_KEY=${stripeKey}`,
    ].join('\n');
    const result = await buildFixPrompt({ run, locations: [location()], summary: 'error TS2322', outputTail: output });
    expect(result.prompt).not.toContain('9f8e7d6c5b4a39281706');
    expect(result.prompt).not.toContain(stripeKey);
    expect(result.prompt).toContain('Authorization: Bearer [REDACTED:auth-header]');
    expect(result.prompt).toContain('export STRIPE_KEY=[REDACTED:stripe-key]');
    // The output's ``` must not close the prompt's fence: the fence around it is ````.
    expect(result.prompt).toMatch(/Output \(end\):\n````\n/);
    expect(result.redactions).toEqual([
      { type: 'auth-header', count: 1 },
      { type: 'stripe-key', count: 1 },
    ]);
  });

  it('fills in the fixed order and reports chars and tokens', async () => {
    const result = await buildFixPrompt({
      run,
      locations: [location(), location({ file: 'src/b.ts', line: 3 })],
      summary: "src/app.ts(12,7): error TS2322: Type 'string' is not assignable",
      symbols: [
        {
          name: 'total',
          kind: 'function',
          startLine: 10,
          endLine: 14,
          source: 'function total() {\n  let n: number = "0";\n}',
          file: 'src/app.ts',
        },
        { name: 'helper', kind: 'function', startLine: 1, endLine: 3, source: 'function helper() {}', file: 'src/b.ts' },
      ],
      outputTail: 'line a\nline b',
    });
    const order = [
      'A command failed',
      'Command: npm test',
      'Error summary:',
      'Code of function `total` in src/app.ts, lines 10–14:',
      'Code of function `helper`',
      'Output (end):',
    ];
    const positions = order.map((needle) => result.prompt.indexOf(needle));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(result.prompt).toContain('```ts\nfunction total()');
    expect(result.prompt).toContain('Primary location: src/app.ts:12:7 — error TS2322');
    expect(result.prompt).toContain('- src/b.ts:3:7');
    expect(result.chars).toBe(result.prompt.length);
    expect(result.approxTokens).toBe(Math.ceil(result.chars / 4));
    expect(result.omitted).toEqual([]);
  });

  it('stays within the budget and marks every omission', async () => {
    const big = Array.from({ length: 4000 }, (_, index) => `output line ${index}`).join('\n');
    const source = Array.from({ length: 800 }, (_, index) => `const v${index} = ${index};`).join('\n');
    const symbols = [0, 1, 2, 3].map((index) => ({
      name: `f${index}`,
      kind: 'function',
      startLine: 1,
      endLine: 800,
      source,
      file: `src/f${index}.ts`,
    }));
    for (const budget of [1000, 3000, 12_000]) {
      const result = await buildFixPrompt({
        run,
        locations: [location()],
        summary: 'error TS2322',
        symbols,
        outputTail: `${big}\nFINAL ERROR LINE`,
      });
      const bounded = await buildFixPrompt({
        run,
        locations: [location()],
        summary: 'error TS2322',
        symbols,
        outputTail: `${big}\nFINAL ERROR LINE`,
        budget,
      });
      expect(result.chars).toBeLessThanOrEqual(12_000);
      expect(bounded.chars).toBeLessThanOrEqual(budget);
      expect(bounded.prompt).toContain('FINAL ERROR LINE');
      expect(bounded.prompt).toMatch(/omitted/);
      expect(bounded.omitted).toContain('1 more attachments');
    }
  });

  it('centres a long attachment on the located line, marking what is cut above and below', async () => {
    const source = Array.from({ length: 800 }, (_, index) => `const v${index + 1} = ${index + 1};`).join('\n');
    const result = await buildFixPrompt({
      run,
      locations: [location({ line: 500 })],
      symbols: [{ name: 'big', kind: 'function', startLine: 1, endLine: 800, source, file: 'src/app.ts' }],
      budget: 2000,
    });
    expect(result.prompt).toContain('const v500 = 500;');
    expect(result.prompt).toMatch(/\[… \d+ lines above omitted …\]/);
    expect(result.prompt).toMatch(/\[… \d+ lines below omitted …\]/);
    expect(result.chars).toBeLessThanOrEqual(2000);
  });

  it('redacts secrets that straddle what would be a cut point', async () => {
    const token = `ghp_${'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2'}`;
    const tail = `${'x'.repeat(5000)}${token}${'y'.repeat(5000)}`;
    const result = await buildFixPrompt({ run, locations: [location()], outputTail: tail, budget: 2000 });
    // No fragment of the token may survive, whichever side of the cut it fell on.
    for (let start = 4; start + 8 <= token.length; start += 4) expect(result.prompt).not.toContain(token.slice(start, start + 8));
  });

  it('redacts environment secrets verbatim', async () => {
    const result = await buildFixPrompt({
      run: { command: ['deploy', '--key', 'hunter2hunter2'], cwd: '/repo', exitCode: 1 },
      locations: [location()],
      outputTail: 'using hunter2hunter2 to log in',
      env: { DEPLOY_PASSWORD: 'hunter2hunter2', PWD: '/repo/very/long/path' },
    });
    expect(result.prompt).not.toContain('hunter2hunter2');
    expect(result.prompt).toContain('[REDACTED:env:DEPLOY_PASSWORD]');
    expect(result.prompt).toContain('/repo');
  });

  it('rejects a budget that cannot hold the instruction', async () => {
    await expect(buildFixPrompt({ run, locations: [location()], budget: 50 })).rejects.toSatisfy((error) =>
      isFaultlineError(error, 'E_BUDGET'),
    );
  });
});
