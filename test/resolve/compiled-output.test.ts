// Held-out set 85: a TypeScript project's compiled output run without source maps (`dist/x.js` frames) is never the
// place: the source at the same path below rootDir is, as a whole file; an output a tsconfig names whose source is
// not in the workspace is dropped as build; without a tsconfig only a TypeScript source re-points it.
import { afterEach, describe, expect, it } from 'vitest';
import { makeWorkspace, placesOf, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

const locate = (root: string, file: string): ReturnType<typeof placesOf> =>
  placesOf(root, file, { line: 6, column: 20, severity: 'error', message: 'TypeError' });

const tsconfig = (options: string): string => `{\n  // built by tsc\n  "compilerOptions": { ${options}, "strict": true, },\n}\n`;

describe("a TypeScript project's compiled output", () => {
  it("stands for its source below rootDir as a whole file (tsc's lines are not the source's)", async () => {
    const root = await makeWorkspace({
      'tsconfig.json': tsconfig('"rootDir": "./src", "outDir": "./dist/"'),
      'src/utils/stamp.ts': 'x\n'.repeat(12),
      'dist/utils/stamp.js': 'x\n'.repeat(8),
      'src/view.tsx': 'x\n',
      'dist/view.js': 'x\n'.repeat(8),
      'src/worker.mts': 'x\n',
      'dist/worker.mjs': 'x\n'.repeat(8),
    });
    expect(await locate(root, `${root}/dist/utils/stamp.js`)).toEqual({ reported: ['src/utils/stamp.ts:0:null'], dropped: [] });
    expect((await locate(root, 'dist/view.js')).reported).toEqual(['src/view.tsx:0:null']);
    expect((await locate(root, 'dist/worker.mjs')).reported).toEqual(['src/worker.mts:0:null']);
  });

  it("reads a monorepo package's own tsconfig, and infers src/ when rootDir is unsaid", async () => {
    const root = await makeWorkspace({
      'tsconfig.json': tsconfig('"outDir": "out"'),
      'packages/core/tsconfig.build.json': tsconfig('"outDir": "lib"'),
      'packages/core/src/index.ts': 'x\n',
      'packages/core/lib/index.js': 'x\n'.repeat(8),
    });
    expect((await locate(root, 'packages/core/lib/index.js')).reported).toEqual(['packages/core/src/index.ts:0:null']);
  });

  it('is dropped as build when a tsconfig names the folder and its source is not in the workspace', async () => {
    const root = await makeWorkspace({
      'tsconfig.json': tsconfig('"rootDir": "src", "outDir": "dist"'),
      'dist/main.js': 'x\n'.repeat(8),
      'start.js': 'x\n'.repeat(8),
    });
    expect(await locate(root, 'dist/main.js')).toEqual({ reported: [], dropped: ['dist/main.js build'] });
    expect((await locate(root, 'start.js')).reported).toEqual(['start.js:6:20']);
  });

  it("without a tsconfig, maps an entry point's folder only onto a TypeScript source, and keeps a JavaScript lib/", async () => {
    const root = await makeWorkspace({
      'package.json': '{ "name": "tally", "main": "./build/index.js", "bin": { "tally": "lib/cli.js" } }\n',
      'src/index.ts': 'x\n',
      'build/index.js': 'x\n'.repeat(8),
      'build/extra.js': 'x\n'.repeat(8),
      'lib/cli.js': 'x\n'.repeat(8),
      'src/other.js': 'x\n',
    });
    expect((await locate(root, 'build/index.js')).reported).toEqual(['src/index.ts:0:null']);
    expect((await locate(root, 'build/extra.js')).reported).toEqual(['build/extra.js:6:20']);
    expect((await locate(root, 'lib/cli.js')).reported).toEqual(['lib/cli.js:6:20']);
  });
});
