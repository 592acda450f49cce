import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseOptions } from '../../src/cli/args.js';

// parseOptions reads plain command lines itself (src/cli/args.ts says why) and must answer exactly as node:util's
// parseArgs does, down to the null-prototype values object and the order of its keys; every other line still
// goes to parseArgs, whose errors the commands report.
describe('parseOptions on the command lines it reads itself', () => {
  const options = {
    cwd: { type: 'string' },
    root: { type: 'string', multiple: true },
    json: { type: 'boolean' },
    tool: { type: 'string', multiple: true },
    output: { type: 'string', short: 'o' },
    'no-color': { type: 'boolean' },
    efm: { type: 'string', multiple: true },
  } as const;
  const lines: string[][] = [
    [],
    ['build.log'],
    ['-'],
    ['build.log', '--json', '--cwd', 'ws', '--root', 'a', '--root=b'],
    ['--tool', 'tsc', 'x.log', '--tool=eslint', '--no-color', '--json', '--json'],
    ['--cwd=', 'x.log'],
    ['--cwd', 'a', '--cwd', 'b', 'x.log', 'y.log'],
    ['--efm', '%f:%l: %m', '--efm=%-G%.%#'],
    ['--output', 'out.sarif', 'a b.log', '--root', 'ws=1'],
  ];
  for (const argv of lines) {
    it(`reads ${JSON.stringify(argv)} as parseArgs does`, () => {
      const ours = parseOptions('locate', { args: argv, options, allowPositionals: true });
      const node = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
      expect(ours).toStrictEqual(node);
      expect(Object.getPrototypeOf(ours.values)).toBe(null);
      expect(Object.keys(ours.values)).toEqual(Object.keys(node.values));
    });
  }

  const refused: [string[], RegExp][] = [
    [['--cwd'], /argument missing/],
    [['--cwd', '-x'], /ambiguous/],
    [['--json=1'], /does not take an argument/],
    [['--nope'], /unknown option --nope .*faultline locate --help/],
    [['-z'], /unknown option -z/],
  ];
  for (const [argv, message] of refused) {
    it(`leaves ${JSON.stringify(argv)} to parseArgs, which refuses it`, () => {
      expect(() => parseOptions('locate', { args: argv, options, allowPositionals: true })).toThrow(message);
    });
  }

  it('leaves short options, -- and positionals where none are allowed to parseArgs', () => {
    expect(parseOptions('locate', { args: ['-o', 'f', '--', '--json'], options, allowPositionals: true })).toStrictEqual(
      parseArgs({ args: ['-o', 'f', '--', '--json'], options, allowPositionals: true, strict: true }),
    );
    expect(() => parseOptions('ps', { args: ['x'], options: { json: { type: 'boolean' } } })).toThrow(/Unexpected argument 'x'/);
  });
});
