// The CI conventions (issue 13) end to end through the CLI: -o/--output, --fail-level, --quiet, the one-line
// hint when nothing printed was found, one-line usage errors, and the colour a wrapped command is allowed.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from './_io.js';

let workspace: string;

beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'fl-conventions-'));
  mkdirSync(join(workspace, 'src'));
  writeFileSync(join(workspace, 'src', 'main.c'), 'int main(void)\n{\n    return missing;\n}\n');
  writeFileSync(join(workspace, 'warnings.log'), 'src/main.c:1:5: warning: unused parameter\nsrc/main.c:2:1: note: declared here\n');
  writeFileSync(join(workspace, 'mixed.log'), 'src/main.c:3:12: error: ‘missing’ undeclared\nsrc/main.c:1:5: warning: unused\n');
  writeFileSync(join(workspace, 'elsewhere.log'), 'lib/a.c:3:1: error: x\nlib/b.c:4:1: error: y\n');
});
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

async function cli(args: string[], env: NodeJS.ProcessEnv = {}, tty = false) {
  const io = captureIo({ cwd: workspace, env: { FAULTLINE_CACHE_DIR: join(workspace, '.cache'), ...env }, tty });
  const code = await runCli(args, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('CI conventions', () => {
  it('-o FILE writes the report there (complete SARIF), nothing to stdout', async () => {
    const { code, out } = await cli(['locate', 'mixed.log', '--root', '.', '--format', 'sarif', '-o', 'report.sarif']);
    expect(code).toBe(1);
    expect(out).toBe('');
    const sarif = JSON.parse(readFileSync(join(workspace, 'report.sarif'), 'utf8'));
    expect(sarif.runs[0].results).toHaveLength(2);
    const long = await cli(['locate', 'mixed.log', '--root', '.', '--output=report.txt']);
    expect(long.out).toBe('');
    expect(readFileSync(join(workspace, 'report.txt'), 'utf8')).toContain('src/main.c:3:12  error');
  });

  it('-o into a missing directory is one line and exit 2', async () => {
    const { code, err } = await cli(['locate', 'mixed.log', '--root', '.', '-o', 'no/such/dir/x.sarif', '--format', 'sarif']);
    expect(code).toBe(2);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
    expect(err).toMatch(/cannot write --output .*x\.sarif: ENOENT \[E_OUTPUT_WRITE\]/);
  });

  it('--fail-level decides the exit code: a warnings-only log passes at error', async () => {
    expect((await cli(['locate', 'warnings.log', '--root', '.'])).code).toBe(1);
    expect((await cli(['locate', 'warnings.log', '--root', '.', '--fail-level', 'error'])).code).toBe(0);
    expect((await cli(['locate', 'warnings.log', '--root', '.', '--fail-level', 'warning'])).code).toBe(1);
    expect((await cli(['locate', 'mixed.log', '--root', '.', '--fail-level', 'error'])).code).toBe(1);
    expect((await cli(['locate', 'mixed.log', '--root', '.', '--fail-level', 'none'])).code).toBe(0);
    const bad = await cli(['locate', 'mixed.log', '--fail-level', 'fatal']);
    expect(bad.code).toBe(2);
    expect(bad.err).toBe("faultline locate: --fail-level must be one of error, warning, note, none (got 'fatal') [E_USAGE]\n");
  });

  it('--quiet reports errors only', async () => {
    const { out } = await cli(['locate', 'mixed.log', '--root', '.', '--quiet', '--json']);
    expect(JSON.parse(out).locations.map((location: any) => location.severity)).toEqual(['error']);
    const warnings = await cli(['locate', 'warnings.log', '--root', '.', '--quiet']);
    expect(warnings.out).toBe('');
    expect(warnings.code).toBe(0);
  });

  it('everything unresolved: one line with the count and the --cwd/--root hint, in every format', async () => {
    for (const format of ['text', 'json', 'sarif']) {
      const { err } = await cli(['locate', 'elsewhere.log', '--root', '.', '--format', format]);
      expect(err).toBe(
        `faultline: 2 places in the log were not found in the workspace (looked from ${workspace}); pass --cwd DIR where the command ran, or --root DIR for the repository\n`,
      );
    }
  });

  it('usage errors are one line', async () => {
    for (const args of [
      ['locate', '--frobnicate'],
      ['nonsense'],
      ['run', '--frobnicate', '--', 'true'],
      ['run'],
      ['read'],
      ['explain', 'a.log', 'b.log'],
    ]) {
      const { code, err } = await cli(args);
      // run's own usage errors are 125, so that 2 stays the command's (issue 24).
      expect(code).toBe(args[0] === 'run' ? 125 : 2);
      expect(err.trimEnd().split('\n'), err).toHaveLength(1);
    }
  });

  it('run: a terminal lets the command colour (FORCE_COLOR=1, CLICOLOR_FORCE=1), a pipe or --no-color does not', async () => {
    const probe = ['run', '--', process.execPath, '-e', 'console.log(`child:${process.env.FORCE_COLOR}:${process.env.CLICOLOR_FORCE}`)'];
    expect((await cli(probe, {}, true)).out).toContain('child:1:1');
    expect((await cli(probe, {}, false)).out).toContain('child:undefined:undefined');
    expect((await cli([probe[0] as string, '--no-color', ...probe.slice(1)], {}, true)).out).toContain('child:undefined:undefined');
    expect((await cli(probe, { FORCE_COLOR: '3' }, true)).out).toContain('child:3:1');
  });
});
