// A Nim package seen through its installed copy (held-out sets 54–56): nimble installs a package into
// `~/.nimble/pkgs/<name>-<version>/` (nimble 0.14's `pkgs2/<name>-<version>-<sha1>/`, `--localdeps`' `nimbledeps/`)
// with the contents of its `srcDir` at the top, so the installed layout differs from the source layout:
// `pkgs/kit-0.4.3/kit/io.nim` is `src/kit/io.nim` in a repository whose kit.nimble says `srcDir = "src"`. A project
// that depends on the package (its CI, a user's build) reports the copy; when the workspace is that package (a root's
// `<name>.nimble`), the file to fix is its source. Someone else's package stays a dependency (vendored.ts).
import { joinPosix } from './paths.js';
import type { CandidateOutcome, Workspace } from './workspace.js';

// A package name is an identifier (no dash), so the first dash ends it; the version (`0.98`, `#head`) and the checksum
// make up the rest of the folder's name.
const NIMBLE_COPY = /(?:^|\/)(?:\.nimble|nimbledeps)\/pkgs2?\/([A-Za-z]\w*)-[^/]+\/(.+\.nim[s]?)$/;
const SRC_DIR = /^\s*srcDir\s*=\s*"([^"]*)"/m;

// nimble compares package names ignoring case and underscores (its cmpIgnoreStyle).
const nimIdentifier = (name: string): string => name.toLowerCase().replace(/_/g, '');

/** The workspace's own source file that a nimble package copy stands for; undefined when it is none. */
export async function ownNimbleCopy(path: string, workspace: Workspace): Promise<CandidateOutcome | undefined> {
  const match = NIMBLE_COPY.exec(path);
  if (!match) return undefined;
  const name = match[1] as string;
  const relative = match[2] as string;
  for (const root of workspace.roots) {
    const manifest = (await workspace.fs.listNames(root.given))?.find(
      (entry) => entry.endsWith('.nimble') && nimIdentifier(entry.slice(0, -'.nimble'.length)) === nimIdentifier(name),
    );
    if (manifest === undefined) continue;
    const srcDir = SRC_DIR.exec((await workspace.fs.readText(joinPosix(root.given, manifest))) ?? '')?.[1] ?? '';
    const outcome = await workspace.firstExisting([joinPosix(root.given, srcDir, relative), joinPosix(root.given, relative)]);
    if (outcome.kind === 'resolved') return outcome;
  }
  return undefined;
}
