// The CLI side of issue 24 items 8 and 9: `--efm` on locate and run, the project file (faultline.config.json: formats,
// ignored paths, severity overrides) and reviewdog's diff filter, on a real git work tree with real processes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from './_io.js';
import { needs } from '../_tools.js';

let work: string;

function git(...args: string[]): void {
  execFileSync('git', args, {
    cwd: work,
    stdio: 'ignore',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' },
  });
}

function write(path: string, text: string): void {
  mkdirSync(join(work, path, '..'), { recursive: true });
  writeFileSync(join(work, path), text);
}

async function cli(args: string[], stdin?: string) {
  const io = captureIo({ cwd: work, ...(stdin !== undefined ? { stdin } : {}), env: { PATH: process.env.PATH ?? '' } });
  const code = await runCli(args, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

const places = (out: string): string[] =>
  (JSON.parse(out) as { locations: Array<{ file: string; line: number; severity: string | null; format: string }> }).locations.map(
    (location) => `${location.file}:${location.line} ${location.severity ?? '-'} ${location.format}`,
  );

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'faultline-user-settings-'));
  for (const file of ['src/a.ts', 'src/b.ts', 'gen/out.ts'])
    write(file, Array.from({ length: 20 }, (_, index) => `line ${index + 1}`).join('\n') + '\n');
});

describe('--efm', () => {
  // A made-up tool whose lines no built-in format reads: `<<file>> @ line: message`.
  const log = '<<src/a.ts>> @ 3: first\n<<src/b.ts>> @ 7: second\nsrc/a.ts:5:1 - error TS2304: Cannot find name.\n';

  it('reads a shape no built-in format knows, beside the built-in formats', async () => {
    write('build.log', log);
    const { code, out } = await cli(['locate', 'build.log', '--json', '--efm', '<<%f>> @ %l: %m']);
    expect(code).toBe(1);
    expect(places(out)).toEqual(['src/a.ts:5 error tsc-pretty', 'src/a.ts:3 - efm', 'src/b.ts:7 - efm']);
  });

  it("ending with %-G%.%# makes the user's patterns the only reader", async () => {
    write('build.log', log);
    const { out } = await cli(['locate', 'build.log', '--json', '--efm', '<<%f>> @ %l: %m', '--efm', '%-G%.%#']);
    expect(places(out)).toEqual(['src/a.ts:3 - efm', 'src/b.ts:7 - efm']);
  });

  it('a malformed pattern is a one-line usage error (exit 2), before anything is read', async () => {
    const { code, err } = await cli(['locate', 'missing.log', '--efm', '%f:%l: %q']);
    expect(code).toBe(2);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toContain("--efm '%f:%l: %q': unknown item %q");
  });

  it('prompt and explain read with the pattern too (not accepted and ignored)', async () => {
    write('build.log', '<<src/b.ts>> @ 7: second\n');
    const prompt = await cli(['prompt', 'build.log', '--efm', '<<%f>> @ %l: %m']);
    expect(prompt.code, prompt.err).toBe(0);
    expect(prompt.out).toContain('src/b.ts:7');
    const explain = await cli(['explain', 'build.log', '--json', '--no-lsp', '--efm', '<<%f>> @ %l: %m']);
    expect(explain.out).toContain('src/b.ts');
    expect((await cli(['prompt', '-', '--diff', '-'], '<<src/b.ts>> @ 7: x\n')).err).toContain('both read standard input');
  });

  it('run --efm reads the command output with the pattern', async () => {
    const { code, out } = await cli([
      'run',
      '--json',
      '--efm',
      '<<%f>> @ %l: %m',
      '--efm',
      '%-G%.%#',
      '--',
      'sh',
      '-c',
      "printf '<<src/b.ts>> @ 4: from run\\n'; exit 3",
    ]);
    expect(code).toBe(3);
    expect(
      (JSON.parse(out) as { locations: Array<{ file: string; line: number }> }).locations.map(
        (location) => `${location.file}:${location.line}`,
      ),
    ).toEqual(['src/b.ts:4']);
  });
});

