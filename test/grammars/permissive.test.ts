// The permissive tier (issue 11 item 3): any path-like token before a line number is proposed with
// hints.confirm, and only the workspace turns it into a finding. Timestamps, versions, ports and URLs stay out.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createScanner, registeredFormats } from '../../src/grammars/index.js';
import { findFixtureCases } from '../../src/locate/fixtures.js';
import { locate } from '../../src/locate/index.js';
import { normaliseLine } from '../../src/summarise/index.js';
import { makeWorkspace, removeWorkspaces } from '../resolve/_workspace.js';
import { scanLog } from '../_scan.js';

afterEach(removeWorkspaces);

function proposed(log: string): string[] {
  return scanLog(log)
    .filter((location) => location.hints?.confirm === true)
    .map((location) => `${location.file}:${location.line}${location.column === null ? '' : `:${location.column}`}`);
}

const FIXTURES = new URL('../../fixtures', import.meta.url).pathname;
const DECOYS = [
  '12:30:45 build finished in 0:00:07',
  '[10:57:03] Starting; eta 0:00:07',
  '2024-05-01T12:30:45.123Z deploy 2024-05-01T12:30:45',
  'Connecting to registry.example.org:443... connected; ssh github.com:22',
  'image node:20.11.1 python:3.11 sha256:abcd1234 v1.2.3:4 1.2.3:4 10.0.0.1:8080',
  'http://localhost:8080/health postgres://db:5432/app https://ci.example.org:8443/jobs/42:3',
  'std::vector<int>::push_back at f(12) (node:1234) (8.5 s)',
].join('\n');

