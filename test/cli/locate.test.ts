// `faultline locate` end to end through the CLI dispatcher: contract, exit codes, bad input.
import { mkdtempSync, mkdirSync, writeFileSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from './_io.js';

let workspace: string;

beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'fl-cli-'));
  mkdirSync(join(workspace, 'src'));
  writeFileSync(join(workspace, 'src', 'main.c'), 'int main(void)\n{\n    return missing;\n}\n');
  writeFileSync(
    join(workspace, 'build.log'),
    'gcc -c src/main.c\nsrc/main.c:3:12: error: ‘missing’ undeclared\nsrc/main.c:1:5: warning: unused\n',
  );
});

async function locate(args: string[], stdin?: string | Buffer, env: NodeJS.ProcessEnv = {}) {
  const io = captureIo({ cwd: workspace, ...(stdin !== undefined ? { stdin } : {}), env });
  const code = await runCli(['locate', ...args], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('faultline locate', () => {
  it('prints the versioned JSON contract and exits 1 when locations are found', async () => {
    const { code, out } = await locate(['build.log', '--json', '--root', '.']);
    expect(code).toBe(1);
    const json = JSON.parse(out);
    expect(json.version).toBe(1);
    expect(Object.keys(json)).toEqual(['version', 'locations', 'unresolved', 'dropped']);
    expect(json.locations[0]).toMatchObject({ file: 'src/main.c', line: 3, column: 12, severity: 'error', format: 'gcc', logLine: 2 });
    expect(Object.keys(json.locations[0])).toEqual([
      'file',
      'root',
      'line',
      'column',
      'endLine',
      'endColumn',
      'severity',
      'message',
      'format',
      'logLine',
      'columnUnit',
      'code',
    ]);
  });

  it('prints text with a code frame under the primary, without colour when not a TTY', async () => {
    const { out } = await locate(['build.log', '--root', '.']);
    expect(out).toContain('src/main.c:3:12  error');
    expect(out).toContain('> 3 |     return missing;');
    expect(out).toContain('^');
    expect(out).not.toContain('\u001b[');
  });

  it('reads NO_COLOR and FORCE_COLOR as Node does (FORCE_COLOR=1 overrides NO_COLOR; FORCE_COLOR=0 disables); flags win', async () => {
    const coloured = async (env: NodeJS.ProcessEnv, tty: boolean, flags: string[] = []) => {
      const io = captureIo({ cwd: workspace, env, tty });
      await runCli(['locate', 'build.log', '--root', '.', ...flags], io);
      return io.out.join('').includes('\u001b[');
    };
    expect(await coloured({ NO_COLOR: '1' }, true)).toBe(false);
    expect(await coloured({}, true)).toBe(true);
    expect(await coloured({}, false)).toBe(false);
    expect(await coloured({ NO_COLOR: '1', FORCE_COLOR: '1' }, true)).toBe(true);
    expect(await coloured({ FORCE_COLOR: '' }, false)).toBe(true);
    expect(await coloured({ FORCE_COLOR: '0' }, true)).toBe(false);
    expect(await coloured({ FORCE_COLOR: 'false' }, true)).toBe(false);
    expect(await coloured({ TERM: 'dumb' }, true)).toBe(false);
    expect(await coloured({ NO_COLOR: '1' }, false, ['--color'])).toBe(true);
    expect(await coloured({ FORCE_COLOR: '1' }, true, ['--no-color'])).toBe(false);
  });

  it('reads standard input with - and exits 0 when nothing is found', async () => {
    const { code, out, err } = await locate(['-', '--json'], 'all good\n12:30:45 done\n');
    expect(code).toBe(0);
    expect(JSON.parse(out).locations).toEqual([]);
    expect(err).toBe('');
  });

  it('says an empty log is empty and exits 0', async () => {
    writeFileSync(join(workspace, 'empty.log'), '');
    const { code, err } = await locate(['empty.log']);
    expect(code).toBe(0);
    expect(err).toContain('the log is empty');
  });

  it('a missing file is a usage error (exit 2) with a one-line message', async () => {
    const { code, err } = await locate(['nope.log']);
    expect(code).toBe(2);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toMatch(/log file not found: .*nope\.log/);
  });

  it('refuses a binary file with a clear error, and scans it with --binary', async () => {
    writeFileSync(
      join(workspace, 'a.out'),
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.from('\nsrc/main.c:3:12: error: x\n')]),
    );
    const refused = await locate(['a.out']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('ELF executable');
    const forced = await locate(['a.out', '--binary', '--json', '--root', '.']);
    expect(JSON.parse(forced.out).locations[0].file).toBe('src/main.c');
  });

  it('keeps going through invalid UTF-8 and NUL bytes', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x0a, 0xc3, 0x28, 0x0a]),
      Buffer.from('src/main.c:3:12: error: x\0y\n'),
    ]);
    writeFileSync(join(workspace, 'mixed.log'), bytes);
    const { code, out } = await locate(['mixed.log', '--json', '--root', '.']);
    expect(code).toBe(1);
    expect(JSON.parse(out).locations[0]).toMatchObject({ file: 'src/main.c', line: 3, logLine: 3 });
  });

  it('handles a 100 MB line with a location after it', async () => {
    const path = join(workspace, 'huge.log');
    const stream = createWriteStream(path);
    const block = Buffer.alloc(1024 * 1024, 'A');
    for (let index = 0; index < 100; index++) if (!stream.write(block)) await once(stream, 'drain');
    stream.end('\nsrc/main.c:3:12: error: after the huge line\n');
    await once(stream, 'finish');
    const { code, out } = await locate(['huge.log', '--json', '--root', '.']);
    expect(code).toBe(1);
    expect(JSON.parse(out).locations[0]).toMatchObject({ line: 3, logLine: 2 });
  }, 60_000);

  it('reports a path outside the workspace as unresolved without reading it', async () => {
    writeFileSync(join(workspace, 'outside.log'), '/etc/passwd.c:1:1: error: not ours\n../../etc/shadow.c:2:1: error: nor this\n');
    const { code, out } = await locate(['outside.log', '--json', '--root', '.']);
    const json = JSON.parse(out);
    expect(code).toBe(0);
    expect(json.locations).toEqual([]);
    expect(json.unresolved.map((entry: { reason: string }) => entry.reason)).toEqual(['not-found', 'outside-root']);
  });

  it('--without-tool leaves a format out: the line falls to the next format that reads it, here generic', async () => {
    const without = JSON.parse((await locate(['build.log', '--json', '--root', '.', '--without-tool', 'gcc'])).out);
    expect(without.locations[0]).toMatchObject({ file: 'src/main.c', line: 3, column: 12, format: 'generic' });
    expect(without.locations.map((loc: { format: string }) => loc.format)).not.toContain('gcc');
    const neither = JSON.parse(
      (await locate(['build.log', '--json', '--root', '.', '--without-tool', 'gcc', '--without-tool', 'generic'])).out,
    );
    expect(neither.locations.map((loc: { format: string }) => loc.format)).not.toContain('generic');
  });

  it('--without-tool refuses an unknown name, and leaving out every format --tool chose', async () => {
    const unknown = await locate(['build.log', '--without-tool', 'gcx']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("unknown format 'gcx' (did you mean gcc?)");
    const nothing = await locate(['build.log', '--tool', 'gcc', '--without-tool', 'gcc']);
    expect(nothing.code).toBe(2);
    expect(nothing.err).toContain('every format chosen is also left out');
  });

  it('rejects an unknown option and an unknown --tool with exit 2', async () => {
    expect((await locate(['build.log', '--frobnicate'])).code).toBe(2);
    const unknown = await locate(['build.log', '--tool', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("unknown format 'nope'");
  });
});

afterAll(() => undefined);
