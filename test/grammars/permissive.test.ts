// The permissive tier (issue 11 item 3): any path-like token before a line number is proposed with
// hints.confirm, and only the workspace turns it into a finding. Timestamps, versions, ports and URLs stay out.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createScanner, registeredFormats } from '../../src/grammars/index.js';
import { findFixtureCases } from '../../src/locate/fixtures.js';
import { locate } from '../../src/locate/index.js';
import { normaliseLine } from '../../src/summarise/index.js';
import { makeWorkspace, removeWorkspaces } from '../resolve/_workspace.js';

afterEach(removeWorkspaces);

function proposed(log: string): string[] {
  const scanner = createScanner({ normaliseLine });
  scanner.write(Buffer.from(log, 'utf8').toString('latin1'));
  return scanner
    .end()
    .locations.filter((location) => location.hints?.confirm === true)
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
  it('comes last in the registry but for the prose tier', () => {
    expect(
      registeredFormats()
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
