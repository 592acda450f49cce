// Import direction (brief, style.md §9): core ← grammars, resolve, summarise ← redact ← locate, lsp-client,
// prompt, capture, output ← cli. redact sits above summarise because it must see text as it will be shown
// (normalised), and below everything that lets text leave. A room imports only from lower layers (and itself); only cli prints or exits.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');
// reports sits between grammars and locate: the text inside a report (a JUnit stack trace, go test's Output) is
// read by the grammars, and locate hands every log to it; like grammars it has no Node APIs (editors embed it).
const LAYER: Record<string, number> = {
  core: 0,
  grammars: 1,
  resolve: 1,
  summarise: 1,
  redact: 1.5,
  reports: 1.5,
  locate: 2,
  'lsp-client': 2,
  // The fix toolkit reads and writes workspace files (Node APIs) and uses resolve's vendored check; cli drives it.
  fix: 2,
  prompt: 2,
  capture: 2,
  output: 2,
  cli: 3,
  'index.ts': 4,
  // The package's entry points (src/entries: one per stage, and the main entry's lazy loader) sit with index.ts.
  entries: 4,
  // Command safety parses shell commands with tree-sitter; the loader both it and lsp-client use sits below
  // them (tree-sitter), so a pre-run check pulls no language-server code in and the WASM runtime starts once.
  safety: 2,
  'tree-sitter': 1,
  // The language server drives capture's history, locate, fix and explain for an editor; only cli starts it.
  'lsp-server': 2.5,
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : name.endsWith('.ts') ? [full] : [];
  });
}

function roomOf(file: string): string {
  return relative(SRC, file).split('/')[0] ?? '';
}

const sources = files(SRC);

describe('architecture', () => {
  it('every room is known', () => {
    expect(sources.map(roomOf).filter((room) => !(room in LAYER))).toEqual([]);
  });

  it.each(sources.map((file) => relative(SRC, file)))('%s imports only from lower layers', (path) => {
    const file = join(SRC, path);
    const room = roomOf(file);
    const text = readFileSync(file, 'utf8');
    const bad: string[] = [];
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      const target = relative(SRC, join(file, '..', match[1] ?? ''));
      const targetRoom = target.split('/')[0] ?? '';
      if (targetRoom === room) continue;
      if ((LAYER[targetRoom] ?? 99) >= (LAYER[room] ?? 0) && room !== 'index.ts') bad.push(`${match[1]} (${targetRoom})`);
    }
    if (room === 'core' || room === 'grammars' || room === 'reports') {
      for (const match of text.matchAll(/from\s+'(node:[^']+)'/g)) bad.push(`${match[1]} (no Node APIs in ${room})`);
    }
    expect(bad).toEqual([]);
  });

  // The grammars room has three visible places (style.md §9): the streaming engine, the registry, the catalog.
  // The engine knows no format; a catalog family knows the engine, the shared catalog helpers and itself, never
  // the registry or another family, so adding or removing a family touches one folder and one registry line.
  it.each(sources.filter((file) => relative(SRC, file).startsWith('grammars/')).map((file) => relative(SRC, file)))(
    '%s keeps the engine, registry and catalog apart',
    (path) => {
      const file = join(SRC, path);
      const [, place = '', family = ''] = path.split('/');
      const bad: string[] = [];
      for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
        const target = relative(join(SRC, 'grammars'), join(file, '..', match[1] ?? ''));
        if (target.startsWith('..')) continue;
        const [targetPlace = '', targetFamily = ''] = target.split('/');
        if (place === 'engine' && targetPlace !== 'engine') bad.push(`${match[1]} (the engine knows no format)`);
        if (place === 'catalog') {
          const allowed = targetPlace === 'engine' || (targetPlace === 'catalog' && (targetFamily === 'shared' || targetFamily === family));
          if (!allowed) bad.push(`${match[1]} (a family imports only the engine, catalog/shared and itself)`);
        }
      }
      expect(bad).toEqual([]);
    },
  );

  // The report readers stream with their two parsers and nothing else from npm (why each: its file's header).
  it.each(sources.filter((file) => roomOf(file) === 'reports').map((file) => relative(SRC, file)))(
    '%s imports from npm only saxes and @streamparser/json',
    (path) => {
      const text = readFileSync(join(SRC, path), 'utf8');
      const packages = [...text.matchAll(/from\s+'([^.'][^']*)'/g)]
        .map((match) => match[1])
        .filter((name) => name !== 'saxes' && name !== '@streamparser/json');
      expect(packages).toEqual([]);
    },
  );

  it('only src/cli prints or exits', () => {
    const offenders = sources
      .filter((file) => roomOf(file) !== 'cli')
      .filter((file) => /process\.exit\(|console\.(log|error|warn)\(|process\.(stdout|stderr)\.write\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(offenders).toEqual([]);
  });

  it('files stay small (≤ 350 lines)', () => {
    const long = sources.filter((file) => readFileSync(file, 'utf8').split('\n').length > 350).map((file) => relative(SRC, file));
    expect(long).toEqual([]);
  });

  // Two files that import each other (directly or round a longer loop, type imports included) are one module
  // split in two: neither can be read, tested or loaded lazily alone (issue 26 found three such pairs).
  it('no src file takes part in an import cycle', () => {
    const edges = new Map<string, string[]>();
    for (const file of sources) {
      const targets: string[] = [];
      for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
        const target = join(file, '..', (match[1] ?? '').replace(/\.js$/, '.ts'));
        targets.push(sources.includes(target) ? target : join(target.replace(/\.ts$/, ''), 'index.ts'));
      }
      edges.set(
        file,
        targets.filter((target) => sources.includes(target)),
      );
    }
    expect(cyclesOf(edges).map((cycle) => cycle.map((file) => relative(SRC, file)).join(' → '))).toEqual([]);
  });
});

/** The strongly connected components of more than one file (Tarjan's algorithm, iterative: no depth limit). */
function cyclesOf(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = edges.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}
