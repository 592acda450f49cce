// A local path dependency (issue 20): a folder the workspace's own manifest names by a path is the user's code, even
// under a folder named like a dependency one (`third_party/`, `vendor/`); a sibling folder the manifest does not name
// stays vendored. The manifests read are the roots' and the working directory's (and its folders up to the root).
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveLocations } from '../../src/resolve/index.js';
import { makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

const noIgnores = async (): Promise<Set<string>> => new Set();

/** What happened to each printed path: the workspace file it resolved to, else why it was dropped or not found. */
async function fate(root: string, cwd: string, files: string[]): Promise<string[]> {
  const result = await resolveLocations(
    files.map((file, index) => raw(file, { logLine: index + 1 })),
    { cwd: path.join(root, cwd), roots: [root], isIgnored: noIgnores },
  );
  const byPrinted = new Map<string, string>();
  for (const location of result.locations) byPrinted.set(files[location.logLine - 1] ?? '', location.file);
  for (const location of result.dropped) byPrinted.set(location.file, location.reason);
  for (const location of result.unresolved) byPrinted.set(location.file, location.reason);
  return files.map((file) => byPrinted.get(file) ?? '?');
}

describe('local path dependencies named by a manifest', () => {
  it('keeps a SwiftPM local package under Packages/ that Package.swift names by path; a checkout beside it is vendored', async () => {
    const root = await makeWorkspace({
      'Package.swift':
        'let package = Package(\n  dependencies: [.package(path: "Packages/Kit"), .package(url: "u", from: "1.0.0")],\n' +
        '  targets: [.target(name: "App", path: "Sources/App")]\n)\n',
      'Packages/Kit/Sources/Kit/Kit.swift': '',
      'Packages/Rope-2.0.1/Sources/Rope/Rope.swift': '',
    });
    const files = ['Packages/Kit/Sources/Kit/Kit.swift', 'Packages/Rope-2.0.1/Sources/Rope/Rope.swift'];
    expect(await fate(root, '.', files)).toEqual([files[0], 'vendored']);
  });

  it('keeps a Cargo path dependency under third_party/ named from the working directory, printed relative or elsewhere', async () => {
    const root = await makeWorkspace({
      'src/platform/app/Cargo.toml': '[dependencies]\ncras-sys = { path = "../../third_party/adhd/cras-sys" }\n',
      'src/third_party/adhd/cras-sys/build.rs': 'fn main() {}\n',
      'src/third_party/zlib/inflate.c': '',
    });
    const cwd = 'src/platform/app';
    const own = 'src/third_party/adhd/cras-sys/build.rs';
    expect(await fate(root, cwd, ['../../third_party/adhd/cras-sys/build.rs', '../../third_party/zlib/inflate.c'])).toEqual([
      own,
      'vendored',
    ]);
    expect(await fate(root, cwd, ['/home/someone/work/proj/src/third_party/adhd/cras-sys/build.rs'])).toEqual([own]);
  });

  it("reads npm's file:, Go's replace, pip's -e, Bundler's path: and a [dependencies.x] table", async () => {
    const root = await makeWorkspace({
      'package.json': '{ "dependencies": { "ui": "file:vendor/ui", "left-pad": "^1.3.0" } }\n',
      'go.mod': 'module example.com/app\n\nreplace example.com/fork => ./third_party/fork\n',
      'requirements.txt': '-e ./vendor/plotkit\nrequests==2.31\n',
      Gemfile: "gem 'billing', path: 'vendor/gems/billing'\n",
      'pyproject.toml': '[tool.poetry.dependencies.geo]\npath = "third_party/geo"\ndevelop = true\n',
      'vendor/ui/index.js': '',
      'vendor/left-pad/index.js': '',
      'third_party/fork/fork.go': '',
      'vendor/plotkit/plot.py': '',
      'vendor/gems/billing/lib/billing.rb': '',
      'third_party/geo/geo.py': '',
    });
    const files = [
      'vendor/ui/index.js',
      'third_party/fork/fork.go',
      'vendor/plotkit/plot.py',
      'vendor/gems/billing/lib/billing.rb',
      'third_party/geo/geo.py',
    ];
    expect(await fate(root, '.', [...files, 'vendor/left-pad/index.js'])).toEqual([...files, 'vendored']);
  });

  it('keeps a file the tool said it built from a local folder (hints.localPackage), with no manifest to say so', async () => {
    const root = await makeWorkspace({ 'src/third_party/cras-sys/build.rs': '' });
    const printed = '/home/someone/proj/src/third_party/cras-sys/build.rs';
    const result = await resolveLocations([raw(printed, { hints: { localPackage: true } }), raw(printed)], {
      cwd: root,
      roots: [root],
      isIgnored: noIgnores,
    });
    expect(result.locations.map((location) => location.file)).toEqual(['src/third_party/cras-sys/build.rs']);
    expect(result.dropped.map((location) => location.reason)).toEqual(['vendored']);
  });

  it('never names a folder outside the roots, and without a manifest a third_party/ file stays vendored', async () => {
    const root = await makeWorkspace({
      'app/Cargo.toml': '[dependencies]\nouter = { path = "../../outside/outer" }\n',
      'third_party/x/lib.rs': '',
    });
    expect(await fate(root, 'app', ['../third_party/x/lib.rs'])).toEqual(['vendored']);
  });
});
