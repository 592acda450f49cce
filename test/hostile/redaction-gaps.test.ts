// Issue 22 item 5: what reached a model or a CI service unredacted, and what was read unbounded.
// - `prompt` over a JSON or XML report showed the raw report, where a token split by a JSON escape, an XML
//   entity, a CDATA boundary or two `go test -json` Output events is two harmless halves to the redactor;
// - rule ids (codes) and secret-shaped file names went out as they were in SARIF, rdjsonl, GitLab, GitHub;
// - SARIF columns, code frames and prompt excerpts read the located file whole (a 1.5 GB file, 2 GB of
//   memory): measured here as the child's peak RSS on a sparse file, which costs no disk;
// - a NUL in a SARIF uri was an internal error with a stack trace.
// The token is built here so no scanner mistakes the test for a leak; its shape is a GitHub token.
import { spawnSync } from 'node:child_process';
import { closeSync, ftruncateSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { CLI, cleanEnv, ensureBuilt, tempDir } from '../integration/_setup.js';

beforeAll(() => ensureBuilt());

const TOKEN = `ghp_${'Ab1'.repeat(12)}`;
const FRAGMENT = /ghp_Ab1|Ab1Ab1Ab1Ab1/;

function cli(args: string[], cwd: string, input?: string) {
  return spawnSync(process.execPath, [CLI, ...args], { cwd, env: cleanEnv(cwd), encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 });
}

describe('prompt over a report shows the decoded text, redacted', () => {
  test('go test -json: a token split across two Output events, and one written with a \\u escape', () => {
    const dir = tempDir('gaps-go');
    writeFileSync(join(dir, 'a_test.go'), 'package a\n\nimport "testing"\n\nfunc TestA(t *testing.T) {\n\tt.Fatal("x")\n}\n');
    const escaped = `${TOKEN.slice(0, 10)}\\u00${TOKEN.charCodeAt(10).toString(16)}${TOKEN.slice(11)}`;
    const events = [
      { Action: 'run', Package: 'a', Test: 'TestA' },
      { Action: 'output', Package: 'a', Test: 'TestA', Output: `    a_test.go:6: token ${TOKEN.slice(0, 15)}` },
      { Action: 'output', Package: 'a', Test: 'TestA', Output: `${TOKEN.slice(15)} rejected\n` },
      { Action: 'output', Package: 'a', Test: 'TestA', Output: '    a_test.go:6: second ESCAPED here\n' },
      { Action: 'fail', Package: 'a', Test: 'TestA' },
    ];
    const log = events.map((event) => JSON.stringify(event).replace('ESCAPED', escaped)).join('\n');
    writeFileSync(join(dir, 'go.json'), `${log}\n`);
    const result = cli(['prompt', 'go.json', '--root', dir], dir);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('[REDACTED:github-token] rejected');
    expect(result.stdout).not.toMatch(FRAGMENT);
  });

  test('JUnit XML: a token split by a character reference, and one split by a CDATA boundary', () => {
    const dir = tempDir('gaps-xml');
    writeFileSync(join(dir, 'app.py'), 'def f():\n    return 1\n');
    const entity = `${TOKEN.slice(0, 9)}&#${TOKEN.charCodeAt(9)};${TOKEN.slice(10)}`;
    const cdata = `${TOKEN.slice(0, 12)}]]><![CDATA[${TOKEN.slice(12)}`;
    const xml = `<?xml version="1.0"?>\n<testsuite name="s" tests="1" failures="1"><testcase name="t" classname="app" file="app.py" line="2"><failure message="uses ${entity}"><![CDATA[app.py:2: AssertionError ${cdata} end]]></failure></testcase></testsuite>\n`;
    writeFileSync(join(dir, 'junit.xml'), xml);
    const result = cli(['prompt', 'junit.xml', '--root', dir], dir);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('[REDACTED:github-token]');
    expect(result.stdout).not.toMatch(FRAGMENT);
  });
});

describe('names that leave the machine are redacted', () => {
  test('a rule id and a file name that are secrets, in sarif, rdjsonl, gitlab and github output', () => {
    const dir = tempDir('gaps-names');
    writeFileSync(join(dir, `${TOKEN}.go`), 'package a\n');
    const sarif = {
      version: '2.1.0',
      runs: [
        {
          tool: { driver: { name: 'x' } },
          results: [
            {
              ruleId: TOKEN,
              level: 'error',
              message: { text: 'bad' },
              locations: [{ physicalLocation: { artifactLocation: { uri: `${TOKEN}.go` }, region: { startLine: 1 } } }],
            },
          ],
        },
      ],
    };
    writeFileSync(join(dir, 'in.sarif'), JSON.stringify(sarif));
    for (const format of ['sarif', 'rdjsonl', 'gitlab', 'github']) {
      const result = cli(['locate', 'in.sarif', '--root', dir, '--format', format], dir);
      // GitHub's workflow commands escape the ':' of a property value.
      expect(result.stdout, format).toMatch(/\[REDACTED(?::|%3A)github-token\]/);
      expect(result.stdout, format).not.toMatch(FRAGMENT);
    }
  });

  test('a NUL in a SARIF uri is one clear line (exit 2), not an internal error', () => {
    const dir = tempDir('gaps-nul');
    for (const uri of ['a\u0000b.go', 'a%00b.go']) {
      const sarif = {
        version: '2.1.0',
        runs: [
          {
            tool: { driver: { name: 'x' } },
            results: [
              {
                ruleId: 'r',
                message: { text: 'm' },
                locations: [{ physicalLocation: { artifactLocation: { uri }, region: { startLine: 1 } } }],
              },
            ],
          },
        ],
      };
      writeFileSync(join(dir, 'nul.sarif'), JSON.stringify(sarif));
      const result = cli(['locate', 'nul.sarif', '--root', dir, '--format', 'sarif'], dir);
      expect(result.status).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/NUL byte/);
      expect(result.stderr).not.toMatch(/internal error/);
    }
  });
});

