import { describe, expect, it } from 'vitest';
import { buildCommandPrompt, extractShellCommand } from '../../src/prompt/index.js';

describe('extractShellCommand', () => {
  const cases: Array<[string, string, string]> = [
    ['plain', 'ls -la', 'ls -la'],
    ['dollar prompt', '$ npm test', 'npm test'],
    ['backtick-wrapped', '`git status`', 'git status'],
    ['bash fence with comment', 'Sure!\n```bash\n# list files\nls -la\n```\nThis lists files.', 'ls -la'],
    ['label line', 'You can use this:\ndu -sh *', 'du -sh *'],
    ['shell-session tag', '```shell-session\n$ ls -la\n```', 'ls -la'],
    ['ps1 tag', '```ps1\nGet-ChildItem -Recurse\n```', 'Get-ChildItem -Recurse'],
    ['CRLF fence', '```bash\r\nls -la\r\n```\r\n', 'ls -la'],
    ['inline code in prose', 'Run: `ls -la`', 'ls -la'],
    ['PowerShell prompt', 'PS C:\\> Get-ChildItem', 'Get-ChildItem'],
    ['PowerShell prompt in fence', '```powershell\nPS C:\\Users\\me> Get-Process | Sort-Object CPU\n```', 'Get-Process | Sort-Object CPU'],
    ['> prompt', '> npm test', 'npm test'],
    ['user@host prompt', 'me@box:~/src$ make -j8', 'make -j8'],
    ['continued docker run', '```sh\ndocker run \\\n  -p 8080:80 \\\n  nginx\n```', 'docker run \\\n  -p 8080:80 \\\n  nginx'],
    ['prose first line', 'Note: careful\nrm -rf build', 'rm -rf build'],
    ['sentence then command', 'This removes the build folder.\nrm -rf build', 'rm -rf build'],
    ['tilde fence', '~~~\nfind . -name "*.ts"\n~~~', 'find . -name "*.ts"'],
    ['longer fence with inner ```', "````md\necho '```'\n````", "echo '```'"],
    ['backticks inside a command', 'echo `date`', 'echo `date`'],
    ['empty', '', ''],
    ['only prose', 'I cannot help with that.', ''],
  ];
  for (const [name, reply, expected] of cases) {
    it(name, () => expect(extractShellCommand(reply)).toBe(expected));
  }
});

describe('buildCommandPrompt', () => {
  it('names shell, platform, cwd, the request, rules and the previous run, redacted and bounded', async () => {
    const output = Array.from({ length: 100 }, (_, index) => `file${index}.txt`).join('\n');
    const result = await buildCommandPrompt({
      description: 'list the largest files',
      shell: 'bash',
      platform: 'linux 6.8',
      cwd: '/repo',
      previous: { command: ['curl', '-H', 'Authorization: Bearer abcdef0123456789abcdef', 'https://x'], output, exitCode: 0 },
    });
    expect(result.prompt).toContain('Write one bash command for linux 6.8');
    expect(result.prompt).toContain('list the largest files');
    expect(result.prompt).toContain('no explanation');
    expect(result.prompt).toContain('Working directory: /repo');
    expect(result.prompt).toContain('Previous command (exit code 0)');
    expect(result.prompt).not.toContain('abcdef0123456789abcdef');
    expect(result.prompt).toContain('file99.txt');
    expect(result.prompt).not.toContain('file50.txt');
    expect(result.prompt).toMatch(/\[… \d+ lines omitted …\]/);
    expect(result.redactions).toEqual([{ type: 'auth-header', count: 1 }]);
  });
});
