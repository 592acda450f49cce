import { describe, expect, it } from 'vitest';
import { commandAfterOptions } from '../../src/cli/args.js';

// The leading-option parser run and check-command share.
describe('commandAfterOptions', () => {
  const parse = (argv: string[]) => {
    const seen: [string, string | true][] = [];
    const command = commandAfterOptions(argv, 'run', (name, value) => {
      if (name === '--cwd' || name === '-o') seen.push([name, value()]);
      else if (name === '--json') seen.push([name, true]);
      else return false;
      return true;
    });
    return { seen, command };
  };

  it('stops at -- or at the first word that is not an option, keeping the command as given', () => {
    expect(parse(['--json', '--cwd', 'a', '--', '--json', 'x'])).toEqual({
      seen: [
        ['--json', true],
        ['--cwd', 'a'],
      ],
      command: ['--json', 'x'],
    });
    expect(parse(['-o', 'out.txt', 'npm', 'test', '--', '--watch=false'])).toEqual({
      seen: [['-o', 'out.txt']],
      command: ['npm', 'test', '--', '--watch=false'],
    });
  });

  it('takes --name=value as --name value', () => {
    expect(parse(['--cwd=dir=x', 'make']).seen).toEqual([['--cwd', 'dir=x']]);
  });

  it('names a missing value and an unknown option in one line, with the command for --help', () => {
    expect(() => parse(['--cwd'])).toThrow('--cwd needs a value');
    expect(() => parse(['--nope=1', 'make'])).toThrow('unknown option --nope=1 (faultline run --help lists them)');
  });
});
