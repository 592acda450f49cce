// A log pasted double-spaced (issue 20, copy damage): a blank line after every printed line. Formats that read a
// line's neighbours step over the paste's lone blanks (src/grammars/engine/double-spaced.ts), whatever the tool.
import { afterEach, describe, expect, it } from 'vitest';
import { isDoubleSpaced } from '../../../src/grammars/engine/double-spaced.js';
import { locate } from '../../../src/locate/index.js';
import { makeWorkspace, removeWorkspaces } from '../../resolve/_workspace.js';

afterEach(removeWorkspaces);

const FILES = { 'web/basket.js': 'x\n'.repeat(40), 'web/pricing.js': 'x\n'.repeat(40) };

async function places(log: string): Promise<string[]> {
  const root = await makeWorkspace(FILES);
  const result = await locate({ text: log }, { cwd: root, roots: [root] });
  return result.locations.map((l) => `${l.file}:${l.line}:${l.format}`);
}

const doubled = (lines: string[]): string => lines.map((line) => `${line}\n\n`).join('');

const STYLISH = [
  '> shop@1.0.0 lint /srv/ci/shop',
  '> eslint web',
  '/srv/ci/shop/web/basket.js',
  '  14:3  error  Unexpected console statement  no-console',
  '  21:9  error  Missing semicolon  semi',
  '✖ 2 problems (2 errors, 0 warnings)',
  'npm ERR! code ELIFECYCLE',
  'npm ERR! errno 1',
];

describe('double-spaced pastes', () => {
  it('tells a paste with a blank after every line from a log whose blank lines separate blocks', () => {
    expect(isDoubleSpaced(doubled(STYLISH))).toBe(true);
    // CRLF endings and blanks holding spaces are still blank.
    expect(isDoubleSpaced(STYLISH.map((line) => `${line}\r\n  \r\n`).join(''))).toBe(true);
    expect(isDoubleSpaced(STYLISH.join('\n\n\n') + '\n')).toBe(false);
    expect(isDoubleSpaced(STYLISH.join('\n') + '\n')).toBe(false);
    const paragraphs = ['FAIL web/basket.test.js', '  ● total', '', '    expected 3', '    received 4', '', 'Tests: 1 failed'];
    expect(isDoubleSpaced([...paragraphs, ...paragraphs].join('\n'))).toBe(false);
    // Too few lines to show a pattern.
    expect(isDoubleSpaced(doubled(STYLISH.slice(0, 3)))).toBe(false);
  });

  it('does not count the few lines a reporter typed above a short paste (a fence, an ellipsis, the command)', () => {
    const rows = ['/srv/ci/shop/web/basket.js', '  14:3  error  Missing semicolon  semi', '/srv/ci/shop/web/pricing.js', '  2:1  error  x'];
    const paste = ['```bash', '...', '$ eslint web', '', doubled([...rows, '✖ 2 problems (2 errors, 0 warnings)'])].join('\n');
    expect(isDoubleSpaced(paste)).toBe(true);
    // A log's own first block of more lines, or lines joined further down, still count.
    expect(isDoubleSpaced(['a', 'b', 'c', 'd', 'e', '', doubled([...rows, 'done'])].join('\n'))).toBe(false);
    expect(isDoubleSpaced(['```bash', '$ eslint web', '', doubled(rows), 'x', 'y', 'z', 'w', '', doubled(rows)].join('\n'))).toBe(false);
  });

  it('reads ESLint rows under their file header across the blank lines a paste added', async () => {
    expect(await places(doubled(STYLISH))).toEqual(['web/basket.js:14:eslint-stylish', 'web/basket.js:21:eslint-stylish']);
  });

  it('reads a message on the line below its location across the blank a paste added', async () => {
    const log = doubled([
      'Hash: 5d41402abc4b2a76b971',
      'Version: webpack 3.12.0',
      'ERROR in ./web/pricing.js',
      'Module parse failed: Unexpected token (7:12)',
      'You may need an appropriate loader to handle this file type.',
      'npm ERR! code ELIFECYCLE',
    ]);
    expect(await places(log)).toEqual(['web/pricing.js:7:webpack']);
  });
});
