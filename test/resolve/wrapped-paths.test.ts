// formats.md §3.9: a terminal-width console wraps a long path over two lines. The location line then starts
// with the path's second half; the joined path wins only when it is a workspace file.
import { afterEach, describe, expect, it } from 'vitest';
import { locate } from '../../src/locate/index.js';
import { makeWorkspace, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

const PATH = 'src/services/payment_gateway/adapters/international/currency_adapter.c';

async function located(log: string, files: Record<string, string>) {
  const root = await makeWorkspace(files);
  const result = await locate({ text: log }, { cwd: root, roots: [root] });
  return { result, root };
}

describe('wrapped paths', () => {
  it('joins a path wrapped at the console width, and the message wrapped after it', async () => {
    const first = `/home/runner/work/app/app/${PATH}`.slice(0, 60);
    const second = `/home/runner/work/app/app/${PATH}`.slice(60);
    const location = `${second}:4:20: error: 'rat' undeclared (first use in this `;
    const log = `${first}\n${location.padEnd(60).slice(0, 60)}\n${location.slice(60)}function)\n`;
    const { result } = await located(log, { [PATH]: 'int f(void) {\n  int rate;\n\n  return rat;\n}\n' });
    expect(result.locations.map((l) => `${l.file}:${l.line}:${l.column}`)).toEqual([`${PATH}:4:20`]);
    expect(result.locations[0]?.message).toBe("'rat' undeclared (first use in this function)");
  });

  it('keeps the printed path when the joined one is not a workspace file', async () => {
    // The line before ends in an unrelated path; the location's own path exists as printed.
    const log = 'Compiling the payment gateway adapters now, see docs/build/\nsrc/a.c:3:1: error: boom\n';
    const { result } = await located(log, { 'src/a.c': 'x\ny\nz\n' });
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['src/a.c:3']);
    expect(result.locations[0]?.message).toBe('boom');
  });

  it('does not treat a short line before as a wrap', async () => {
    const log = 'see src/\na.c:3:1: error: boom\n';
    const { result } = await located(log, { 'src/a.c': 'x\ny\nz\n', 'a.c': 'x\ny\nz\n' });
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['a.c:3']);
  });
});
