// Every path where log or source text reaches an output meant for a model, with a secret split the way
// terminals split them (an SGR reset, a CR redraw, `X\b`): the `prompt` command, `read`/search with
// redact, `run --json --redact`, `explain` with redact and SARIF. Each also checks that without redaction
// the shown form does hold the secret, so the test proves the redaction and not an absent secret.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { promptCommand } from '../../src/cli/commands/prompt.js';
import { runCommandCli } from '../../src/cli/commands/run.js';
import { readArtifact, searchArtifact } from '../../src/capture/index.js';
import { explainLocations } from '../../src/lsp-client/index.js';
import { locate } from '../../src/locate/index.js';
import { renderSarif } from '../../src/output/index.js';
import { normaliseText } from '../../src/summarise/index.js';
import { generateSecret } from '../redaction-corpus/generate.js';

const workspace = mkdtempSync(join(tmpdir(), 'faultline-redaction-paths-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

const token = generateSecret('ghp_{alnum:36}', 'paths-github');
const password = generateSecret('{pw:12}', 'paths-password');
const half = (secret: string) => Math.floor(secret.length / 2);
const sgr = (secret: string) => `${secret.slice(0, half(secret))}\u001b[0m\u001b[1m${secret.slice(half(secret))}`;
const backspaced = (secret: string) => `${secret.slice(0, half(secret))}X\b${secret.slice(half(secret))}`;
const redrawn = (line: string, secret: string) => `${line.replace(secret, secret.slice(0, half(secret)))}\r${line}`;

// What a failing CI step printed: the secrets split three ways, then a located error.
const log = [
  `\u001b[32mUsing token ${sgr(token)}\u001b[0m`,
  redrawn(`DB_PASSWORD=${password}`, password),
  `retrying with ${backspaced(token)}`,
  "src/app.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
].join('\n');
mkdirSync(join(workspace, 'src'));
writeFileSync(
  join(workspace, 'src/app.ts'),
  ['// app', `const auth = "Authorization: Bearer " + "${token}";`, 'let n: number = "0";', ''].join('\n'),
);
writeFileSync(join(workspace, 'ci.log'), log);

function io(): CliIo & { out: string; err: string } {
  const state = { out: '', err: '' };
  return Object.assign(state, {
    stdout: (text: string) => void (state.out += text),
    stderr: (text: string) => void (state.err += text),
    stdin: Readable.from([]),
    stdinIsTTY: false,
    stdoutIsTTY: false,
    env: { PATH: process.env.PATH, HOME: workspace, FAULTLINE_CACHE_DIR: join(workspace, 'cache'), FAULTLINE_SESSION: 'redaction-paths' },
    cwd: workspace,
  });
}

const holds = (text: string) => text.includes(token) || text.includes(password);

describe('text meant for a model is redacted in the form it is shown', () => {
  it('the shown form of the log holds both secrets whole (the premise)', () => {
    const shown = normaliseText(log);
    expect(shown).toContain(token);
    expect(shown).toContain(password);
  });

  it('faultline prompt: no secret in the prompt, the code attachment or the tail', async () => {
    const out = io();
    await promptCommand.run([join(workspace, 'ci.log'), '--json'], out);
    const prompt = (JSON.parse(out.out) as { prompt: string }).prompt;
    expect(prompt).toContain('TS2322');
    expect(prompt).toContain('Bearer ');
    expect(holds(prompt)).toBe(false);
  });

  it('read and search with redact: true return no secret; without it the shown lines hold them', async () => {
    const artifact = join(workspace, 'ci.log');
    const plain = await readArtifact({ artifact });
    expect(holds(plain.lines.map((line) => line.text).join('\n'))).toBe(true);
    const redacted = await readArtifact({ artifact, redact: true });
    expect(redacted.lines).toHaveLength(plain.lines.length);
    expect(holds(redacted.lines.map((line) => line.text).join('\n'))).toBe(false);
    const search = await searchArtifact({ artifact, search: 'token|DB_PASSWORD|retrying', context: 1, redact: true });
    expect(search.total).toBe(3);
    expect(holds(JSON.stringify(search.matches))).toBe(false);
  });

  it('read with redact: a PEM block over several lines and a token across the display cut both go', async () => {
    const body = [generateSecret('{b64:64}', 'paths-pem-1'), generateSecret('{b64:64}', 'paths-pem-2')];
    const pem = ['-----BEGIN PRIVATE KEY-----', ...body, '-----END PRIVATE KEY-----'];
    // The display cut (capLineText, 2 000 units: head 666, tail 1 334) starts the tail inside the token.
    const long = `${'progress '.repeat(100)}${token} done ${'.'.repeat(1310)}`;
    writeFileSync(join(workspace, 'pem.log'), [...pem, long, ''].join('\n'));
    const page = await readArtifact({ artifact: join(workspace, 'pem.log'), redact: true });
    const text = page.lines.map((line) => line.text).join('\n');
    expect(page.lines).toHaveLength(5);
    for (const secret of body) expect(text).not.toContain(secret.slice(0, 16));
    expect(text).not.toContain(token.slice(-12));
    const plain = (await readArtifact({ artifact: join(workspace, 'pem.log') })).lines.map((line) => line.text).join('\n');
    expect(plain).toContain(body[0]);
    expect(plain).toContain(token.slice(-12));
    expect(plain).not.toContain(token);
  });

  it('run --json --redact: the preview and the messages hold no secret; without --redact the preview does', async () => {
    const script = `cat ${JSON.stringify(join(workspace, 'ci.log'))}; exit 2`;
    const plain = io();
    expect(await runCommandCli.run(['--json', '--', 'bash', '-c', script], plain)).toBe(2);
    expect(holds(normaliseText((JSON.parse(plain.out) as { preview: { text: string } }).preview.text))).toBe(true);
    const redacted = io();
    expect(await runCommandCli.run(['--json', '--redact', '--', 'bash', '-c', script], redacted)).toBe(2);
    expect(holds(normaliseText(redacted.out))).toBe(false);
    expect(holds(redacted.out)).toBe(false);
  });

  it('explainLocations with redact: the frame of code built by concatenation holds no token', async () => {
    const result = await locate({ path: join(workspace, 'ci.log') }, { cwd: workspace, roots: [workspace] });
    const plain = await explainLocations({ locations: result.locations, roots: [workspace], noLsp: true, contextLines: 2 });
    expect(plain[0]?.excerpt).toContain(token);
    const items = await explainLocations({ locations: result.locations, roots: [workspace], noLsp: true, contextLines: 2, redact: true });
    expect(items[0]?.excerpt).toContain('Bearer');
    expect(items[0]?.excerpt).not.toContain(token);
  });

  it('SARIF: a message carrying a split secret is redacted with the escapes inside it', () => {
    const location = {
      file: 'src/app.ts',
      root: workspace,
      absolutePath: join(workspace, 'src/app.ts'),
      line: 3,
      column: 7,
      endLine: null,
      endColumn: null,
      severity: 'error' as const,
      message: `bad token ${sgr(token)}`,
      code: null,
      format: 'tsc',
      columnUnit: 'utf-16' as const,
      logLine: 4,
    };
    const sarif = JSON.stringify(renderSarif({ locations: [location], unresolved: [], dropped: [] }));
    expect(sarif).toContain('[REDACTED:github-token]');
    expect(holds(normaliseText(JSON.parse(sarif).runs[0].results[0].message.text as string))).toBe(false);
  });
});
