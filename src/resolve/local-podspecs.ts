// CocoaPods copies the podspec of each development pod (`pod 'Kit', :path => '../'`) and of each pod taken from git
// into `Pods/Local Podspecs/<Name>.podspec` (issue 20's fifty-eighth batch), evaluates that copy at `pod install`,
// and names it when the spec fails: ` #  from …/Pods/Local Podspecs/Kit.podspec:14`. The file to fix is the pod's
// own podspec: at a workspace root (the workspace is the pod's repository), or in the folder the Podfile where the
// build ran gives the pod as its `:path`. A pod taken from git is in neither place, so its copy stays a dependency's.
import { joinPosix } from './paths.js';
import type { CandidateOutcome, Workspace } from './workspace.js';

// The copy keeps the spec's own name and format (`.podspec`, or `.podspec.json` for a JSON spec).
const LOCAL_PODSPEC = /(?:^|\/)Pods\/Local Podspecs\/([^/]+?\.podspec(?:\.json)?)$/;

/** The folders a Podfile in `folder` names as the local path of the pod `name` (`pod 'Kit', :path => '../Kit'`). */
async function podfilePaths(workspace: Workspace, folder: string, name: string): Promise<string[]> {
  const text = (await workspace.fs.readText(joinPosix(folder, 'Podfile'))) ?? '';
  const paths: string[] = [];
  for (const line of text.split('\n')) {
    const pod = /^\s*pod\s+["']([^"'/]+)["']/.exec(line);
    const path = /:path\s*=>\s*["']([^"']+)["']|\bpath:\s*["']([^"']+)["']/.exec(line);
    if (pod?.[1] === name && path) paths.push(joinPosix(folder, (path[1] ?? path[2]) as string));
  }
  return paths;
}

/** The workspace's own podspec that a CocoaPods `Local Podspecs` copy stands for; undefined when it is none. */
export async function ownLocalPodspec(path: string, workspace: Workspace): Promise<CandidateOutcome | undefined> {
  const file = LOCAL_PODSPEC.exec(path)?.[1];
  if (file === undefined) return undefined;
  const folders = workspace.roots.map((root) => root.given);
  const cwd = workspace.cwdInsideRoots();
  if (cwd !== undefined) folders.push(...(await podfilePaths(workspace, cwd, file.replace(/\.podspec(?:\.json)?$/, ''))));
  const outcome = await workspace.firstExisting(folders.map((folder) => joinPosix(folder, file)));
  return outcome.kind === 'resolved' ? outcome : undefined;
}
