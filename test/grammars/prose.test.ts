// The prose tier (issue 20): a file and a line written in words, proposed with hints.confirm and kept only when
// the workspace has the file; it never replaces what a real format reported.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { registeredFormats } from '../../src/grammars/index.js';
import { findFixtureCases } from '../../src/locate/fixtures.js';
import { locate } from '../../src/locate/index.js';
import { makeWorkspace, removeWorkspaces } from '../resolve/_workspace.js';
import { scanLog } from '../_scan.js';

afterEach(removeWorkspaces);

// Weak candidates of the prose tier, or of both weak tiers (the permissive tier reads `F, line N` first).
function proposed(log: string, tiers: readonly string[] = ['prose']): string[] {
  return scanLog(log)
    .filter((location) => tiers.includes(location.format))
    .map(
      (location) =>
        `${location.file}:${location.line}${location.column === null ? '' : `:${location.column}`}${location.endLine === null ? '' : `-${location.endLine}`}`,
    );
}

const FILES = {
  'conf/app.ini': 'a\n'.repeat(20),
  'db/q.sql': 'a\n'.repeat(20),
  'src/main.c': 'a\n'.repeat(20),
  'run.tcl': 'a\n'.repeat(20),
};

describe('prose tier', () => {
  it("reads Create React App's worded rows under their file, with and without a column", () => {
    const log = [
      'Failed to compile.',
      '',
      './src/lib/store.js',
      "  Line 4:  'merge' is defined but never used  no-unused-vars",
      "  Line 7:  '_' is defined but never used      no-unused-vars",
      '',
      'src/components/Footer/index.js',
      '  Line 24:31:  The href attribute requires a valid value  jsx-a11y/anchor-is-valid',
      '',
    ].join('\n');
    expect(proposed(log)).toEqual(['./src/lib/store.js:4', './src/lib/store.js:7', 'src/components/Footer/index.js:24:31']);
  });

  it('reads a line named with a word for its number (`line no: N`, `line no. N`, `line number N`)', () => {
    const log = [
      'it crashes at db/q.sql file line no: 12 with a type error',
      'and again at line number 7 of conf/app.ini, line no. 3 in src/main.c',
      'the inline no 4 in run.tcl, and line no longer 5 in run.tcl, say nothing',
    ].join('\n');
    expect(proposed(log)).toEqual(['db/q.sql:12', 'conf/app.ini:7', 'src/main.c:3']);
  });

  it("reads no place in PostgreSQL's or DuckDB's echo of the query, whatever names it holds", () => {
    const log = ['Parser Error: syntax error at or near ")"', '', "LINE 3: from read_csv('db/q.sql') x", '             ^'].join('\n');
    expect(proposed(log)).toEqual([]);
    // The same name in words is still read.
    expect(proposed('error: unexpected token at line 3 of db/q.sql')).toEqual(['db/q.sql:3']);
  });

  it('comes last of the scanned formats (a last-resort format after it is read apart from the scan)', () => {
    expect(
      registeredFormats()
        .filter((format) => format.lastResort !== true)
        .at(-1)?.name,
    ).toBe('prose');
  });

  it.each([
    ['error: unexpected token on line 4 of conf/app.ini', 'conf/app.ini:4'],
    ['Error in conf/app.ini: unknown section, check line 5', 'conf/app.ini:5'],
    ['parse failed at line 7 in db/q.sql', 'db/q.sql:7'],
    ['syntax error (8) in db/q.sql', 'db/q.sql:8'],
    ['syntax error (8,3) in db/q.sql', 'db/q.sql:8:3'],
    ['File = src/main.c, Line = 9', 'src/main.c:9'],
    ['FATAL: LINE 12 of src/main.c: bad', 'src/main.c:12'],
    ["ERROR loading 'conf/app.ini' [line  6]: duplicate key", 'conf/app.ini:6'],
    ['    (file "run.tcl" line 3)', 'run.tcl:3'],
    ['could not load conf/app.ini: the value is not a number (line 11, column 4)', 'conf/app.ini:11:4'],
    ['build: src/main.c#L12', 'src/main.c:12'],
    ['see https://example.org/acme/app/blob/main/src/main.c#L11-L14', 'acme/app/blob/main/src/main.c:11-14'],
    ['at lines 3-5 of db/q.sql: unterminated string', 'db/q.sql:3-5'],
    // `of` is a word of its own after the number, and a second path-like word (`cvc-type.2.4.a`) follows the file.
    ['Error parsing line 57 column 27 of conf/app.ini: cvc-type.2.4.a: Invalid content', 'conf/app.ini:57:27'],
    // A parser's tag stands between the file and its line (Go's yaml: kustomize, helm, kubectl).
    ["accumulating resources from 'conf/app.ini': yaml: line 9: did not find expected key", 'conf/app.ini:9'],
    ['Error: YAML parse error on conf/app.ini: error converting YAML to JSON: yaml: line 3: mapping values', 'conf/app.ini:3'],
  ])('reads %j', (line, expected) => {
    expect(proposed(`${line}\n`, ['permissive', 'prose']).filter((place) => /[./]/.test(place.split(':')[0]!))).toEqual([expected]);
  });

  it('reads a conventional extensionless file named as a kind of file, written as projects name it', () => {
    expect(proposed('error response from daemon: dockerfile parse error line 60: unknown instruction: CAT\n')).toEqual(['Dockerfile:60']);
    expect(proposed('nition: Dockerfile parse error line 1: unknown instruction: OM\n')).toEqual(['Dockerfile:1']);
    // Only the kind written as a word is marked so: resolve lets a file of that kind named at the line stand for it.
    const kindOf = (log: string) => scanLog(log).find((location) => location.format === 'prose')?.hints?.kindName;
    expect(kindOf('error response from daemon: dockerfile parse error line 60: unknown instruction: CAT\n')).toBe(true);
    expect(kindOf('nition: Dockerfile parse error line 1: unknown instruction: OM\n')).toBeUndefined();
  });

  it("takes a type's camel-cased member for no file, so the file the line above named is the one", () => {
    const log = 'failed to read deploy/app.yaml: yaml: unmarshal errors:\n  line 22: field jobs not found in type state.AppState\n';
    expect(proposed(log)).toEqual(['deploy/app.yaml:22']);
  });

  it("keeps a list's file across items that carry their message below them (Vim's `line N:` over `E15: …`)", () => {
    const vim =
      'Error detected while processing /home/u/.vimrc:\nline    3:\nE15: Invalid expression: \nline    4:\nE117: Unknown function: Go\n';
    expect(proposed(vim)).toEqual(['/home/u/.vimrc:3', '/home/u/.vimrc:4']);
    // A header of its own above the next item opens a new list; a blank line ends one.
    const two = 'Error detected while processing a.vim:\nline    3:\nE15: x\nError detected while processing b.vim:\nline    4:\nE1: y\n';
    expect(proposed(two)).toEqual(['a.vim:3', 'b.vim:4']);
    expect(proposed('Error detected while processing a.vim:\nline    3:\nE15: x\n\nline    4:\nE1: y\n')).toEqual(['a.vim:3']);
  });

  it('takes the fullest path the line gives the file it names (a relative name, then the absolute path)', () => {
    const line =
      "from 'queue.yaml': yaml: line 8: could not find expected ':': got file 'queue.yaml', but '/home/u/app/k8s/queue.yaml' must";
    expect(proposed(`${line}\n`)).toEqual(['/home/u/app/k8s/queue.yaml:8']);
  });

  it("gives a number a colon closes to the file before it, not to the message's subject after it (bash's `F: line N: G: …`)", () => {
    // A CI runner's temporary script ran a workspace script that was not there: line 9 is the runner's, not run.sh's.
    const places = (log: string): string[] => scanLog(log).map((location) => `${location.file}:${location.line}`);
    expect(places('/tmp/job-41-x1: line 9: ./run.sh: No such file or directory\n')).toEqual(['/tmp/job-41-x1:9']);
    expect(places('ci/step.sh: line 3: tools/gen.py: Permission denied\n')).toEqual(['ci/step.sh:3']);
  });

  it('proposes nothing for numbers that belong to no file: another word owns it, or several files could', () => {
    expect(proposed('Error at /usr/share/x/Channels.pm line 662 in automake line 922.\n')).not.toContain('/usr/share/x/Channels.pm:922');
    expect(proposed('copied a/b.c and c/d.c, see line 4\n')).toEqual([]);
    expect(proposed('read 12 lines in 3 files; line 4 was empty\n')).toEqual([]);
    expect(proposed('inline 4 of src/main.c\n')).toEqual([]);
  });

  it('takes the file a number is in, not the files that include it (a template engine naming the include chain)', () => {
    expect(
      proposed('Liquid syntax error (line 6): tag not closed in site/_includes/meta.html, included in site/_layouts/post.html\n'),
    ).toEqual(['site/_includes/meta.html:6']);
    expect(proposed('error (line 6): copied site/a.html to site/b.html\n')).toEqual([]);
  });

  it("takes the one file the line above names when a number phrase's own line names none (a message in two lines)", () => {
    const two =
      'ERROR: Syntax Error while loading YAML script, conf/app.ini\nNote: the error may be before this position: line 12, column 9\n';
    expect(proposed(two)).toEqual(['conf/app.ini:12:9']);
    expect(proposed('copied conf/app.ini and db/q.sql\nerror: bad value at line 3\n')).toEqual([]);
    expect(
      proposed('loaded conf/app.ini, line 2\nerror: bad value at line 3\n', ['permissive', 'prose']).filter((place) => place.includes('/')),
    ).toEqual(['conf/app.ini:2']);
    expect(proposed('loading db/q.sql\nerror: bad value at line 3 of conf/app.ini\n')).toEqual(['conf/app.ini:3']);
  });

  it('takes the file a report field names below a number phrase that names none (jsonlint under cjson)', () => {
    const log =
      'Error: Parse error on line 4:\n...: 8080,    "host": "0.0.0.0}\n----------------------^\n' +
      "Expecting 'STRING', got 'undefined'\nFile: \"/srv/app/conf/service.cjson\"\n";
    expect(proposed(log)).toEqual(['/srv/app/conf/service.cjson:4']);
    // Another position between them owns the field; a field too far below names nothing.
    expect(proposed('Error: Parse error on line 4:\nsee line 9\nFile: "conf/a.json"\n')).not.toContain('conf/a.json:4');
    expect(proposed('Error: Parse error on line 4:\na\nb\nc\nd\nFile: "conf/a.json"\n')).not.toContain('conf/a.json:4');
  });

  it("takes the file a copied message box's title names, between its rules, for its text's line", () => {
    const rule = '-'.repeat(27);
    expect(proposed(`${rule}\nscripts/hotkeys.ahk\n${rule}\nError at line 7.\n\nThe program will exit.\n${rule}\n`)).toEqual([
      'scripts/hotkeys.ahk:7',
    ]);
    // A rule above the text alone is no box: its title is not read from further up.
    expect(proposed(`scripts/hotkeys.ahk\nsome text\n${rule}\nError at line 7.\n`)).not.toContain('scripts/hotkeys.ahk:7');
  });

  it("gives severity rows under a file written alone on a line that file (a run page's annotations copied)", async () => {
    const rows = 'conf/app.ini\n  Error: 4:8 [K12] bad key\n  Warning: 2:1 [K3] unused\nsrc/main.c\n  Notice: 7:3 spelling\n';
    expect(proposed(rows)).toEqual(['conf/app.ini:4:8', 'conf/app.ini:2:1', 'src/main.c:7:3']);
    expect(proposed('the job failed\n  Error: 4:8 [K12] bad key\n')).toEqual([]);
    expect(proposed('gone/missing.ini\n  Error: 4:8 bad key\n')).toEqual(['gone/missing.ini:4:8']);
    const root = await makeWorkspace(FILES);
    const result = await locate({ text: `${rows}gone/missing.ini\n  Error: 4:8 bad key\n` }, { cwd: root, roots: [root] });
    expect(result.locations.map((l) => [l.file, l.line, l.column, l.severity, l.code])).toEqual([
      ['conf/app.ini', 4, 8, 'error', 'K12'],
      ['conf/app.ini', 2, 1, 'warning', 'K3'],
      ['src/main.c', 7, 3, 'note', null],
    ]);
    expect(result.unresolved).toEqual([]);
  });

  it('reads a location split from its file onto the next line, with the severity of its tail', async () => {
    const root = await makeWorkspace(FILES);
    const log = 'compiling /home/ci/work/app/src/main.c\n:4:20: error: expected expression\n';
    const result = await locate({ text: log }, { cwd: root, roots: [root] });
    expect(result.locations.map((l) => [l.file, l.line, l.column, l.severity, l.message, l.logLine])).toEqual([
      ['src/main.c', 4, 20, 'error', 'expected expression', 1],
    ]);
  });

  it('keeps a candidate only when the workspace has the file, and never reports one as unresolved', async () => {
    const root = await makeWorkspace(FILES);
    const log = [
      'error: unexpected token on line 4 of conf/app.ini',
      'warning: see line 2 of docs/missing.md',
      'took 3.5 s at line 9 of the report',
      'see src/main.c#L12',
    ].join('\n');
    const result = await locate({ text: log }, { cwd: root, roots: [root] });
    expect(result.locations.map((l) => `${l.file}:${l.line}:${l.severity}:${l.format}`)).toEqual([
      'conf/app.ini:4:error:prose',
      'src/main.c:12:null:prose',
    ]);
    expect(result.unresolved).toEqual([]);
    expect(result.dropped).toEqual([]);
  });

  it("adds the place a claimed line names in its message, and never a second copy of the claimant's own place", async () => {
    const root = await makeWorkspace({ ...FILES, 'load.rb': 'x\n'.repeat(5) });
    const log =
      "load.rb:3:in `parse': (conf/app.ini): mapping values are not allowed at line 4 column 12 (Psych::SyntaxError)\nsrc/main.c:5:1: error: bad, see line 5 of src/main.c\n";
    const result = await locate({ text: log }, { cwd: root, roots: [root] });
    expect(result.locations.map((l) => `${l.file}:${l.line}:${l.column}:${l.format}`).sort()).toEqual([
      'conf/app.ini:4:12:prose',
      'load.rb:3:null:ruby',
      'src/main.c:5:1:gcc',
    ]);
  });

  it.each(
    findFixtureCases(new URL('../../fixtures', import.meta.url).pathname)
      .filter((fixture) => !fixture.log.includes('/prose/'))
      .map((fixture) => [fixture.name, fixture]),
  )('%s: no prose candidate replaces or adds to what its formats report', async (_name, fixture) => {
    const expected = JSON.parse(readFileSync(fixture.expectedPath, 'utf8')) as { locations: Array<{ format: string }> };
    const result = await locate({ path: fixture.log }, { cwd: fixture.cwd, roots: fixture.roots });
    const prose = result.locations.filter((location) => location.format === 'prose');
    expect(prose.length).toBe(expected.locations.filter((location) => location.format === 'prose').length);
  });
});
