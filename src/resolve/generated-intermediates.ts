// A compiler's or code generator's intermediate file (issue 20's third round): ptxas reads the `.ptx` nvcc wrote from a
// `.cu`, Qt's moc/uic/rcc write `moc_X.cpp`/`ui_X.h`/`qrc_X.cpp` from `X.h`/`X.ui`/`X.qrc`, protoc writes
// `X.pb.go`/`X_pb2.py`/`X.pb.cc` from `X.proto`, build_runner writes `X.g.dart` from `X.dart`, bison, flex, re2c and
// Ragel write `X.tab.c`/`X.c`/`X.cc` from `X.y`/`X.l`/`X.re`/`X.rl`, automake and configure write `Makefile` from
// `Makefile.am`/`Makefile.in` and `X` from `X.in`, autoconf writes `configure` from `configure.ac`. An error located in
// one is fixed in its source, never in the output a rebuild overwrites. A name alone is not enough (a project may write
// its own `moc_tools.cpp`): the file counts as generated only when the source it came from lies beside it, in a folder
// above it (a configuration folder such as Debug/) or where a build folder's mirror of the source tree points (an
// out-of-tree build's `build/src/lex.cc` from `src/lex.re`: held-out set 70).
// `X.i` is left out: SWIG's interface files share that name with gcc's preprocessed C and sit beside their `.c`.
import type { ResolverFs } from './resolver-fs.js';

interface Generator {
  /** The generated file's name; the first group is the stem its source shares. */
  output: RegExp;
  /** The source's name for that stem, in the order a generator takes them. */
  sources: readonly string[];
  /**
   * Where else than beside it its source may be: anywhere (default), only at a build folder's mirror of its folder (a
   * `.c` named as a grammar is too common a name to look for its source in any folder above), or nowhere else.
   */
  reach?: 'mirror' | 'beside';
}

const GENERATORS: readonly Generator[] = [
  { output: /^(.+)\.ptx$/, sources: ['.cu'] },
  { output: /^(.+)\.ii$/, sources: ['.cpp', '.cc', '.cxx'] },
  { output: /^moc_(.+)\.cpp$/, sources: ['.h', '.hpp', '.hh', '.hxx'] },
  { output: /^(.+)\.moc$/, sources: ['.cpp', '.cc', '.cxx'] },
  { output: /^ui_(.+)\.h$/, sources: ['.ui'] },
  { output: /^qrc_(.+)\.cpp$/, sources: ['.qrc'] },
  { output: /^(.+?)(?:_grpc)?\.pb(?:\.gw|\.validate)?\.go$/, sources: ['.proto'] },
  { output: /^(.+?)_pb2(?:_grpc)?\.pyi?$/, sources: ['.proto'] },
  { output: /^(.+?)(?:\.grpc)?\.pb\.(?:cc|h)$/, sources: ['.proto'] },
  { output: /^(.+)\.(?:g|freezed|gr|mocks)\.dart$/, sources: ['.dart'] },
  { output: /^(.+)\.tab\.(?:c|cc|cpp|h|hh|hpp)$/, sources: ['.y', '.yy', '.ypp'] },
  { output: /^(.+)\.(?:c|cc|cpp|cxx|h|hh|hpp)$/, sources: ['.y', '.yy', '.ypp', '.l', '.ll', '.lpp', '.re', '.rl'], reach: 'mirror' },
  // automake writes `Makefile.in` from `Makefile.am`, and configure (or CMake's configure_file) writes any `X` from the
  // template `X.in` beside it: `Makefile`, `config.h`, `setup.py`. Beside it only: that is where configure puts it.
  { output: /^((?:GNU)?[Mm]akefile)(?:\.in)?$/, sources: ['.am'], reach: 'beside' },
  // autoconf writes the `configure` script from `configure.ac` (`configure.in` before 2.50, the `.in` rule below): a
  // shell error at `./configure: line N` is an unexpanded macro in the template, or a missing m4 macro package.
  { output: /^(configure)$/, sources: ['.ac'], reach: 'beside' },
  { output: /^(.+)$/, sources: ['.in'], reach: 'beside' },
];

type Where = 'beside' | 'above' | 'mirror';

interface PossibleSource {
  name: string;
  reach: 'any' | 'mirror' | 'beside';
}

/** The sources a generated file of this name could have come from; empty when its name is no generator's. */
export function possibleSources(name: string): PossibleSource[] {
  const sources: PossibleSource[] = [];
  for (const generator of GENERATORS) {
    const stem = generator.output.exec(name)?.[1];
    if (stem === undefined) continue;
    for (const extension of generator.sources) sources.push({ name: `${stem}${extension}`, reach: generator.reach ?? 'any' });
  }
  return sources;
}

/**
 * The folders a generator's source may sit in, nearest first: the output's own folder, the folders above it (a
 * configuration folder such as Debug/), and the same folder with leading folders dropped (a build folder mirrors the
 * source tree: `build/src/moc_x.cpp` from `src/x.h`).
 */
function sourceFolders(folder: readonly string[]): Array<{ folder: readonly string[]; where: Where }> {
  const folders: Array<{ folder: readonly string[]; where: Where }> = [{ folder, where: 'beside' }];
  for (let depth = folder.length - 1; depth >= 0; depth--) folders.push({ folder: folder.slice(0, depth), where: 'above' });
  for (let dropped = 1; dropped < folder.length; dropped++) folders.push({ folder: folder.slice(dropped), where: 'mirror' });
  return folders;
}

function reaches(source: PossibleSource, where: Where): boolean {
  return where === 'beside' || source.reach === 'any' || (source.reach === 'mirror' && where === 'mirror');
}

/** True when the file at `relative` below `root` is a generator's output whose source the workspace holds. */
export async function isGeneratedIntermediate(root: string, relative: string, fs: ResolverFs): Promise<boolean> {
  const segments = relative.split('/');
  const sources = possibleSources(segments.at(-1) as string);
  if (sources.length === 0) return false;
  const folders = sourceFolders(segments.slice(0, -1));
  for (const { folder, where } of folders) {
    const wanted = sources.filter((source) => reaches(source, where));
    if (wanted.length === 0) continue;
    // A mirror folder is rarely there (one stat, shared by every file of the folder) before each name is asked for.
    if (where === 'mirror' && (await fs.stat([root, ...folder].join('/'))) !== 'directory') continue;
    const found = await Promise.all(wanted.map((source) => fs.stat([root, ...folder, source.name].join('/'))));
    if (found.includes('file')) return true;
  }
  return false;
}
