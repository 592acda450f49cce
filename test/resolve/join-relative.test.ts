// joinPosix and relativePosix take a shortcut for pieces that normalising would not change (issue 21): the shortcut
// must give exactly what path.posix gives, on every combination of the awkward pieces.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { joinPosix, relativePosix } from '../../src/resolve/paths.js';

const PIECES = ['', '/', '.', '..', 'a', 'a/b', './a', 'a/./b', 'a/../b', 'a//b', '/a', 'a/', '/a/b/', '...', '.a', 'a.', 'a/.b', 'a/..b'];
const MORE = ['a/b/..', 'a/b/.', '/..', '/.', '//a', 'x y/z', 'c:/w', 'src/área/ö.ts'];

describe('joinPosix and relativePosix', () => {
  it('join two pieces exactly as path.posix.join does', () => {
    const differ: string[] = [];
    for (const a of [...PIECES, ...MORE]) {
      for (const b of [...PIECES, ...MORE]) if (joinPosix(a, b) !== path.posix.join(a, b)) differ.push(`${a} + ${b}`);
    }
    expect(differ).toEqual([]);
  });

  it('give a normalised child relative to a normalised root exactly as path.posix.relative does', () => {
    const differ: string[] = [];
    for (const a of [...PIECES, ...MORE]) {
      for (const b of [...PIECES, ...MORE]) {
        const root = path.posix.normalize(`/${a}`);
        for (const child of [path.posix.normalize(`/${a}/${b}`), path.posix.normalize(`/other/${b}`), root]) {
          if (relativePosix(root, child) !== path.posix.relative(root, child)) differ.push(`${root} → ${child}`);
        }
      }
    }
    expect(differ).toEqual([]);
  });
});
