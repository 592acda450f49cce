// Names only on the command line (issue 20): a tool that read its source from standard input prints `<stdin>`,
// `[stdin]`, `-`, `stdin` or no file; the command echoed in the log or recorded by `faultline run` names the file.
import { afterEach, describe, expect, it } from 'vitest';
import { echoedCommand, namedInputFile, operandNamedIn, readsStandardInput } from '../../src/core/index.js';
import { locate } from '../../src/locate/index.js';
import { makeWorkspace, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

describe('namedInputFile', () => {
  it.each([
    ['python3 - < avg.py', 'avg.py'],
    ['node <sum.js', 'sum.js'],
    ['gcc -x c -c -o /dev/null - < cnt.c 2>&1 | tee build.log', 'cnt.c'],
    ['eslint --stdin --stdin-filename src/app.js < src/app.js', 'src/app.js'],
    ['ruff check --stdin-filename=pkg/mod.py -', 'pkg/mod.py'],
    ['cat conf.yml | yamllint -', 'conf.yml'],
    ['jq . settings.json', 'settings.json'],
    // A client's read command names what it runs, whatever else the command line holds (the database file).
    ['sqlite3 app.db ".read report.sql"', 'report.sql'],
    ['sqlite3 :memory: ".read report.sql"', 'report.sql'],
    ['jq -f filter.jq data.json', undefined],
    ['npm test', undefined],
    ["sh -c 'shellcheck - < list.sh'", 'list.sh'],
    ['docker run --rm -i hadolint/hadolint < images/web/Dockerfile', 'images/web/Dockerfile'],
    ['hadolint - < Dockerfile', 'Dockerfile'],
    ['cat Makefile | checkmake -', 'Makefile'],
    ['cat seed.sql | mysql -u app shop', 'seed.sql'],
    ['cat a.sql b.sql | mysql shop', undefined],
    ['docker run --rm -i hadolint/hadolint', undefined],
  ])('%s → %s', (command, expected) => {
    expect(namedInputFile(command)).toBe(expected);
  });

  it('reads `cat F | tool` as standard input, as `tool < F` is', () => {
    expect(readsStandardInput('cat seed.sql | mysql -u app shop')).toBe(true);
    expect(readsStandardInput('cat seed.sql || mysql shop')).toBe(false);
    expect(namedInputFile('cat seed.sql | mysql -u app shop', true)).toBe('seed.sql');
  });

  it("keeps a Windows path's backslashes and reads PowerShell's prompt, even touching the command", () => {
    expect(namedInputFile('Invoke-ScriptAnalyzer .\\tools\\Build-Site.ps1 | Format-List')).toBe('.\\tools\\Build-Site.ps1');
    expect(echoedCommand('[PS] >Invoke-ScriptAnalyzer .\\a.ps1')).toBe('Invoke-ScriptAnalyzer .\\a.ps1');
    expect(echoedCommand('PS C:\\work>pwsh -File .\\a.ps1')).toBe('pwsh -File .\\a.ps1');
    expect(echoedCommand('C:\\work>luigi --module jobs Load')).toBe('luigi --module jobs Load');
  });

  it('reads a full shell prompt (user, host, folder) as an echoed command, glued to a code fence or not', () => {
    expect(echoedCommand('me@box:~/proj$ kubectl apply -f site.yml')).toBe('kubectl apply -f site.yml');
    expect(echoedCommand('```me@box:~/proj$ kubectl apply -f site.yml')).toBe('kubectl apply -f site.yml');
    expect(echoedCommand('root@web-1:/srv/app# ./deploy.sh')).toBe('./deploy.sh');
    expect(echoedCommand('[me@box proj]$ make check')).toBe('make check');
    expect(echoedCommand('me@box proj % yamllint site.yml')).toBe('yamllint site.yml');
    // An address or a mention in a sentence is no prompt.
    expect(echoedCommand('mail me@example.com about it')).toBeUndefined();
    expect(echoedCommand('cc @me@box: costs 5$')).toBeUndefined();
  });

  it("reads a database client's prompt as an echoed command", () => {
    expect(echoedCommand('sqlite> .read schema.sql')).toBe('.read schema.sql');
    expect(echoedCommand('MariaDB [shop]> source db/seed.sql;')).toBe('source db/seed.sql;');
    expect(echoedCommand('trino:web> select 1;')).toBe('select 1;');
    expect(echoedCommand('postgres=# \\i report.sql')).toBe('\\i report.sql');
    expect(echoedCommand('SQL> @install.sql')).toBe('@install.sql');
    // A word glued to `>` with no blank after it, or a sentence, is no prompt.
    expect(echoedCommand('List<String> names')).toBeUndefined();
    expect(echoedCommand('a->b')).toBeUndefined();
  });

  it("takes a database client's read command and a namespaced script option as the input", () => {
    expect(namedInputFile('.read schema.sql', true)).toBe('schema.sql');
    expect(namedInputFile('source db/seed.sql;', true)).toBe('db/seed.sql');
    expect(namedInputFile('@install/tables.sql', true)).toBe('install/tables.sql');
    expect(namedInputFile('psql -c "\\i report.sql" shop', true)).toBe('report.sql');
    expect(namedInputFile('bin/flink run lib/job.jar --sql.script.file ../sql/load.sql', true)).toBe('../sql/load.sql');
    expect(namedInputFile('sqlcmd -S . -d shop -i deploy/seed.sql', true)).toBe('deploy/seed.sql');
    // A configuration file is no input.
    expect(namedInputFile('tool --config-file conf/app.yml', true)).toBeUndefined();
  });

  it('takes only a redirect or an input option for a location that names no file', () => {
    expect(namedInputFile('jq . settings.json', true)).toBeUndefined();
    expect(namedInputFile('jq . < settings.json', true)).toBe('settings.json');
    expect(namedInputFile('awk -f prog.awk data.txt', true)).toBe('prog.awk');
  });
});

describe('command lines in a log', () => {
  it('takes a whole line quoted as Markdown code as a command, with its prompt or not', () => {
    expect(echoedCommand('`docker run --rm -i hadolint/hadolint < Dockerfile`')).toBe('docker run --rm -i hadolint/hadolint < Dockerfile');
    expect(echoedCommand('```$ hadolint - < Dockerfile```')).toBe('hadolint - < Dockerfile');
    expect(echoedCommand('run `hadolint - < Dockerfile` here')).toBeUndefined();
  });

  it('takes a line led by a package runner as a command pasted without its prompt, and names its one file', () => {
    expect(echoedCommand('npx pyright@1.1.81 tools/convert.py')).toBe('npx pyright@1.1.81 tools/convert.py');
    expect(echoedCommand('  python -m mypy app.py')).toBe('python -m mypy app.py');
    expect(echoedCommand('bundle exec rubocop lib/a.rb')).toBe('bundle exec rubocop lib/a.rb');
    expect(namedInputFile('npx pyright@1.1.81 tools/convert.py')).toBe('tools/convert.py');
    // A runner's word inside a sentence, or a message that starts with another word, is no command.
    expect(echoedCommand('then npx pyright app.py fails')).toBeUndefined();
    expect(echoedCommand('npm ERR! code ELIFECYCLE')).toBeUndefined();
    expect(echoedCommand('npx')).toBeUndefined();
  });

  it('reads a redirect only where its target ends the word: `<package>` in a message is none', () => {
    expect(readsStandardInput('yamllint - < conf.yml')).toBe(true);
    expect(readsStandardInput('node <sum.js;')).toBe(true);
    expect(readsStandardInput('L3 DL3008 Instead of `apt-get install <package>` use `apt-get install <package>=<version>`')).toBe(false);
  });
});

describe('standard input located in the file its command names', () => {
  it('places rows that name no file, or `-`, `/dev/stdin` and `<stdin>`, in the file of the command above', async () => {
    const root = await makeWorkspace({ Dockerfile: 'x\n'.repeat(9), 'src/sum.c': 'x\n'.repeat(12) });
    const log = [
      '`docker run --rm -i hadolint/hadolint < Dockerfile`',
      'L7 DL3008 Pin versions in apt get install. Use `apt-get install <package>=<version>`',
      'L8 DL3013 Pin versions in pip.',
      '$ hadolint /dev/stdin < Dockerfile',
      '/dev/stdin:3 DL3007 warning: Using latest is prone to errors',
      '$ gcc -Wall -x c -c - -o /dev/null < src/sum.c',
      '<stdin>:10:10: error: ‘missing’ undeclared (first use in this function)',
    ].join('\n');
    const result = await locate({ text: log }, { cwd: root, roots: [root] });
    expect(result.locations.map((l) => `${l.file}:${l.line}:${l.format}`).sort()).toEqual([
      'Dockerfile:3:hadolint',
      'Dockerfile:7:hadolint',
      'Dockerfile:8:hadolint',
      'src/sum.c:10:gcc',
    ]);
  });

  it('reads the command echoed above (`$ …`, `+ …`, a make recipe), the nearest one', async () => {
    const root = await makeWorkspace({ 'avg.py': 'x\n'.repeat(9), 'other.py': 'x\n'.repeat(9), 'sum.js': 'x\n'.repeat(9) });
    const log = [
      '$ python3 - < other.py',
      'ok',
      '+ python3 - < avg.py',
      'Traceback (most recent call last):',
      '  File "<stdin>", line 7, in <module>',
      'ZeroDivisionError: division by zero',
      'node < sum.js',
      '[stdin]:3',
      '    at sum ([stdin]:3:12)',
      'TypeError: x is undefined',
    ].join('\n');
    const result = await locate({ text: log }, { cwd: root, roots: [root] });
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['avg.py:7', 'sum.js:3']);
  });

  it('uses the recorded command when the log echoes none, and drops standard input that no command names', async () => {
    const root = await makeWorkspace({ 'avg.py': 'x\n'.repeat(9) });
    const log = 'Traceback (most recent call last):\n  File "<stdin>", line 5, in total\nZeroDivisionError: division by zero\n';
    const recorded = await locate({ text: log }, { cwd: root, roots: [root], command: ['sh', '-c', 'python3 - < avg.py'] });
    expect(recorded.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['avg.py:5']);
    const unnamed = await locate({ text: log }, { cwd: root, roots: [root], command: ['sh', '-c', 'python3 - < a.py < b.py'] });
    expect(unnamed.locations).toEqual([]);
    expect(unnamed.unresolved).toEqual([]);
    expect(unnamed.dropped.map((d) => d.reason)).toEqual(['runtime']);
  });

  it('places a prose error with no file only through a redirect, never through an operand', async () => {
    const root = await makeWorkspace({ 'settings.json': 'x\n'.repeat(9) });
    const log = "parse error: Expected value before ',' at line 3, column 11\n";
    const redirected = await locate({ text: log }, { cwd: root, roots: [root], command: ['sh', '-c', 'jq . < settings.json'] });
    expect(redirected.locations.map((l) => `${l.file}:${l.line}:${l.column}`)).toEqual(['settings.json:3:11']);
    const operand = await locate({ text: log }, { cwd: root, roots: [root], command: ['jq', '.', 'settings.json'] });
    expect([...operand.locations, ...operand.unresolved]).toEqual([]);
  });

  it("places a client's error with no file in what a root shell's command or a client's prompt fed it", async () => {
    const root = await makeWorkspace({ 'db/schema.sql': 'x\n'.repeat(200), 'notes.sql': 'x\n'.repeat(9) });
    const log = [
      '# mysql -u app shop < db/schema.sql',
      '',
      'ERROR 1064 (42000) at line 170: You have an error in your SQL syntax',
      '# Notes',
      'sqlite> .read notes.sql',
      'Error: near line 4: near "KEY": syntax error',
    ].join('\n');
    const result = await locate({ text: log }, { cwd: root, roots: [root] });
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['db/schema.sql:170', 'notes.sql:4']);
  });

  it('places a prose error with no file in the operand whose file name the message names', async () => {
    const root = await makeWorkspace({ 'profiles/web-server': 'x\n'.repeat(20) });
    const log = [
      '$ apparmor_parser -r -W /etc/apparmor.d/profiles/web-server',
      '',
      'web-server at line 12: syntax error, unexpected TOK_ID',
    ].join('\n');
    const result = await locate({ text: log }, { cwd: root, roots: [root] });
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['profiles/web-server:12']);
  });
});

