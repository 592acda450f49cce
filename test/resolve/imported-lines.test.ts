// A tool that names the importing file but no line (hints.importedName): resolve takes the file's first import of the
// name as the line, and a file that does not import it (or is not found) leaves no trace.
import { afterEach, describe, expect, it } from 'vitest';
import { resolveLocations } from '../../src/resolve/index.js';
import { importLineOf, specifierNames } from '../../src/resolve/imported-lines.js';
import { makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

const noIgnores = async (): Promise<Set<string>> => new Set();
const importing = (file: string, name: string) => ({ ...raw(file, { line: 0 }), hints: { importedName: name } });
const source = [
  '// uses the chart: "chart-kit" is named here in a comment only',
  "import { readFile } from 'node:fs';",
  "const kit = require('chart-kit');",
  "export { render } from './view.js';",
  'import("./lazy")',
].join('\n');

describe('the line of an import named without a line', () => {
  it('is the first line that imports the name: ES import, require, re-export, dynamic import', () => {
    expect(importLineOf(source, 'chart-kit')).toBe(3);
    expect(importLineOf(source, 'node:fs')).toBe(2);
    expect(importLineOf(source, './view.js')).toBe(4);
    expect(importLineOf(source, './lazy')).toBe(5);
  });

  it('is none when the name is only mentioned, or not there', () => {
    expect(importLineOf('// see "left-pad"\nconst x = "left-pad";\n', 'left-pad')).toBeUndefined();
    expect(importLineOf(source, 'left-pad')).toBeUndefined();
  });

  it('matches a relative import node printed resolved to an absolute path, by its last segment', () => {
    expect(specifierNames('./report/totals.mjs', '/app/src/report/totals.mjs')).toBe(true);
    expect(specifierNames('./totals', '/app/src/report/totals.mjs')).toBe(true);
    expect(specifierNames('totals', '/app/src/report/totals.mjs')).toBe(false);
    expect(specifierNames('./sums.mjs', '/app/src/report/totals.mjs')).toBe(false);
    expect(importLineOf("import a from './a.mjs';\nimport t from './report/totals.mjs';\n", '/app/src/report/totals.mjs')).toBe(2);
  });

  it('matches a bare specifier node printed resolved into node_modules: the package, or the package and its subpath', () => {
    const app = "import express from 'express';\nimport { createBareServer } from '@tomphttp/bare-server-node';\n";
    expect(importLineOf(app, '/home/u/app/node_modules/@tomphttp/bare-server-node/package.json')).toBe(2);
    expect(importLineOf(app, 'C:\\app\\node_modules\\express\\lib\\express.js')).toBe(1);
    const both = "import fs from 'fs';\nimport kit from 'kit';\nconst { readFile } = require('fs/promises');\n";
    expect(importLineOf(both, '/www/app/node_modules/fs/promises')).toBe(3);
    expect(importLineOf(both, '/www/app/node_modules/kit/colours')).toBe(2);
    expect(specifierNames('kit-extra', '/www/app/node_modules/kit/index.js')).toBe(false);
    expect(specifierNames('@other/kit', '/www/app/node_modules/@tomphttp/kit/package.json')).toBe(false);
  });

  it('reads only a bounded prefix of the file', () => {
    const late = `${'// filler line of a long generated file\n'.repeat(20_000)}import x from 'late-pkg';\n`;
    expect(importLineOf(late, 'late-pkg')).toBeUndefined();
    expect(importLineOf(`import x from 'late-pkg';\n${late}`, 'late-pkg')).toBe(1);
  });

  it('places the location through resolve; a file that does not import it, or is missing, leaves no trace', async () => {
    const root = await makeWorkspace({ 'src/a.ts': source, 'src/b.ts': 'export const b = 1;\n' });
    const result = await resolveLocations(
      [importing('src/a.ts', 'chart-kit'), importing('src/b.ts', 'chart-kit'), importing('src/gone.ts', 'chart-kit')],
      { cwd: root, roots: [root], isIgnored: noIgnores },
    );
    expect(result.locations.map((location) => [location.file, location.line])).toEqual([['src/a.ts', 3]]);
    expect(result.unresolved).toEqual([]);
    expect(result.dropped).toEqual([]);
  });

  it('keeps the file as a whole (line 0) when the tool named it as the place whatever it imports', async () => {
    const root = await makeWorkspace({ 'src/a.ts': source, 'src/b.ts': 'export const b = 1;\n' });
    const named = (file: string) => ({ ...importing(file, 'chart-kit'), hints: { importedName: 'chart-kit', wholeFileOtherwise: true } });
    const result = await resolveLocations([named('src/a.ts'), named('src/b.ts')], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations.map((location) => [location.file, location.line])).toEqual([
      ['src/a.ts', 3],
      ['src/b.ts', 0],
    ]);
  });

  it("keeps the location's own line (vite's frame) when the file does not import the name there", async () => {
    const root = await makeWorkspace({ 'src/a.ts': source, 'src/b.ts': 'export const b = 1;\n' });
    const framed = (file: string) => ({ ...raw(file, { line: 2 }), hints: { importedName: 'chart-kit', wholeFileOtherwise: true } });
    const result = await resolveLocations([framed('src/a.ts'), framed('src/b.ts')], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations.map((location) => [location.file, location.line])).toEqual([
      ['src/a.ts', 3],
      ['src/b.ts', 2],
    ]);
  });
});
