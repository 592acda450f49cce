// Held-out set 85: a runtime's frames are the workspace's files when the workspace is that runtime's own repository
// (Elixir, node, rust, Go, CPython checkouts), below the sub-root the repository keeps them in; anywhere else, and for
// a file the checkout lacks, they stay the runtime's.
import { afterEach, describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/types.js';
import { resolveLocations } from '../../src/resolve/index.js';
import { makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

async function fates(root: string, locations: RawLocation[]): Promise<string[]> {
  const result = await resolveLocations(locations, { cwd: root, roots: [root], isIgnored: async () => new Set<string>() });
  return [
    ...result.locations.map((location) => `kept ${location.file}:${location.line}`),
    ...result.dropped.map((entry) => `${entry.file} ${entry.reason}`),
  ];
}

const elixirFrame = (file: string, line: number): RawLocation => raw(file, { line, hints: { runtime: true } });

describe("a runtime's frames in its own repository", () => {
  it("maps Elixir's app frames into lib/<app>/, and only in Elixir's checkout", async () => {
    const files = {
      Makefile: 'x\n',
      'lib/elixir/mix.exs': 'x\n',
      'lib/elixir/lib/access.ex': 'x\n',
      'lib/ex_unit/mix.exs': 'x\n',
      'lib/ex_unit/lib/ex_unit/diff.ex': 'x\n',
    };
    const frames = () => [elixirFrame('lib/access.ex', 284), elixirFrame('lib/ex_unit/diff.ex', 1068), elixirFrame('lib/gone.ex', 3)];
    expect(await fates(await makeWorkspace(files), frames())).toEqual([
      'kept lib/elixir/lib/access.ex:284',
      'kept lib/ex_unit/lib/ex_unit/diff.ex:1068',
      'lib/gone.ex runtime',
    ]);
    // A project of its own that happens to hold lib/access.ex: Elixir's frames stay the runtime's.
    const project = await makeWorkspace({ 'mix.exs': 'x\n', 'lib/access.ex': 'x\n' });
    expect(await fates(project, [elixirFrame('lib/access.ex', 284)])).toEqual(['lib/access.ex runtime']);
  });

  it("maps node's built-ins, rust's /rustc/ library, GOROOT and CPython's standard library into their checkouts", async () => {
    const node = await makeWorkspace({ 'src/node.cc': 'x\n', 'lib/internal/url.js': 'x\n' });
    expect(await fates(node, [raw('node:internal/url', { line: 40 }), raw('node:fs', { line: 2 })])).toEqual([
      'kept lib/internal/url.js:40',
      'node:fs runtime',
    ]);
    const rust = await makeWorkspace({ 'x.py': 'x\n', 'library/std/Cargo.toml': 'x\n', 'library/core/src/panicking.rs': 'x\n' });
    expect(await fates(rust, [raw('/rustc/90b35a6239c3d8bdabc530a6a0816f7ff89a0aaf/library/core/src/panicking.rs', { line: 9 })])).toEqual([
      'kept library/core/src/panicking.rs:9',
    ]);
    const go = await makeWorkspace({ 'src/cmd/go/main.go': 'x\n', 'src/runtime/panic.go': 'x\n' });
    expect(await fates(go, [raw('/usr/local/go/src/runtime/panic.go', { line: 7 })])).toEqual(['kept src/runtime/panic.go:7']);
    const cpython = await makeWorkspace({ 'Python/ceval.c': 'x\n', 'Lib/json/decoder.py': 'x\n' });
    expect(await fates(cpython, [raw('/usr/lib/python3.12/json/decoder.py', { line: 5 })])).toEqual(['kept Lib/json/decoder.py:5']);
    // The same paths in an ordinary project stay the toolchain's.
    const project = await makeWorkspace({ 'go.mod': 'module example.com/app\n', 'src/runtime/panic.go': 'x\n' });
    expect(await fates(project, [raw('/usr/local/go/src/runtime/panic.go', { line: 7 })])).toEqual([
      '/usr/local/go/src/runtime/panic.go vendored',
    ]);
  });
});
