// Issue 20: two diagnostics on one line are two findings in every output format and in the summary counts; two
// reports are one only when file, line, column and message agree.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from './_io.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');
const TWO_ON_ONE_LINE = 'src/main.c:9:17: error: first\nsrc/main.c:9:31: error: second\n';

let workspace: string;

beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'fl-same-line-'));
  mkdirSync(join(workspace, 'src'));
  const lines = Array.from({ length: 12 }, (_, index) => `    int value${index + 1} = compute(first_argument, second_argument);`);
  writeFileSync(join(workspace, 'src', 'main.c'), `${lines.join('\n')}\n`);
});

async function locate(args: string[], stdin?: string): Promise<{ code: number; out: string }> {
  const io = captureIo({ cwd: workspace, ...(stdin === undefined ? {} : { stdin }) });
  const code = await runCli(['locate', ...args], io);
  return { code, out: io.out.join('') };
}

describe('a second error on the same line', () => {
  it('is a location of its own in the JSON contract', async () => {
    const { code, out } = await locate(['-', '--json'], TWO_ON_ONE_LINE);
    expect(code).toBe(1);
    const locations = JSON.parse(out).locations as Array<{ line: number; column: number; message: string }>;
    expect(locations.map((location) => [location.line, location.column, location.message])).toEqual([
      [9, 17, 'first'],
      [9, 31, 'second'],
    ]);
  });

  it('is counted in the text summary and printed', async () => {
    const { out } = await locate(['-'], TWO_ON_ONE_LINE);
    expect(out).toContain('src/main.c:9:31  error  second');
    expect(out.trimEnd().split('\n').at(-1)).toBe('2 errors in 1 file');
  });

  it('is a finding of its own in sarif, rdjsonl, gitlab, github and unix', async () => {
    const sarif = JSON.parse((await locate(['-', '--format', 'sarif'], TWO_ON_ONE_LINE)).out);
    expect(sarif.runs[0].results.map((result: { message: { text: string } }) => result.message.text)).toEqual(['first', 'second']);
    const rdjsonl = (await locate(['-', '--format', 'rdjsonl'], TWO_ON_ONE_LINE)).out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rdjsonl.map((entry) => [entry.message, entry.location.range.start.column])).toEqual([
      ['first', 17],
      ['second', 31],
    ]);
    const gitlab = JSON.parse((await locate(['-', '--format', 'gitlab'], TWO_ON_ONE_LINE)).out) as Array<{
      description: string;
      fingerprint: string;
    }>;
    expect(gitlab.map((issue) => issue.description)).toEqual(['first', 'second']);
    expect(new Set(gitlab.map((issue) => issue.fingerprint)).size).toBe(2);
    const github = (await locate(['-', '--format', 'github'], TWO_ON_ONE_LINE)).out;
    expect(github).toContain('::error file=src/main.c,line=9,col=17,title=gcc::first');
    expect(github).toContain('::error file=src/main.c,line=9,col=31,title=gcc::second');
    const unix = (await locate(['-', '--format', 'unix'], TWO_ON_ONE_LINE)).out;
    expect(unix.trim().split('\n')).toEqual(['src/main.c:9:17: error: first', 'src/main.c:9:31: error: second']);
  });

  it('the same diagnostic printed twice (file, line, column and message agree) stays one', async () => {
    const { out } = await locate(['-', '--json'], `${TWO_ON_ONE_LINE}src/main.c:9:17: error: first\n`);
    expect(JSON.parse(out).locations).toHaveLength(2);
  });

  it('another message at the same column is another diagnostic', async () => {
    const { out } = await locate(['-', '--json'], 'src/main.c:9:17: error: first\nsrc/main.c:9:17: warning: unused result\n');
    expect(JSON.parse(out).locations.map((location: { severity: string }) => location.severity)).toEqual(['error', 'warning']);
  });

  it('a note after its error hangs under that error, not under another error of the same line', async () => {
    const log = 'src/main.c:9:17: error: first\nsrc/main.c:9:31: error: second\nsrc/main.c:3:5: note: declared here\n';
    const { out } = await locate(['-', '--json'], log);
    const locations = JSON.parse(out).locations as Array<{ message: string; related?: Array<{ line: number }> }>;
    expect(locations.map((location) => [location.message, location.related?.map((span) => span.line) ?? []])).toEqual([
      ['first', []],
      ['second', [3]],
    ]);
  });
});

// The count rustc prints itself ("could not compile `demo` (lib) due to N previous errors") is the count faultline
// reports for the real cargo logs (two of whose errors share demo/src/parse.rs:3).
describe.each([
  ['plain', 'plain/demo'],
  ['color', 'color'],
])('rustc/%s: the error count', (name, runIn) => {
  it('is the count rustc printed', async () => {
    const log = join(FIXTURES, 'rustc', `${name}.log`);
    // eslint-disable-next-line no-control-regex
    const printed = /due to (\d+) previous errors/.exec(readFileSync(log, 'utf8').replace(/\x1b\[[0-9;]*m/g, ''));
    expect(printed).not.toBeNull();
    const io = captureIo({ cwd: workspace });
    await runCli(['locate', log, '--cwd', join(FIXTURES, 'rustc', runIn), '--root', join(FIXTURES, 'rustc', name)], io);
    const summary = io.out.join('').trimEnd().split('\n').at(-1) ?? '';
    expect(summary).toMatch(new RegExp(`^${printed?.[1]} errors, `));
  });
});
