// rebar3's build copy of the workspace's own application (held-out set 85): rebar3 builds every application, the
// project's own ones included, under `_build/<profile>/lib/<app>/` and compiles them there (src/ is a symlink to the
// app's folder on Unix, a copy on Windows), so an EUnit or Common Test trace's
// `{file,".../_build/test/lib/imem/src/imem_statement.erl"}` names the copy. `_build/` beside rebar.config is a
// dependency folder (dependency-folders.ts), and the dependencies' apps in it stay so; an app the workspace holds
// itself, where rebar3 looks for its own apps (`project_app_dirs`: the root, `apps/*`, `lib/*`) and with its
// `src/<app>.app.src`, is the user's, at the same path below the app's folder.
import { joinPosix } from './paths.js';
import type { CandidateOutcome, Workspace } from './workspace.js';

// An application's name is an Erlang atom; the profile is any folder (default, test, prod, a custom one).
const REBAR_COPY = /(?:^|\/)_build\/[^/]+\/lib\/([a-z][\w@]*)\/(.+)$/;

/** The workspace file a rebar3 build copy of one of the workspace's own apps stands for; undefined when none. */
export async function ownRebarApp(path: string, workspace: Workspace): Promise<CandidateOutcome | undefined> {
  const match = REBAR_COPY.exec(path);
  if (!match) return undefined;
  const app = match[1] as string;
  const rest = match[2] as string;
  for (const root of workspace.roots) {
    for (const folder of ['', `apps/${app}`, `lib/${app}`]) {
      const base = folder === '' ? root.given : joinPosix(root.given, folder);
      const descriptors = [`${app}.app.src`, `${app}.app.src.script`].map((name) => joinPosix(base, 'src', name));
      if ((await workspace.fs.stat(descriptors[0] as string)) !== 'file' && (await workspace.fs.stat(descriptors[1] as string)) !== 'file')
        continue;
      const outcome = await workspace.firstExisting([joinPosix(base, rest)]);
      if (outcome.kind === 'resolved') return outcome;
    }
  }
  return undefined;
}
