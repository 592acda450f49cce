// A log copied out of a terminal window (issue 20, copy damage): every line padded with blanks to the window's width.
// The engine takes the padding off before any format reads a line (src/grammars/engine/line-texts.ts), so a header
// read whole still heads its rows, whatever the tool; one trailing blank is text and stays.
import { afterEach, describe, expect, it } from 'vitest';
import { locate } from '../../../src/locate/index.js';
import { makeWorkspace, removeWorkspaces } from '../../resolve/_workspace.js';

afterEach(removeWorkspaces);

const FILES = { 'models/orders.sql': 'x\n'.repeat(20), 'web/basket.js': 'x\n'.repeat(40) };

async function places(log: string): Promise<string[]> {
  const root = await makeWorkspace(FILES);
  const result = await locate({ text: log }, { cwd: root, roots: [root] });
  return result.locations.map((l) => `${l.file}:${l.line}:${l.format}`);
}

const padded = (lines: string[], width = 100): string => lines.map((line) => line.padEnd(width)).join('\n') + '\n';

describe('terminal padding', () => {
  it('reads a header line followed by the blanks a terminal copy added', async () => {
    const sqlfluff = [
      '== [models/orders.sql] FAIL',
      'L:   1 | P:   1 | LT09 | Select targets should be on a new line unless there is',
      '                       | only one select target. [layout.select_targets]',
      'L:   4 | P:   8 |  PRS | Line 4, Position 8: Found unparsable section: ", *"',
    ];
    expect(await places(padded(sqlfluff))).toEqual(['models/orders.sql:1:sqlfluff', 'models/orders.sql:4:sqlfluff']);
    const stylish = ['web/basket.js', '  14:3  error  Unexpected console statement  no-console', '✖ 1 problem (1 error, 0 warnings)'];
    expect(await places(padded(stylish, 160))).toEqual(['web/basket.js:14:eslint-stylish']);
  });

  it('keeps a line of blanks blank and reads a long run of them in one pass', async () => {
    const log = `${' '.repeat(200_000)}\n== [models/orders.sql] FAIL${' '.repeat(3_000)}\nL:   2 | P:   3 | LT01 | Too many blanks\n`;
    expect(await places(log)).toEqual(['models/orders.sql:2:sqlfluff']);
  });
});