describe('operandNamedIn', () => {
  it.each([
    ['apparmor_parser -r /etc/apparmor.d/web-server', 'web-server at line 3: syntax error', '/etc/apparmor.d/web-server'],
    ['tool conf/site.ini', 'error in site.ini at line 2', 'conf/site.ini'],
    // A name inside a longer word, an output, an option value or two matching operands name nothing.
    ['apparmor_parser -r /etc/apparmor.d/web', 'web-server at line 3', undefined],
    ['tool -o out/report.txt in/data.csv', 'report.txt line 2 failed', undefined],
    ['tool a/site.ini b/site.ini', 'site.ini line 2 failed', undefined],
    ['tool site.ini', 'site.ini line 2 failed', undefined],
  ])('%s with %s → %s', (command, message, expected) => {
    expect(operandNamedIn(command, message)).toBe(expected);
  });
});

describe("a Packer JSON template's position", () => {
  it('is in the template the echoed command names, and dropped when no command names one', async () => {
    const root = await makeWorkspace({ 'base-image.json': 'x\n'.repeat(9), 'vars.json': 'x\n'.repeat(9) });
    const error = ["Failed to parse template: Error parsing JSON: invalid character '}'", 'At line 7, column 5 (offset 104):'];
    const named = await locate(
      { text: ['C:\\work>packer build -var-file=vars.json base-image.json', ...error].join('\n') },
      { cwd: root, roots: [root] },
    );
    expect(named.locations.map((location) => `${location.file}:${location.line}`)).toEqual(['base-image.json:7']);
    const bare = await locate({ text: error.join('\n') }, { cwd: root, roots: [root] });
    expect(bare.locations).toEqual([]);
  });
});
