// Held-out sets 49–51: a framework's build folder that mirrors the source tree (Next.js's `.next/types/`, React
// Router's `.react-router/types/`) is never the place: the source its path names is, as a whole file; a mirror file
// that names no source is dropped as build.
import { afterEach, describe, expect, it } from 'vitest';
import { makeWorkspace, placesOf, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

const locate = (root: string, file: string): ReturnType<typeof placesOf> =>
  placesOf(root, file, { line: 22, column: 13, severity: 'error', message: 'props do not match' });

describe("a framework's generated mirror of a source file", () => {
  it("stands for the route's source as a whole file, in app/ or src/app/, whatever its script extension", async () => {
    const root = await makeWorkspace({
      'app/notes/[slug]/page.tsx': 'x\n',
      '.next/types/app/notes/[slug]/page.ts': 'x\n'.repeat(30),
      'web/src/app/page.jsx': 'x\n',
      'web/.next/types/app/page.ts': 'x\n'.repeat(30),
    });
    expect(await locate(root, '.next/types/app/notes/[slug]/page.ts')).toEqual({
      reported: ['app/notes/[slug]/page.tsx:0:null'],
      dropped: [],
    });
    expect(await locate(root, 'web/.next/types/app/page.ts')).toEqual({ reported: ['web/src/app/page.jsx:0:null'], dropped: [] });
  });

  it("maps React Router's +types/ module back to the route module", async () => {
    const root = await makeWorkspace({
      'app/routes/home.tsx': 'x\n',
      '.react-router/types/app/routes/+types/home.ts': 'x\n'.repeat(30),
    });
    expect((await locate(root, '.react-router/types/app/routes/+types/home.ts')).reported).toEqual(['app/routes/home.tsx:0:null']);
  });

  it('is dropped as build when its path names no source (a generated checker of its own)', async () => {
    const root = await makeWorkspace({
      'app/page.tsx': 'x\n',
      '.next/types/validator.ts': 'x\n'.repeat(30),
      '.next/types/app/gone/page.ts': 'x\n'.repeat(30),
      '.svelte-kit/types/src/routes/$types.d.ts': 'x\n'.repeat(30),
    });
    for (const file of ['.next/types/validator.ts', '.next/types/app/gone/page.ts', '.svelte-kit/types/src/routes/$types.d.ts']) {
      expect(await locate(root, file)).toEqual({ reported: [], dropped: [`${file} build`] });
    }
  });
});
