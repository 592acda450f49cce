// Modules a bundler froze into an archive (issue 20): PyInstaller before 3.3 ran an app's modules from the PYZ
// archive appended to its executable and named each module's code by the archive's path and the dotted module
// name, `C:\build\app\out00-PYZ.pyz\app.loader`. No file has that name; the module's source does, as
// `app/loader.py` or, for a package, `app/loader/__init__.py`, wherever the workspace keeps its modules.
import { relativeBases } from './candidates.js';
import { joinPosix } from './paths.js';
import type { ResolveHints } from '../core/types.js';
import type { Workspace } from './workspace.js';

// PyInstaller's archive segment (`out00-PYZ.pyz`, `PYZ-00.pyz`, 2.x's `outPYZ1.pyz`), then a dotted module name and
// nothing else. A zipapp's `app.pyz/app/loader.py` is a path inside the archive and resolves like any other.
const FROZEN_MODULE = /(?:^|[\\/])[^\\/]*PYZ[^\\/]*\.pyz[\\/]([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)$/;

/** The dotted module name a frozen-archive path names; undefined for any other path. */
export function frozenModuleName(printed: string): string | undefined {
  return FROZEN_MODULE.exec(printed.trim())?.[1];
}

/** The workspace files that may hold a frozen module's source, most likely first (the bases tools print from). */
export function frozenModuleCandidates(moduleName: string, hints: ResolveHints | undefined, workspace: Workspace): string[] {
  const path = moduleName.split('.').join('/');
  const candidates: string[] = [];
  // A package's modules may sit under src/ (the src layout) while the archive names them from the top.
  for (const base of relativeBases(hints, workspace)) {
    for (const folder of [base, joinPosix(base, 'src')])
      candidates.push(joinPosix(folder, `${path}.py`), joinPosix(folder, path, '__init__.py'));
  }
  return [...new Set(candidates)];
}
