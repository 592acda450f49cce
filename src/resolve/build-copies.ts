// A Perl distribution's build copy (held-out sets 54–56): MakeMaker's `make` and Module::Build's `./Build` copy every
// module verbatim into `blib/lib/` (`blib/arch/` for XS ones) and `make test` runs the tests against that copy, so a
// failure inside the user's own module names `…/blib/lib/Kit/Pack.pm line 12`. The copy is rebuilt by every `make`:
// the source is the place, at the same line. MakeMaker's default takes each module from `lib/<path>` (an old
// distribution keeps its modules at the top), but Makefile.PL's `PM` may map any file to any place
// (`'impl/pp.pm' => '$(INST_LIB)/Kit/pp.pm'`): the one workspace file outside blib/ with that basename is then the
// source. A copy whose source is not found stays as printed (it is still the user's module).
import { looksLikeBuildCopy, sourceOfBuildCopy } from './build-trees.js';
import { joinPosix } from './paths.js';
import { resolvedAt, type Resolution } from './resolution.js';
import type { ResolverFs } from './resolver-fs.js';

// The folder holding blib/ (group 1, empty at a root) and the module's path below blib/lib/ or blib/arch/ (group 2).
const BLIB_COPY = /^(?:(.*)\/)?blib\/(?:lib|arch)\/((?:[\w.-]+\/)*[\w.-]+\.p[ml])$/;

async function defaultSource(root: string, base: string, module: string, fs: ResolverFs): Promise<string | undefined> {
  const name = module.slice(module.lastIndexOf('/') + 1);
  for (const source of [`lib/${module}`, module, name]) {
    const candidate = base === '' ? source : `${base}/${source}`;
    if ((await fs.stat(joinPosix(root, candidate))) === 'file') return candidate;
  }
  return undefined;
}

/**
 * Re-points each location resolved into a Perl build copy (`blib/lib/…`) or another build folder's verbatim copy
 * (build-trees.ts) at its source, keeping the line. Mutates
 * `resolutions`; one listing per root for the copies whose source is not where MakeMaker's default puts it.
 */
export async function mapBuildCopiesToSources(resolutions: Resolution[], fs: ResolverFs): Promise<void> {
  const unplaced = new Map<string, Array<{ index: number; name: string }>>();
  await Promise.all(
    resolutions.map(async (resolution, index) => {
      // An in-tree build folder's verbatim copy (dune's `_build/default/`, cabal's `setup/setup.hs`): build-trees.ts.
      if (resolution.kind === 'resolved' && looksLikeBuildCopy(resolution.relative)) {
        const source = await sourceOfBuildCopy(resolution.root, resolution.relative, fs);
        if (source !== undefined) resolutions[index] = resolvedAt(resolution.root, source);
        return;
      }
      const match = resolution.kind === 'resolved' ? BLIB_COPY.exec(resolution.relative) : null;
      if (!match || resolution.kind !== 'resolved') return;
      const module = match[2] as string;
      const source = await defaultSource(resolution.root, match[1] ?? '', module, fs);
      if (source !== undefined) resolutions[index] = resolvedAt(resolution.root, source);
      else {
        const list = unplaced.get(resolution.root) ?? [];
        list.push({ index, name: module.slice(module.lastIndexOf('/') + 1) });
        unplaced.set(resolution.root, list);
      }
    }),
  );
  for (const [root, copies] of unplaced) {
    const found = (await fs.findFilesByName(root, [...new Set(copies.map((copy) => copy.name))])).filter(
      (file) => !/(?:^|\/)blib\//.test(file),
    );
    for (const copy of copies) {
      const sources = found.filter((file) => file === copy.name || file.endsWith(`/${copy.name}`));
      if (sources.length === 1) resolutions[copy.index] = resolvedAt(root, sources[0] as string);
    }
  }
}