describe('workspace files are read bounded', () => {
  // 1.5 GB that occupy no disk: three real lines, then a hole.
  function sparse(dir: string): string {
    const path = join(dir, 'big.js');
    const fd = openSync(path, 'w');
    writeSync(fd, 'function big() {\n  return missing + 1;\n}\n');
    ftruncateSync(fd, 1.5 * 1024 ** 3);
    closeSync(fd);
    return path;
  }

  // The child's peak resident memory in MiB, from process.resourceUsage() at exit.
  function peakMiB(args: string[], cwd: string): { mib: number; stdout: string; stderr: string; status: number | null } {
    const report = join(cwd, 'rss.txt');
    const preload = join(cwd, 'rss.cjs');
    writeFileSync(
      preload,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(report)}, String(process.resourceUsage().maxRSS)));\n`,
    );
    const result = spawnSync(process.execPath, ['--require', preload, CLI, ...args], { cwd, env: cleanEnv(cwd), encoding: 'utf8' });
    const kib = Number(readFileSync(report, 'utf8'));
    return { mib: kib / 1024, stdout: result.stdout, stderr: result.stderr, status: result.status };
  }

  test('SARIF column conversion, the text code frame and a prompt read at most a bounded head, and say so', () => {
    const dir = tempDir('gaps-big');
    sparse(dir);
    writeFileSync(join(dir, 'node.log'), `${join(dir, 'big.js')}:2:10: error: missing is not defined\n`);
    const runs = [
      ['locate', 'node.log', '--root', dir, '--format', 'sarif'],
      ['locate', 'node.log', '--root', dir, '--format', 'rdjsonl'],
      ['locate', 'node.log', '--root', dir],
      ['prompt', 'node.log', '--root', dir],
    ];
    for (const args of runs) {
      const run = peakMiB(args, dir);
      expect(run.status, args.join(' ')).toBeLessThan(2);
      // SARIF counts UTF-16 columns as this log does, so it has no reason to read the file; the others say what they cut.
      if (!args.includes('sarif')) expect(run.stderr + run.stdout, args.join(' ')).toMatch(/(?:first|cut after) 2 MiB/);
      // The bound is 2 MiB; Node itself takes ~50–100 MiB. Reading the file whole peaked at ~1.6 GB.
      expect(run.mib, args.join(' ')).toBeLessThan(400);
    }
  }, 120_000);
});
