// A cheap, conservative "may this printed path be a workspace file" test that the scanner applies to weak candidates
// (hints.confirm: the permissive and prose tiers' guesses) before they are kept (issue 20 item 4: a 1 MB log of prose
// lines built, kept and resolved ~28 000 candidates, none of them a workspace file). Grammars never touch the file
// system, so locate builds the test here and hands it to the scanner. It may answer yes for a path resolve will refuse,
// never no for one resolve would confirm: every file a weak candidate can be confirmed as is a file inside a root,
// outside a dependency folder (resolve drops those), whose name is the printed path's last segment.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { frozenModuleName } from './frozen-modules.js';
import { isVendoredFolderName } from './vendored.js';

/** Answers false only for a printed path that cannot be confirmed as a workspace file. */
export type WorkspaceFileTest = (printed: string) => boolean;

// Weak candidates answered yes without looking: most logs propose a few, and listing a large workspace for them would
// cost more than resolving them does. Past this many the log is one of guesses, and the listing pays for itself.
export const CANDIDATES_BEFORE_LISTING = 1024;
// Bounds of the listing, as the workspace walk's (workspace-walk.ts): past them the test answers yes to everything.
const MAX_DEPTH = 32;
const MAX_ENTRIES = 200_000;

/** The test for the workspace made of `roots` (absolute): lists their file names once, when first needed. */
export function createWorkspaceFileTest(roots: readonly string[]): WorkspaceFileTest {
  let asked = 0;
  // undefined: not listed yet; null: the listing was incomplete, so nothing can be ruled out.
  let names: Set<string> | null | undefined;
  return (printed) => {
    if (names === undefined) {
      if (++asked <= CANDIDATES_BEFORE_LISTING) return true;
      names = listNames(roots);
    }
    if (names === null) return true;
    const name = lastName(printed);
    return name === undefined || names.has(name);
  };
}

// The name a printed path's file must have, lower-cased (a case-insensitive file system finds `Foo.c` as `foo.c`);
// undefined when resolve may read the path as another name: a frozen module (`x.pyz/pkg.mod` is `pkg/mod.py`), an
// elision (`…Button.tsx`), a folder (`x/..`), or a path into version control's own folder, which is not listed.
function lastName(printed: string): string | undefined {
  const trimmed = printed.trim();
  if (frozenModuleName(trimmed) !== undefined) return undefined;
  const segments = trimmed.split(/[\\/]/);
  const last = segments.at(-1) ?? '';
  if (last === '' || last === '.' || last === '..' || /^(?:…|\.{3})/.test(last) || segments.includes('.git')) return undefined;
  return last.toLowerCase();
}

// Every name that is no folder (files, symlinks, anything else) under the roots, breadth first, skipping version
// control's folder and dependency folders; null when a bound was reached or a folder could not be read.
function listNames(roots: readonly string[]): Set<string> | null {
  const names = new Set<string>();
  let entries = 0;
  for (const root of roots) {
    let level = [root];
    for (let depth = 0; level.length > 0; depth++) {
      if (depth > MAX_DEPTH) return null;
      const next: string[] = [];
      for (const folder of level) {
        let children;
        try {
          children = readdirSync(folder, { withFileTypes: true });
        } catch {
          return null;
        }
        entries += children.length;
        if (entries > MAX_ENTRIES) return null;
        for (const child of children) {
          // A symlinked folder is not followed: a file reached through it is confirmed only inside a root, where the
          // walk meets it at its real place, under its own name.
          if (!child.isDirectory()) names.add(child.name.toLowerCase());
          else if (child.name !== '.git' && !isVendoredFolderName(child.name)) next.push(path.join(folder, child.name));
        }
      }
      level = next;
    }
  }
  return names;
}