describe('permissive tier', () => {
  it('comes last of the scanned formats but for the prose tier', () => {
    expect(
      registeredFormats()
        .filter((format) => format.lastResort !== true)
        .slice(-2)
        .map((format) => format.name),
    ).toEqual(['permissive', 'prose']);
  });

  it('proposes extensionless, unknown-extension, digit-led and route-group paths, marked for confirmation', () => {
    const log = [
      "Rakefile:3:in `block in <top (required)>'",
      'config.ru:2: syntax error, unexpected end-of-input',
      'db.inc(7): warning: deprecated',
      '.env:1: invalid line',
      'app/views/users/show.haml:12: undefined local variable',
      'templates/mail.eex:9: undefined function user/0',
      'app/(auth)/[id]/page.mdx:5:3 unexpected token',
      'Error at /usr/share/automake-1.16/Automake/Channels.pm line 662 in automake line 922.',
      '12.go:3:4: undefined: x',
    ].join('\n');
    expect(proposed(log)).toEqual([
      'Rakefile:3',
      'config.ru:2',
      'db.inc:7',
      '.env:1',
      'app/views/users/show.haml:12',
      'templates/mail.eex:9',
      'app/(auth)/[id]/page.mdx:5:3',
      '/usr/share/automake-1.16/Automake/Channels.pm:662',
      'automake:922',
      '12.go:3:4',
    ]);
  });

  // The fallback when the format that reads a log is missing (session 13's ablation): heads the permissive tier reads
  // for tools no format names. Read by the tier alone, as it is when the format is left out.
  function proposedAlone(log: string): string[] {
    const scanner = createScanner({ normaliseLine, formats: ['permissive'] });
    scanner.write(Buffer.from(log, 'utf8').toString('latin1'));
    return scanner
      .end()
      .locations.map((location) => `${location.file}:${location.line}${location.column === null ? '' : `:${location.column}`}`);
  }

  it('reads bracketed and blank-led position heads: `F:[L,C]`, `F[L, C]`, `F: (L, C)`, `F (L,C)`, `F (L, C)`, `"F" (L:C)`, `F(L,C-EL,EC)`', () => {
    const log = [
      '[WARN] /w/app/src/Shop.kt:[50,18] deprecated call',
      'FAIL: lib/sort.tsx[5, 3]: keys out of order',
      'w: /w/app/src/Cart.kt: (8, 33): unused variable',
      'lint src/view.html (71,29): unknown attribute',
      // A build wrapper's re-print of tsc's row (broccoli's): a blank before the parenthesis and after the comma.
      '  /w/tmp/broccoli-input.tmp/0/src/main.ts (3, 10): Module has no exported member.',
      'cannot load "conf/site.yml" (16:9)',
      'proof.fst(6,0-6,65): could not prove it',
    ].join('\n');
    expect(proposedAlone(log)).toEqual([
      '/w/app/src/Shop.kt:50:18',
      'lib/sort.tsx:5:3',
      '/w/app/src/Cart.kt:8:33',
      'src/view.html:71:29',
      '/w/tmp/broccoli-input.tmp/0/src/main.ts:3:10',
      'conf/site.yml:16:9',
      'proof.fst:6:0',
    ]);
  });

  it('reads a tab-separated row whose file cell is followed by a line cell (an IDE error list copied as text)', () => {
    const log = 'Error\tE42\tname not found\tCore\tC:\\w\\core\\parse.c\t77\t\nWarn\tW1\tshadowed\tC:\\My Work\\x.c\t9\n';
    const found = createScanner({ normaliseLine, formats: ['permissive'] });
    found.write(log);
    const locations = found.end().locations;
    expect(locations.map((location) => `${location.file}:${location.line}`)).toContain('C:\\w\\core\\parse.c:77');
    expect(locations.map((location) => `${location.file}:${location.line}`)).toContain('C:\\My Work\\x.c:9');
    // The cells before the file are the message, and the severity word among them decides the severity.
    const parse = locations.find((location) => location.line === 77)!;
    expect(parse.message).toBe('Error\tE42\tname not found\tCore');
    expect(parse.severity).toBe('error');
    // A number cell in the middle of a row of words is no line: it must be followed by a cell or end the line.
    expect(proposedAlone('total\tsrc/a.c\t12 files\n')).toEqual([]);
  });

  it('reads the line as a row cell after the file cell: a pipe, a quote and a comma, or blanks on an error line', async () => {
    // fixtures/permissive/row-cells: the rows' tools' own formats left out, only this tier reads them.
    const base = `${FIXTURES}/permissive`;
    const result = await locate(
      { path: `${base}/row-cells.log` },
      { cwd: `${base}/row-cells`, roots: [`${base}/row-cells`], formats: ['permissive'] },
    );
    const places = result.locations.map((location) => `${location.file}:${location.line}`);
    expect(places.sort()).toEqual(
      [
        'C#/Shop/Cart.cs:5',
        'lib/table.c:3',
        'lib/table.c:6',
        'lib/table.c:7',
        'src/engine.cpp:12',
        'src/engine.cpp:4',
        'src/engine.cpp:9',
      ].sort(),
    );
    // A coverage table's row (`path  14  3  75%`) and a count after the file (`path 8 rows`) name no line.
    expect(proposedAlone('src/engine.cpp           14      3    75%\nlib/table.c 8 rows checked\n')).toEqual([]);
    // Blanks alone make a cell only on a line that says error or warning; a quote or a pipe marks the cells without one.
    expect(proposedAlone('see src/a.c  12  here\n"src/a.c", 12: token\nsrc/a.c|3|x\n')).toEqual(['src/a.c:12', 'src/a.c:3']);
    expect(proposedAlone('error in src/a.c  12  here\n')).toEqual(['src/a.c:12']);
  });

  it('takes the scheme off a path (`res://`, `ng:///C:/`, `file:///`, a local dev server) and never proposes another host', () => {
    const log = [
      '   at: reload (res://scripts/hero.gd:6)',
      'ERROR in ng:///C:/w/app/form.html (12,3): unknown property',
      'thrown at file:///srv/site/main.mjs:4:1',
      'SyntaxError: http://localhost:5173/src/app.js: Unexpected token (7:15)',
      'see https://cdn.example.org/lib/x.js:3 and https://github.com/o/r/blob/main/a.py:9',
    ].join('\n');
    expect(proposedAlone(log)).toEqual(['scripts/hero.gd:6', 'C:/w/app/form.html:12:3', '/srv/site/main.mjs:4:1', 'src/app.js:7:15']);
  });

  it('reads a position that ends its line for a file named before a colon earlier on it (Babel, prettier)', () => {
    const log = [
      'SyntaxError: /w/web/src/index.js: Unexpected token, expected "," (7:4)',
      '[fail] Widget.tsx: ParseError: Unexpected token (3:5)',
      'Done in 4.2s (1:2)',
    ].join('\n');
    // Only file-like words: `SyntaxError`, `ParseError`, `token` and `4.2s` are not proposed.
    expect(proposedAlone(log)).toEqual(['/w/web/src/index.js:7:4', 'Widget.tsx:3:5']);
  });

  it('reads a span over several lines written as two bracketed positions (jsonnet, GHC) as its first line', () => {
    expect(proposed('\tlib/sizes.libsonnet:3:29-45\tfunction <anonymous>\n\tapp/site.jsonnet:(6:16)-(9:6)\tobject <anonymous>\n')).toEqual([
      'lib/sizes.libsonnet:3:29',
      'app/site.jsonnet:6:16',
    ]);
  });

  it("reads a path after an escaped line break, as a JSON string holding a tool's output joins its lines", async () => {
    const log = '{"msg":"load failed: 2 errors:\\npolicies/deny.rego:41: rego_parse_error: x\\npolicies/deny.rego:45: y"\n';
    // The word glued before the break makes a second reading; the workspace keeps the one it has.
    expect(proposed(log)).toEqual(['policies/deny.rego:41', 'x\\npolicies/deny.rego:45', 'policies/deny.rego:45']);
    const root = await makeWorkspace({ 'policies/deny.rego': 'a\n'.repeat(50) });
    const result = await locate({ text: log }, { cwd: root, roots: [root] });
    expect(result.locations.map((location) => `${location.file}:${location.line}`)).toEqual([
      'policies/deny.rego:41',
      'policies/deny.rego:45',
    ]);
  });

  it('proposes standard input as its tools print it, for the command to name', () => {
    expect(proposed('(stdin):4:1:\n<stdin>:2:7: unexpected\n<standard input>:3: bad token\n')).toEqual([
      '(stdin):4:1',
      '<stdin>:2:7',
      '<standard input>:3',
    ]);
  });

  it('names standard input by the file of the bare command make echoed above it, when the workspace has that file', async () => {
    const root = await makeWorkspace({ 'lists.dhall': 'a\n'.repeat(6), Makefile: 'format:\n\tdhall format --inplace lists.dhall\n' });
    const log = 'dhall format --inplace lists.dhall\n\nError: Invalid input\n\n(stdin):3:1:\n  |\n3 | let x =\n';
    const result = await locate({ text: log }, { cwd: root, roots: [root] });
    expect(result.locations.map((location) => `${location.file}:${location.line}`)).toEqual(['lists.dhall:3']);
    const elsewhere = await makeWorkspace({ 'other.dhall': 'a\n'.repeat(6) });
    const unnamed = await locate({ text: log }, { cwd: elsewhere, roots: [elsewhere] });
    expect([...unnamed.locations, ...unnamed.unresolved]).toEqual([]);
  });

  it('never claims a line a strict format claims', () => {
    expect(proposed('src/a.c:3:5: error: boom\n  File "/app/x.py", line 3, in f\nMakefile:12: *** missing separator.  Stop.')).toEqual([]);
  });

  it('keeps a candidate only when it is a workspace file, and never reports one as unresolved', async () => {
    const root = await makeWorkspace({ Rakefile: 'task :x do\n  boom\nend\n', 'config.ru': 'run App\n' });
    const log = `Rakefile:2:in \`block in <top (required)>'\nconfig.ru:1: uninitialized constant App\nscript/deploy.cgi:4: no such file\n${DECOYS}\n`;
    const result = await locate({ text: log }, { cwd: root, roots: [root] });
    expect(result.locations.map((location) => `${location.file}:${location.line}:${location.format}`)).toEqual([
      'Rakefile:2:permissive',
      'config.ru:1:permissive',
    ]);
    expect(result.unresolved).toEqual([]);
    expect(result.dropped).toEqual([]);
  });

  it('reports nothing on timestamps, versions, ports and URLs, even in a workspace with files of those names', async () => {
    const root = await makeWorkspace({ '12': 'x\n', '10': 'x\n', node: 'x\n', 'v1.2.3': 'x\n', sha256: 'x\n', '2024-05-01T12': 'x\n' });
    const result = await locate({ text: DECOYS }, { cwd: root, roots: [root] });
    expect([...result.locations, ...result.unresolved]).toEqual([]);
  });

  it('reads an absolute path without an extension at a line start, bare or after a severity word, by its workspace suffix', async () => {
    const root = await makeWorkspace({ '.config/bar/config': 'a\n'.repeat(200), 'tools/prog': 'x\n' });
    const log = [
      'error: /home/u/.config/bar/config:153: Unknown line type',
      '/srv/build/tools/prog:3:10: error: undeclared',
      '/srv/build/tools/absent:3: error: no such file here',
      'see /srv/build/tools/prog:4: mid-line, no head',
    ].join('\n');
    expect(proposed(log)).toEqual(['/home/u/.config/bar/config:153', '/srv/build/tools/prog:3:10', '/srv/build/tools/absent:3']);
    const result = await locate({ text: log }, { cwd: root, roots: [root] });
    expect(result.locations.map((location) => `${location.file}:${location.line}`)).toEqual(['.config/bar/config:153', 'tools/prog:3']);
    expect(result.unresolved).toEqual([]);
  });

  it("reads a config file's bare name and line after a line-leading severity word, and standard input at a line start", async () => {
    const root = await makeWorkspace({ 'etc/logrotate.d/webapp': 'a\n'.repeat(40), 'docker/Dockerfile': 'FROM x\n'.repeat(9) });
    const log = [
      "error: webapp:27 unknown option 'endscript' -- ignoring line",
      "    error: /etc/logrotate.d/webapp:19 unknown option 'hourly'",
      'error: retries:3 left, giving up',
      '$ docker run --rm -i linter < ../../docker/Dockerfile',
      '-:4 DL3007 warning: pin the image',
      '/dev/stdin:2 DL3006 tag the image',
    ].join('\n');
    // The tools' own formats (logrotate, hadolint) read these lines first: the tier alone shows what is left when they are missing.
    const scanner = createScanner({ normaliseLine, formats: ['permissive'] });
    scanner.write(log);
    expect(scanner.end().locations.map((location) => `${location.file}:${location.line}`)).toEqual([
      'webapp:27',
      '/etc/logrotate.d/webapp:19',
      'retries:3',
      '-:4',
      '/dev/stdin:2',
    ]);
    const cwd = `${root}/etc/logrotate.d`;
    const result = await locate({ text: log }, { cwd, roots: [root], formats: ['permissive'] });
    // `retries` names no file; standard input is the file the echoed command names.
    expect(result.locations.map((location) => `${location.file}:${location.line}`)).toEqual([
      'etc/logrotate.d/webapp:27',
      'etc/logrotate.d/webapp:19',
      'docker/Dockerfile:4',
      'docker/Dockerfile:2',
    ]);
  });

  it.each(
    findFixtureCases(FIXTURES)
      .filter((fixture) => !fixture.log.includes('/permissive/'))
      .map((fixture) => [fixture.name, fixture]),
  )('%s: confirms no permissive candidate (its timestamps, versions, ports and URLs stay out)', async (_name, fixture) => {
    const meta = JSON.parse(readFileSync(fixture.log.replace(/\.log$/, '.json'), 'utf8')) as { cwd: string; roots: string[] };
    const base = fixture.log.slice(0, fixture.log.lastIndexOf('/'));
    const cwd = `${base}/${meta.cwd}`;
    const result = await locate({ path: fixture.log }, { cwd, roots: meta.roots.map((root) => `${base}/${root}`) });
    const permissive = [...result.locations, ...result.unresolved, ...result.dropped].filter(
      (location) => 'format' in location && location.format === 'permissive',
    );
    expect(permissive).toEqual([]);
  });
});
