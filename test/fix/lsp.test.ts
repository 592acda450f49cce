// faultline fix --lsp (issue 23): the language server's quick fixes for located diagnostics no tool fix came with,
// from a real typescript-language-server on a real tsc error. They are review fixes: applied only with --unsafe.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from '../cli/_io.js';

const TSC = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'tsc');
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function project(): { tree: string; env: NodeJS.ProcessEnv } {
  const base = mkdtempSync(join(tmpdir(), 'fl-fix-lsp-'));
  made.push(base);
  const tree = join(base, 'tree');
  mkdirSync(join(tree, 'src'), { recursive: true });
  writeFileSync(
    join(tree, 'tsconfig.json'),
    '{ "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022" }, "include": ["src"] }\n',
  );
  // TS2552 (`Did you mean 'counter'?`), after non-ASCII text on the line so UTF-16 columns matter.
  writeFileSync(join(tree, 'src', 'a.ts'), 'const counter = 1;\nconst label = "é😀"; console.log(label, countr);\n');
  return { tree, env: { ...process.env, FAULTLINE_CACHE_DIR: join(base, '.cache'), FAULTLINE_SESSION: `fix-lsp-${base}` } };
}

async function cli(args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const io = captureIo({ cwd, env });
  const code = await runCli(args, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('faultline fix --lsp', () => {
  it("tsc TS2552 has no tool fix; without --lsp nothing is offered, with --lsp the server's spelling fix is a review fix", async () => {
    const { tree, env } = project();
    const ran = await cli(['run', '--', TSC, '-p', '.'], tree, env);
    expect(ran.out).toContain('TS2552');
    const plain = await cli(['fix', '--last'], tree, env);
    expect(plain.err).toMatch(/0 fix\(es\)/);

    const offered = await cli(['fix', '--last', '--lsp', '--json'], tree, env);
    const report = JSON.parse(offered.out) as {
      rejected: Array<{ reason: string; fix: { source: string; safety: string; description: string; diagnostic: { code: string } } }>;
    };
    const fix = report.rejected.find((entry) => entry.fix.source === 'lsp:typescript-language-server');
    expect(fix?.reason).toBe('unsafe');
    expect(fix?.fix.safety).toBe('review');
    expect(fix?.fix.diagnostic.code).toBe('TS2552');
    expect(fix?.fix.description).toMatch(/counter/);
    expect(readFileSync(join(tree, 'src', 'a.ts'), 'utf8')).toContain('countr)');

    const applied = await cli(['fix', '--last', '--lsp', '--apply', '--unsafe'], tree, env);
    expect(applied.err).toMatch(/1 fix\(es\) applied/);
    expect(readFileSync(join(tree, 'src', 'a.ts'), 'utf8')).toBe('const counter = 1;\nconst label = "é😀"; console.log(label, counter);\n');
  }, 120_000);
});
