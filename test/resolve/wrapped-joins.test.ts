// Issue 11 item 5: a path or msbuild's bracketed project hint hard-wrapped at a console width is joined when the
// join resolves and the parts alone do not.
import { afterEach, describe, expect, it } from 'vitest';
import { locate } from '../../src/locate/index.js';
import { makeWorkspace, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

describe('wrapped joins', () => {
  it('joins a name cut without a separator when the line before is exactly a console width', async () => {
    const root = await makeWorkspace({ 'currency_conversion_adapter.c': 'int f(void) {\n  return rat;\n}\n' });
    const full = 'currency_conversion_adapter.c:2:10: error: ‘rat’ undeclared';
    const first = `${'x'.repeat(60)} see currency_conv`;
    const log = `${first.padStart(80, '=')}\n${full.slice('currency_conv'.length)}\n`;
    const result = await locate({ text: log }, { cwd: root, roots: [root] });
    expect(result.locations.map((l) => `${l.file}:${l.line}:${l.column}`)).toEqual(['currency_conversion_adapter.c:2:10']);
  });

  it('keeps the printed part when it is a workspace file itself, even if the join is one too', async () => {
    const root = await makeWorkspace({ 'lib/a.c': 'x\ny\nz\n', 'src/lib/a.c': 'x\ny\nz\n' });
    const log = `${'Compiling everything below, the tree starts at '.padEnd(76, '.')}src/\nlib/a.c:3:1: error: boom\n`;
    const result = await locate({ text: log }, { cwd: root, roots: [root] });
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['lib/a.c:3']);
  });

  it('reads a project hint cut by the wrap, inside the hint or before it, and keeps the message clean', async () => {
    const root = await makeWorkspace({ 'svc/Program.cs': 'a\nb\nc\n' });
    const log = [
      `Program.cs(2,3): error CS1002: ; expected [${root}/svc/s`,
      'vc.csproj]',
      'Program.cs(3,1): error CS1513: } expected',
      `[${root}/svc/svc.csproj]`,
    ].join('\n');
    const result = await locate({ text: log }, { cwd: root, roots: [root] });
    expect(result.locations.map((l) => `${l.file}:${l.line}:${l.message}`)).toEqual([
      'svc/Program.cs:2:; expected',
      'svc/Program.cs:3:} expected',
    ]);
  });
});
