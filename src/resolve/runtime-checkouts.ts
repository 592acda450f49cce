// A runtime's own repository as the workspace (held-out set 85): the runtime's frames are dropped everywhere else
// (`(elixir 1.10.0-dev) lib/access.ex:284`, `node:internal/url`, `/rustc/<hash>/library/core/src/…`, GOROOT's
// `/usr/local/go/src/runtime/…`, CPython's `/usr/lib/python3.12/json/…`), yet when the workspace is that runtime's
// checkout, a failure of its own test suite runs the code the user is changing: those frames are the workspace's files,
// below the sub-root the repository keeps them in. The repository is known by files only it holds at its top (Elixir's
// `lib/elixir/mix.exs`, node's `src/node.cc`, rust's `x.py` beside `library/std`, Go's `src/cmd/go`, CPython's
// `Python/ceval.c`), and a frame maps only onto a file that exists there; anything else stays the runtime's.
import type { RawLocation } from '../core/types.js';
import { joinPosix } from './paths.js';
import type { Resolution } from './resolution.js';
import type { CandidateOutcome, Workspace } from './workspace.js';

interface RuntimeCheckout {
  /** Paths (files or folders) every checkout of the runtime holds at its top. */
  markers: readonly string[];
  /** Root-relative candidates for a printed runtime path, most likely first; [] when the path is not this runtime's. */
  candidates: (printed: string, root: string, workspace: Workspace) => Promise<string[]>;
}

const mapped = (pattern: RegExp, to: (match: RegExpExecArray) => string) => (printed: string) => {
  const match = pattern.exec(printed);
  return Promise.resolve(match ? [to(match)] : []);
};

// Elixir keeps each of its applications in lib/<app>/ (elixir, ex_unit, mix, iex, logger, eex), and its frames name
// the path inside the application (`lib/access.ex`, `lib/ex_unit/diff.ex`, `src/elixir_expand.erl`).
async function elixirApps(printed: string, root: string, workspace: Workspace): Promise<string[]> {
  if (!/^(?:lib|src)\/[^\\]+\.(?:exs?|erl)$/.test(printed)) return [];
  const apps = (await workspace.fs.listNames(joinPosix(root, 'lib'))) ?? [];
  return apps.sort().map((app) => `lib/${app}/${printed}`);
}

const CHECKOUTS: readonly RuntimeCheckout[] = [
  { markers: ['lib/elixir/mix.exs'], candidates: elixirApps },
  // node's built-in modules are lib/<name>.js (`node:internal/url` is lib/internal/url.js).
  { markers: ['src/node.cc', 'lib/internal'], candidates: mapped(/^node:([\w/.-]+)$/, (match) => `lib/${match[1]}.js`) },
  // rustc embeds the standard library's sources at /rustc/<commit>/library/…, the checkout's own library/.
  { markers: ['x.py', 'library/std'], candidates: mapped(/^\/rustc\/[0-9a-f]{7,}\/(.+)$/, (match) => match[1] as string) },
  // GOROOT (`/usr/local/go/src/…`, `/usr/lib/go-1.22/src/…`, `~/sdk/go1.22.1/src/…`): the checkout's own src/.
  {
    markers: ['src/cmd/go', 'src/runtime'],
    candidates: mapped(/(?:^|\/)go(?:-?[\d.]+)?\/(src\/.+\.(?:go|s))$/, (match) => match[1] as string),
  },
  // CPython's installed standard library (`lib/python3.12/json/decoder.py`) is the checkout's Lib/.
  { markers: ['Python/ceval.c', 'Lib'], candidates: mapped(/(?:^|\/)lib\/python\d\.\d+\/(.+\.py)$/, (match) => `Lib/${match[1]}`) },
];

const checkoutsOf = new WeakMap<Workspace, Promise<ReadonlyArray<{ root: string; checkout: RuntimeCheckout }>>>();

/** The runtimes whose repository a root is; read once per workspace (a few stats). */
function runtimeRoots(workspace: Workspace): Promise<ReadonlyArray<{ root: string; checkout: RuntimeCheckout }>> {
  let pending = checkoutsOf.get(workspace);
  if (pending === undefined) {
    pending = (async () => {
      const found: Array<{ root: string; checkout: RuntimeCheckout }> = [];
      for (const { given: root } of workspace.roots) {
        for (const checkout of CHECKOUTS) {
          const present = await Promise.all(checkout.markers.map((marker) => workspace.fs.stat(joinPosix(root, marker))));
          if (present.every((kind) => kind !== undefined)) found.push({ root, checkout });
        }
      }
      return found;
    })();
    checkoutsOf.set(workspace, pending);
  }
  return pending;
}

/** The workspace file a runtime's path stands for when the workspace is that runtime's own repository. */
export async function ownRuntimeFile(
  printed: string,
  workspace: Workspace,
): Promise<Extract<CandidateOutcome, { kind: 'resolved' }> | undefined> {
  for (const { root, checkout } of await runtimeRoots(workspace)) {
    const candidates = await checkout.candidates(printed.trim().replace(/\\/g, '/'), root, workspace);
    if (candidates.length === 0) continue;
    const outcome = await workspace.firstExisting(candidates.map((candidate) => joinPosix(root, candidate)));
    if (outcome.kind === 'resolved') return outcome;
  }
  return undefined;
}

/** For each runtime location (hints.runtime, a pseudo-path) that is a file of the workspace's own runtime: its resolution. */
export async function runtimeCheckoutFiles(
  raws: readonly RawLocation[],
  isRuntime: (raw: RawLocation) => boolean,
  workspace: Workspace,
): Promise<Map<RawLocation, Resolution>> {
  const files = new Map<RawLocation, Resolution>();
  if (!raws.some(isRuntime) || (await runtimeRoots(workspace)).length === 0) return files;
  for (const raw of raws) {
    if (!isRuntime(raw)) continue;
    const own = await ownRuntimeFile(raw.file, workspace);
    if (own !== undefined) files.set(raw, own);
  }
  return files;
}
