// Issue 15: `import { locate } from 'faultline'` loads no LSP, redaction, tree-sitter or capture code. Checked on the
// built files (what an embedder loads: the static import graph of dist/index.js, and require.cache after
// require() of dist/index.cjs) and on the source (locate's own static import graph).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt } from './_setup.js';

beforeAll(ensureBuilt);

// Static imports only: `import{…}from"./x.js"`, `import"./x.js"`, `export{…}from"./x.js"`; never `import("./x.js")`.
function staticGraph(
  entry: string,
  specifiers: (text: string) => string[],
  resolveSpecifier: (from: string, spec: string) => string | undefined,
): string[] {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (file.startsWith('package:')) continue;
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(file, spec);
      if (target && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return [...seen];
}

const builtSpecifiers = (text: string) =>
  [...text.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^"'()]*?from\s*)?["']([^"']+)["']/g)].map((match) => match[1] ?? '');
const resolveBuilt = (from: string, spec: string) => (spec.startsWith('.') ? resolve(dirname(from), spec) : `package:${spec}`);

// Words only the heavy stages' code contains (their dependencies' package names and their own fixed strings).
const HEAVY = [
  ['language-server client', 'vscode-languageserver-protocol'],
  ['secret redaction', '@secretlint'],
  ['secret redaction rules', '[REDACTED'],
  ['tree-sitter', 'web-tree-sitter'],
  ['capture', 'E_ARTIFACT_MISSING'],
  ['Chevrotain', 'NotAllInputParsedException'],
] as const;

describe('the cost of importing the main entry', () => {
  it('dist/index.js statically reaches no heavy stage (they are import()ed on first call)', () => {
    const files = staticGraph(join(ROOT, 'dist', 'index.js'), builtSpecifiers, resolveBuilt);
    const text = files
      .filter((file) => !file.startsWith('package:'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const packages = files.filter((file) => file.startsWith('package:')).map((file) => file.slice('package:'.length));
    expect(packages.filter((name) => !name.startsWith('node:'))).toEqual([]);
    for (const [stage, marker] of HEAVY) expect(text.includes(marker), `${stage} (${marker}) is loaded at import`).toBe(false);
    // The check itself sees the heavy code where it is: in the lazily imported stage chunks.
    const all = staticGraph(join(ROOT, 'dist', 'lsp.js'), builtSpecifiers, resolveBuilt);
    expect(all.some((file) => file === 'package:vscode-languageserver-protocol/node.js')).toBe(true);
  });

  it('require() of dist/index.cjs loads only that file; the first locate() call loads the locate stage', () => {
    const script = `const before = new Set(Object.keys(require.cache));
const m = require(${JSON.stringify(join(ROOT, 'dist', 'index.cjs'))});
const atImport = Object.keys(require.cache).filter((k) => !before.has(k));
m.locate({ text: 'src/a.ts(1,2): error TS1005: x' }, { cwd: ${JSON.stringify(ROOT)}, roots: [${JSON.stringify(ROOT)}], isIgnored: async () => new Set() }).then((r) => {
  const afterCall = Object.keys(require.cache).filter((k) => !before.has(k));
  console.log(JSON.stringify({ atImport, afterCall, found: r.locations.length + r.unresolved.length }));
});`;
    const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' }));
    expect(out.atImport.map((file: string) => relative(ROOT, file))).toEqual(['dist/index.cjs']);
    expect(out.afterCall.map((file: string) => relative(ROOT, file))).toContain('dist/locate.cjs');
    expect(out.found).toBe(1);
  });

  it('resolveLocations loads the resolver on its first call, not at import, and not the locate stage', () => {
    const raw = `[{ file: 'package.json', line: 2, severity: 'error', message: 'x', format: 'tsc' }]`;
    const options = `{ cwd: ${JSON.stringify(ROOT)}, roots: [${JSON.stringify(ROOT)}], isIgnored: async () => new Set() }`;
    const script = `const before = new Set(Object.keys(require.cache));
const m = require(${JSON.stringify(join(ROOT, 'dist', 'index.cjs'))});
const atImport = Object.keys(require.cache).filter((k) => !before.has(k));
m.resolveLocations(${raw}, ${options}).then((r) => {
  const afterCall = Object.keys(require.cache).filter((k) => !before.has(k));
  console.log(JSON.stringify({ atImport, afterCall, files: r.locations.map((l) => l.file) }));
});`;
    const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' }));
    expect(out.atImport.map((file: string) => relative(ROOT, file))).toEqual(['dist/index.cjs']);
    expect(out.afterCall.map((file: string) => relative(ROOT, file)).sort()).toEqual(['dist/index.cjs', 'dist/resolve.cjs']);
    expect(out.files).toEqual(['package.json']);
    // The ES module entry: the same answer through its lazily imported resolver.
    const esm = `const m = await import(${JSON.stringify(join(ROOT, 'dist', 'index.js'))});
const r = await m.resolveLocations(${raw}, ${options});
console.log(JSON.stringify(r.locations.map((l) => l.file)));`;
    expect(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', esm], { cwd: ROOT, encoding: 'utf8' }))).toEqual([
      'package.json',
    ]);
  });

  it("locate's source imports no capture, lsp-client, redact or output module, nor their packages", () => {
    const src = join(ROOT, 'src');
    const sourceSpecifiers = (text: string) =>
      [...text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1] ?? '');
    const resolveSource = (from: string, spec: string) => {
      if (!spec.startsWith('.')) return `package:${spec}`;
      const file = resolve(dirname(from), spec.replace(/\.js$/, '.ts'));
      return existsSync(file) ? file : undefined;
    };
    const files = staticGraph(join(src, 'locate', 'index.ts'), sourceSpecifiers, resolveSource);
    const rooms = new Set(files.filter((file) => !file.startsWith('package:')).map((file) => relative(src, file).split('/')[0]));
    for (const room of ['capture', 'lsp-client', 'redact', 'output', 'prompt']) expect(rooms.has(room), room).toBe(false);
    const packagesOf = (graph: string[]) =>
      graph
        .filter((file) => file.startsWith('package:'))
        .map((file) => file.slice('package:'.length).split('/')[0]!)
        .filter((name) => !name.startsWith('node:'))
        .sort();
    // Issue 21: the reports and the grammars load when the log's first byte arrives (an empty log needs neither), so
    // locate's static graph reaches no package at all ...
    expect(packagesOf(files)).toEqual([]);
    // ... and the module it imports then brings Chevrotain for the grammars, saxes and @streamparser/json for the
    // structured report readers.
    expect(readFileSync(join(src, 'locate', 'index.ts'), 'utf8')).toContain("await import('../reports/index.js')");
    const onFirstByte = staticGraph(join(src, 'reports', 'index.ts'), sourceSpecifiers, resolveSource);
    expect(packagesOf(onFirstByte)).toEqual(['@streamparser', 'chevrotain', 'saxes']);
  });
});
