// Issue 20: files of a generated build folder (CMake's, holding CMakeCache.txt and CMakeFiles/) are where a build
// tool wrote its recipes, never the place to fix: dropped with reason build, never reported.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveLocations } from '../../src/resolve/index.js';
import { makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

const noIgnores = async (): Promise<Set<string>> => new Set();

async function cmakeWorkspace(withCache: boolean): Promise<string> {
  const root = await makeWorkspace({
    'src/ledger.c': 'int ledger_total(void);\n',
    'build/config.h': '#define RATE\n',
    'build/CMakeFiles/ledger.dir/build.make': 'all:\n',
    ...(withCache ? { 'build/CMakeCache.txt': 'CMAKE_BUILD_TYPE:STRING=\n' } : {}),
  });
  await mkdir(path.join(root, 'build', 'CMakeFiles'), { recursive: true });
  return root;
}

describe('a generated build folder', () => {
  it('drops every location in one of its files with reason build (never reported, nothing lost)', async () => {
    const root = await cmakeWorkspace(true);
    const raws = [
      raw('build/config.h', { line: 1, column: 9, severity: 'error', message: 'macro RATE has no value' }),
      raw('build/CMakeFiles/ledger.dir/build.make', { line: 1, severity: 'warning', message: 'overriding recipe' }),
      raw('src/ledger.c', { line: 1, column: 5, severity: 'warning', message: 'unused function' }),
    ];
    const result = await resolveLocations(raws, { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations.map((location) => [location.file, location.severity])).toEqual([['src/ledger.c', 'warning']]);
    expect(result.dropped.map((entry) => [entry.file, entry.reason])).toEqual([
      ['build/config.h', 'build'],
      ['build/CMakeFiles/ledger.dir/build.make', 'build'],
    ]);
  });

  it("drops a meson build folder's generated source (meson-private/ beside build.ninja), not a folder with only one", async () => {
    const root = await makeWorkspace({
      'builddir/build.ninja': 'rule cc\n',
      'builddir/meson-private/coredata.dat': 'x\n',
      'builddir/src/version.c': 'x\n'.repeat(5),
      'tools/build.ninja': 'rule cc\n',
      'tools/gen/table.c': 'x\n'.repeat(5),
    });
    const raws = ['builddir/src/version.c', 'tools/gen/table.c'].map((file) => raw(file, { line: 2, severity: 'error', message: 'bad' }));
    const result = await resolveLocations(raws, { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations.map((location) => location.file)).toEqual(['tools/gen/table.c']);
    expect(result.dropped.map((entry) => [entry.file, entry.reason])).toEqual([['builddir/src/version.c', 'build']]);
  });

  it('is only a folder holding both CMakeCache.txt and CMakeFiles/ (a project may name its own folder build)', async () => {
    const root = await cmakeWorkspace(false);
    const raws = [raw('build/config.h', { line: 1, column: 9, severity: 'error', message: 'macro RATE has no value' })];
    const result = await resolveLocations(raws, { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations.map((location) => [location.file, location.severity])).toEqual([['build/config.h', 'error']]);
  });
});

describe("Gradle's and MSBuild's output folders", () => {
  const dropped = async (files: Record<string, string>, file: string): Promise<string[][]> => {
    const root = await makeWorkspace(files);
    const result = await resolveLocations([raw(file, { line: 1, severity: 'error', message: 'resource string/x not found' })], {
      cwd: root,
      roots: [root],
      isIgnored: noIgnores,
    });
    return result.dropped.map((entry) => [entry.file, entry.reason]);
  };
  const merged = 'app/build/intermediates/merged_manifests/debug/AndroidManifest.xml';

  it('drops a file under build/ beside the module build script (aapt2 reports the merged manifest there)', async () => {
    expect(await dropped({ 'app/build.gradle': 'android {}\n', [merged]: '<manifest/>\n' }, merged)).toEqual([[merged, 'build']]);
    expect(await dropped({ 'app/build.gradle.kts': 'android {}\n', [merged]: '<manifest/>\n' }, merged)).toEqual([[merged, 'build']]);
  });

  it('drops a file under a build/ holding the Android plugin intermediates/, build script or not', async () => {
    expect(await dropped({ [merged]: '<manifest/>\n' }, merged)).toEqual([[merged, 'build']]);
  });

  it('keeps a project folder named build/ with neither (build scripts of its own)', async () => {
    expect(await dropped({ 'build/release.sh': 'echo\n' }, 'build/release.sh')).toEqual([]);
  });

  it("drops MSBuild's obj/<configuration>/<framework>/ files (generated AssemblyInfo.cs), not a folder named obj", async () => {
    const info = 'Shop/obj/Debug/netcoreapp2.2/Shop.AssemblyInfo.cs';
    expect(await dropped({ 'Shop/Shop.csproj': '<Project/>\n', [info]: 'x\n' }, info)).toEqual([[info, 'build']]);
    expect(await dropped({ 'obj/Models/Cart.cs': 'x\n' }, 'obj/Models/Cart.cs')).toEqual([]);
  });

  it("drops a template engine's compiled cache, named by the hash of its source, not a file a hash merely begins", async () => {
    const blade = 'storage/framework/views/3f1c0a9be27d4c8a0c5e9d1b7a6f4e2d9c8b7a61.php';
    expect(await dropped({ [blade]: 'x\n' }, blade)).toEqual([[blade, 'build']]);
    const twig = 'var/cache/prod/twig/ab/cd/9e107d9d372bb6826bd81d3542a419d6e277d4d731479571562b82f74494341f.php';
    expect(await dropped({ [twig]: 'x\n' }, twig)).toEqual([[twig, 'build']]);
    expect(await dropped({ 'db/3f1c0a9b_add_orders.py': 'x\n' }, 'db/3f1c0a9b_add_orders.py')).toEqual([]);
  });
});

describe("make's recipe line", () => {
  it('is dropped when the failure it reports lies only in a dependency (it would stand as the primary)', async () => {
    const root = await makeWorkspace({ Makefile: 'validate:\n\tterraform validate\n', 'node_modules/dep/index.js': 'x\n' });
    const raws = [
      raw('node_modules/dep/index.js', { line: 1, severity: 'error', message: 'bad argument' }),
      raw('Makefile', { line: 2, severity: 'note', message: "recipe for target 'validate' failed (Error 1)", format: 'make' }),
    ];
    const result = await resolveLocations(raws, { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations).toEqual([]);
    expect(result.dropped.map((entry) => [entry.file, entry.reason])).toEqual([
      ['node_modules/dep/index.js', 'vendored'],
      ['Makefile', 'build'],
    ]);
  });
});