describe('the project file (faultline.config.json)', () => {
  it('names formats, ignores paths and overrides severities', async () => {
    write(
      'faultline.config.json',
      JSON.stringify({
        formats: [{ name: 'house-tool', efm: ['[%t] %f#%l %m'] }],
        ignore: ['gen/'],
        severity: { TS2304: 'warning', 'house-tool': 'note', TS7006: 'off' },
      }),
    );
    write(
      'build.log',
      '[E] src/a.ts#2 house rule\n[E] gen/out.ts#1 generated\nsrc/b.ts:5:1 - error TS2304: Cannot find name.\nsrc/b.ts:6:1 - error TS7006: implicit any.\n',
    );
    const { out } = await cli(['locate', 'build.log', '--json']);
    expect(places(out)).toEqual(['src/b.ts:5 warning tsc-pretty', 'src/a.ts:2 note house-tool']);
    const dropped = (JSON.parse(out) as { dropped: Array<{ file: string; reason: string }> }).dropped;
    expect(dropped).toEqual(
      expect.arrayContaining([
        { file: 'gen/out.ts', line: 1, reason: 'ignored' },
        { file: 'src/b.ts', line: 6, reason: 'ignored' },
      ]),
    );
  });

  it('is also read from the "faultline" key of package.json, beside the language-server table', async () => {
    write(
      'package.json',
      JSON.stringify({ name: 'p', faultline: { servers: {}, formats: [{ name: 'house-tool', efm: ['[%t] %f#%l %m'] }] } }),
    );
    write('build.log', '[W] src/a.ts#2 house rule\n');
    expect(places((await cli(['locate', 'build.log', '--json'])).out)).toEqual(['src/a.ts:2 warning house-tool']);
  });

  it.each([
    ['{"formats": 3}', /"formats" must be a list/],
    ['{"colour": true}', /unknown key "colour"/],
    ['{"severity": {"x": "loud"}}', /severity "x" must be error, warning, note or off/],
    ['{"formats": [{"name": "Bad Name", "efm": ["%f"]}]}', /kebab-case/],
    ['{not json', /not valid JSON/],
  ])('%s is a one-line configuration error naming the file', async (text, message) => {
    write('faultline.config.json', text);
    write('build.log', 'src/a.ts:1:1 - error TS1: x\n');
    const { code, err } = await cli(['locate', 'build.log']);
    expect(code).toBe(2);
    expect(err).toMatch(message);
    expect(err).toContain('faultline.config.json');
    expect(err.trim().split('\n')).toHaveLength(1);
  });
});

describe(`diff filtering ${needs('git')}`, () => {
  const log = [
    'src/a.ts:2:1 - error TS1: on an added line',
    'src/a.ts:4:1 - error TS2: in the hunk context',
    'src/a.ts:15:1 - error TS3: far from the change',
    'src/b.ts:1:1 - error TS4: in an untouched file',
    '',
  ].join('\n');

  beforeEach(() => {
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'base');
    // One added line at 2 (context 1 and 3–5 around it in a -U3 hunk).
    write('src/a.ts', ['line 1', 'added line', ...Array.from({ length: 19 }, (_, index) => `line ${index + 2}`)].join('\n') + '\n');
    write('build.log', log);
  });

  it.each([
    ['added', ['src/a.ts:2']],
    ['diff_context', ['src/a.ts:2', 'src/a.ts:4']],
    ['file', ['src/a.ts:2', 'src/a.ts:4', 'src/a.ts:15']],
    ['nofilter', ['src/a.ts:2', 'src/a.ts:4', 'src/a.ts:15', 'src/b.ts:1']],
  ])('--filter-mode %s with --diff-base keeps what that mode keeps', async (mode, expected) => {
    const { out, err } = await cli(['locate', 'build.log', '--json', '--diff-base', 'HEAD', '--filter-mode', mode]);
    expect(places(out).map((place) => place.split(' ')[0])).toEqual(expected);
    if (mode === 'added') expect(err).toContain('3 locations outside the change left out');
  });

  it('--diff FILE and --diff - read a unified diff (default mode: added), for every output format', async () => {
    write('change.diff', execFileSync('git', ['diff'], { cwd: work, encoding: 'utf8' }));
    const fromFile = await cli(['locate', 'build.log', '--json', '--diff', 'change.diff']);
    expect(places(fromFile.out).map((place) => place.split(' ')[0])).toEqual(['src/a.ts:2']);
    const fromStdin = await cli(
      ['locate', 'build.log', '--format', 'unix', '--diff', '-'],
      execFileSync('git', ['diff'], { cwd: work, encoding: 'utf8' }),
    );
    expect(fromStdin.out.trim().split('\n')).toEqual([expect.stringMatching(/^src\/a\.ts:2:1: error: on an added line/)]);
  });

  it('refuses what cannot work, in one line each', async () => {
    expect((await cli(['locate', 'build.log', '--filter-mode', 'added'])).err).toContain('needs the change');
    expect((await cli(['locate', 'build.log', '--filter-mode', 'some'])).err).toContain(
      '--filter-mode must be one of added, diff_context, file, nofilter',
    );
    expect((await cli(['locate', 'build.log', '--diff-base', 'no-such-ref'])).err).toMatch(/--diff-base no-such-ref: git diff failed/);
    expect((await cli(['locate', '-', '--diff', '-'], log)).err).toContain('both read standard input');
  });
});
