// A root inside a folder that an enclosing git repository ignores (a checkout under another repository's
// ignored `wt/` or `tmp/`): that repository's rule for the whole folder must not make every file "ignored".
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveLocations } from '../../src/resolve/index.js';
import { git, makeWorkspace, raw, removeWorkspaces, writeFiles } from './_workspace.js';

afterEach(removeWorkspaces);

async function outerIgnoringInner(innerFiles: Record<string, string>): Promise<{ outer: string; inner: string }> {
  const outer = await makeWorkspace({ '.gitignore': 'checkouts/\n', 'README.md': '' });
  git(outer, 'init', '-q');
  git(outer, 'add', '.gitignore', 'README.md');
  const inner = path.join(outer, 'checkouts', 'app');
  await writeFiles(inner, innerFiles);
  return { outer, inner };
}

describe('a root that an enclosing repository ignores', () => {
  it('keeps its files and applies only the .gitignore files inside the root', async () => {
    const { inner } = await outerIgnoringInner({
      '.gitignore': 'build/\n',
      'src/a.ts': '',
      'build/a.js': '',
      'lib/.gitignore': '*.gen.ts\n',
      'lib/x.gen.ts': '',
      'lib/y.ts': '',
    });
    const result = await resolveLocations([raw('src/a.ts'), raw('build/a.js'), raw('lib/x.gen.ts'), raw('lib/y.ts')], {
      cwd: inner,
      roots: [inner],
    });
    expect(result.locations.map((l) => l.file)).toEqual(['src/a.ts', 'lib/y.ts']);
    expect(result.dropped.map((d) => [d.file, d.reason])).toEqual([
      ['build/a.js', 'ignored'],
      ['lib/x.gen.ts', 'ignored'],
    ]);
  });

  it('finds partly printed paths there too (the workspace listing is not emptied by the outer rule)', async () => {
    const { inner } = await outerIgnoringInner({ 'client/app/page.tsx': '', 'engine/Helpers.cpp': '' });
    const result = await resolveLocations([raw('./app/page.tsx'), raw('...\\Helpers.cpp')], { cwd: inner, roots: [inner] });
    expect(result.locations.map((l) => l.file)).toEqual(['client/app/page.tsx', 'engine/Helpers.cpp']);
  });

  it('uses the root own repository when it has one, whatever the outer one ignores', async () => {
    const { inner } = await outerIgnoringInner({ '.gitignore': 'dist/\n', 'src/a.ts': '', 'dist/a.js': '' });
    git(inner, 'init', '-q');
    const result = await resolveLocations([raw('src/a.ts'), raw('dist/a.js')], { cwd: inner, roots: [inner] });
    expect(result.locations.map((l) => l.file)).toEqual(['src/a.ts']);
    expect(result.dropped.map((d) => d.reason)).toEqual(['ignored']);
  });

  it('still applies the enclosing repository rules to a package root it does not ignore', async () => {
    const outer = await makeWorkspace({ '.gitignore': 'dist/\n', 'packages/web/src/a.ts': '', 'packages/web/dist/a.js': '' });
    git(outer, 'init', '-q');
    const root = path.join(outer, 'packages', 'web');
    const result = await resolveLocations([raw('src/a.ts'), raw('dist/a.js')], { cwd: root, roots: [root] });
    expect(result.locations.map((l) => l.file)).toEqual(['src/a.ts']);
    expect(result.dropped.map((d) => d.reason)).toEqual(['ignored']);
  });

  it('lists a package root with its repository rules, so an ignored build copy does not make a path ambiguous', async () => {
    const outer = await makeWorkspace({
      '.gitignore': 'dist/\n',
      'packages/web/src/app/page.tsx': '',
      'packages/web/dist/app/page.tsx': '',
    });
    git(outer, 'init', '-q');
    const root = path.join(outer, 'packages', 'web');
    const result = await resolveLocations([raw('./app/page.tsx')], { cwd: root, roots: [root] });
    expect(result.locations.map((l) => l.file)).toEqual(['src/app/page.tsx']);
  });
});
