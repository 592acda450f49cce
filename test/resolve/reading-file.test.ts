// A location whose bare file name is a stand-in (ResolveHints.readingFile): a tool that compiles a copy of the file
// under another name prints the name it gave the copy after the path it was reading (`contracts/A.sol:
// ParsedContract.sol:7:14: ParserError`, truffle 4). The location is in the path the line printed first, but only when
// the printed name is no workspace file: a real include's own file keeps its place.
import { afterEach, describe, expect, it } from 'vitest';
import { locate } from '../../src/locate/index.js';
import { pathPrintedBefore } from '../../src/grammars/engine/mentioned-paths.js';
import { makeWorkspace, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

const TEN_LINES = 'x\n'.repeat(10);

async function places(log: string, files: Record<string, string>): Promise<string[]> {
  const root = await makeWorkspace(files);
  const result = await locate({ text: log }, { cwd: root, roots: [root] });
  return result.locations.map((l) => `${l.file}:${l.line}:${l.column}`);
}

describe('the path a line printed before a stand-in name', () => {
  it('is read from `PATH: name:L:C`, relative, absolute or Windows, and never from a name alone', () => {
    expect(pathPrintedBefore('contracts/Vault.sol: Parsed.sol:7:14: ParserError: x', 'Parsed.sol')).toBe('contracts/Vault.sol');
    expect(pathPrintedBefore('Error parsing /home/ci/app/contracts/Vault.sol: Parsed.sol:3:1: ', 'Parsed.sol')).toBe(
      '/home/ci/app/contracts/Vault.sol',
    );
    expect(pathPrintedBefore('Error parsing C:\\app\\Vault.sol: Parsed.sol:3:1:', 'Parsed.sol')).toBe('C:\\app\\Vault.sol');
    expect(pathPrintedBefore('warning: Parsed.sol:3:1: x', 'Parsed.sol')).toBeUndefined();
    expect(pathPrintedBefore('src/a.c:Parsed.sol:3', 'Parsed.sol')).toBeUndefined();
    expect(pathPrintedBefore('lib/x/Parsed.sol: Parsed.sol:3:1', 'Parsed.sol')).toBeUndefined();
  });
});

describe('a location in a stand-in name', () => {
  it('is placed in the file the line said it was reading when no workspace file has the name', async () => {
    const log = 'contracts/Vault.sol: Parsed.sol:7:14: ParserError: Expected identifier\nCompilation failed. See above.\n';
    expect(await places(log, { 'contracts/Vault.sol': TEN_LINES })).toEqual(['contracts/Vault.sol:7:14']);
    const absolute = 'Error parsing /Users/dev/token/contracts/Vault.sol: Parsed.sol:3:1: \nParserError: Source file requires a version\n';
    expect(await places(absolute, { 'contracts/Vault.sol': TEN_LINES })).toEqual(['contracts/Vault.sol:3:1']);
  });

  it('stays in the printed file when the workspace has it', async () => {
    const log = 'contracts/Vault.sol: Lib.sol:7:14: ParserError: Expected identifier\n';
    expect(await places(log, { 'contracts/Vault.sol': TEN_LINES, 'contracts/Lib.sol': TEN_LINES })).toEqual(['contracts/Lib.sol:7:14']);
  });
});
