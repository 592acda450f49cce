// Issue 20, third round: a code generator's output (ptxas' .ptx, moc/uic/rcc, protoc, build_runner, bison/flex/re2c,
// automake and configure, qmake's Makefile) is dropped with reason build when the source it came from lies beside it,
// above it or at a build folder's mirror of its folder; the name alone decides nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { possibleSources } from '../../src/resolve/generated-intermediates.js';
import { resolveLocations } from '../../src/resolve/index.js';
import { makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

const noIgnores = async (): Promise<Set<string>> => new Set();

async function fates(root: string, files: readonly string[]): Promise<string[]> {
  const raws = files.map((file) => raw(file, { line: 3, severity: 'error', message: 'bad' }));
  const result = await resolveLocations(raws, { cwd: root, roots: [root], isIgnored: noIgnores });
  const kept = result.locations.map((location) => `kept ${location.file}`);
  return [...kept, ...result.dropped.map((entry) => `${entry.reason} ${entry.file}`)].sort();
}

describe('a generated intermediate', () => {
  it('names the sources each generator reads', () => {
    expect(possibleSources('kernel.ptx').map((source) => source.name)).toEqual(['kernel.cu', 'kernel.ptx.in']);
    expect(possibleSources('moc_window.cpp').map((source) => source.name)).toContain('window.h');
    expect(possibleSources('ui_window.h').map((source) => source.name)).toContain('window.ui');
    expect(possibleSources('ledger_pb2.py').map((source) => source.name)).toEqual(['ledger.proto', 'ledger_pb2.py.in']);
    expect(possibleSources('ledger_grpc.pb.go').map((source) => source.name)).toEqual(['ledger.proto', 'ledger_grpc.pb.go.in']);
    expect(possibleSources('model.g.dart').map((source) => source.name)).toEqual(['model.dart', 'model.g.dart.in']);
    expect(possibleSources('parse.tab.c').map((source) => source.name)).toContain('parse.y');
    // gcc's preprocessed C shares `.i` with SWIG's interface files: no generator is assumed but configure.
    expect(possibleSources('wrap.i').map((source) => source.name)).toEqual(['wrap.i.in']);
    // Any file may be configure's output from a template beside it, and a Makefile automake's.
    expect(possibleSources('main.rs').map((source) => source.name)).toEqual(['main.rs.in']);
    expect(possibleSources('Makefile').map((source) => source.name)).toEqual(['Makefile.am', 'Makefile.in']);
    // automake's Makefile.in, and autoconf's configure script from configure.ac (configure.in before autoconf 2.50).
    expect(possibleSources('Makefile.in').map((source) => source.name)).toEqual(['Makefile.am', 'Makefile.in.in']);
    expect(possibleSources('configure').map((source) => source.name)).toEqual(['configure.ac', 'configure.in']);
  });

  it('is dropped as build when its source lies beside it or in a folder above it', async () => {
    const root = await makeWorkspace({
      'kernel.cu': 'x\n',
      'Debug/kernel.ptx': 'x\n'.repeat(5),
      'src/window.h': 'x\n',
      'build/src/moc_window.cpp': 'x\n'.repeat(5),
      'proto/ledger.proto': 'x\n',
      'proto/ledger.pb.go': 'x\n'.repeat(5),
      'grammar/calc.y': 'x\n',
      'grammar/calc.c': 'x\n'.repeat(5),
      'lib/model.dart': 'x\n'.repeat(5),
      'lib/model.g.dart': 'x\n'.repeat(5),
    });
    const files = ['Debug/kernel.ptx', 'build/src/moc_window.cpp', 'proto/ledger.pb.go', 'grammar/calc.c', 'lib/model.g.dart'];
    expect(await fates(root, files)).toEqual([
      'build Debug/kernel.ptx',
      'build build/src/moc_window.cpp',
      'build grammar/calc.c',
      'build lib/model.g.dart',
      'build proto/ledger.pb.go',
    ]);
  });

  it("is dropped as build when its lexer or grammar source lies at its out-of-tree build folder's mirror", async () => {
    const root = await makeWorkspace({
      'src/ast/lex.re': 'x\n',
      'src/ast/parser.ypp': 'x\n',
      'build/src/ast/lex.cc': 'x\n'.repeat(5),
      'build/src/ast/parser.cc': 'x\n'.repeat(5),
      'tools/scan.rl': 'x\n',
      'tools/scan.c': 'x\n'.repeat(5),
      // A grammar in a folder above, not at the mirror, names another folder's stem.
      'src/calc.l': 'x\n',
      'src/ui/calc.c': 'x\n'.repeat(5),
    });
    const files = ['build/src/ast/lex.cc', 'build/src/ast/parser.cc', 'tools/scan.c', 'src/ui/calc.c'];
    expect(await fates(root, files)).toEqual([
      'build build/src/ast/lex.cc',
      'build build/src/ast/parser.cc',
      'build tools/scan.c',
      'kept src/ui/calc.c',
    ]);
  });

  it('stays the place when no source it could come from is in the workspace', async () => {
    const root = await makeWorkspace({
      'Debug/kernel.ptx': 'x\n'.repeat(5),
      'src/moc_tools.cpp': 'x\n'.repeat(5),
      'src/calc.c': 'x\n'.repeat(5),
      // A grammar above a `.c` of the same stem is another folder's: only a grammar beside it generated it.
      'calc.y': 'x\n',
    });
    expect(await fates(root, ['Debug/kernel.ptx', 'src/moc_tools.cpp', 'src/calc.c'])).toEqual([
      'kept Debug/kernel.ptx',
      'kept src/calc.c',
      'kept src/moc_tools.cpp',
    ]);
  });

  it('is dropped as build when configure wrote it from a template beside it, and kept when written by hand', async () => {
    const root = await makeWorkspace({
      'Makefile.am': 'x\n',
      Makefile: 'x\n'.repeat(5),
      'doc/Makefile.in': 'x\n',
      'doc/Makefile': 'x\n'.repeat(5),
      'config.h.in': 'x\n',
      'config.h': 'x\n'.repeat(5),
      'tools/Makefile': 'x\n'.repeat(5),
      'tools/config.h': 'x\n'.repeat(5),
      'configure.ac': 'x\n',
      configure: 'x\n'.repeat(5),
      'Makefile.in': 'x\n'.repeat(5),
      'old/configure.in': 'x\n',
      'old/configure': 'x\n'.repeat(5),
      // A hand-written configure script with no template beside it is the project's own.
      'tools/configure': 'x\n'.repeat(5),
    });
    const files = ['Makefile', 'doc/Makefile', 'config.h', 'tools/Makefile', 'tools/config.h', 'configure', 'Makefile.in'];
    expect(await fates(root, [...files, 'old/configure', 'tools/configure'])).toEqual([
      'build Makefile',
      'build Makefile.in',
      'build config.h',
      'build configure',
      'build doc/Makefile',
      'build old/configure',
      'kept tools/Makefile',
      'kept tools/config.h',
      'kept tools/configure',
    ]);
  });

  it('is dropped as build when qmake wrote the Makefile: beside a .pro, or in a shadow build folder it marked', async () => {
    const root = await makeWorkspace({
      'viewer.pro': 'SOURCES += main.cpp\n',
      Makefile: 'x\n'.repeat(5),
      'build-viewer-Debug/.qmake.stash': 'x\n',
      'build-viewer-Debug/Makefile': 'x\n'.repeat(5),
      'build-viewer-Debug/Makefile.Debug': 'x\n'.repeat(5),
      // A Makefile written by hand, with no Qt project beside it, is the project's own.
      'tools/Makefile': 'x\n'.repeat(5),
      'tools/notes.txt': 'x\n',
    });
    const files = ['Makefile', 'build-viewer-Debug/Makefile', 'build-viewer-Debug/Makefile.Debug', 'tools/Makefile'];
    expect(await fates(root, files)).toEqual([
      'build Makefile',
      'build build-viewer-Debug/Makefile',
      'build build-viewer-Debug/Makefile.Debug',
      'kept tools/Makefile',
    ]);
  });
});
