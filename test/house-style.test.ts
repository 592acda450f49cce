// House style that no lint rule checks (issue 26): every src/ line fits the Prettier printWidth once formatted, a
// file stays short once formatted, and nothing is exported that no other file, test or entry imports.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as prettier from 'prettier';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');
const WIDTH = (JSON.parse(readFileSync(join(ROOT, '.prettierrc.json'), 'utf8')) as { printWidth: number }).printWidth;
const MAX_LINES = 350;

function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'fixtures-lsp' ? [] : files(full, keep);
    return keep(name) ? [full] : [];
  });
}

const sources = files(SRC, (name) => name.endsWith('.ts'));

/** The width Prettier gives a line: characters, not UTF-16 units or bytes (`…` and `━` count one each). */
function widthOf(line: string): number {
  return [...line].length;
}

describe('house style', () => {
  // Measured on the text as Prettier prints it, so the check means the same before and after a format commit:
  // what is left over printWidth is what Prettier cannot break (a string, a comment, a regex literal).
  it(`every src line fits printWidth (${WIDTH}) once formatted, and every file ${MAX_LINES} lines`, { timeout: 180_000 }, async () => {
    const options = await prettier.resolveConfig(join(SRC, 'index.ts'));
    const long: string[] = [];
    const big: string[] = [];
    for (const file of sources) {
      const path = relative(SRC, file);
      const printed = await prettier.format(readFileSync(file, 'utf8'), { ...options, filepath: file });
      const lines = printed.split('\n');
      if (lines.length > MAX_LINES) big.push(`${path} (${lines.length} lines)`);
      lines.forEach((line, index) => {
        if (widthOf(line) > WIDTH) long.push(`${path}:${index + 1} (${widthOf(line)})`);
      });
    }
    expect(long).toEqual([]);
    expect(big).toEqual([]);
  });

  // An export nobody imports is API by accident: it widens what a refactor must keep and hides dead code. Used
  // means imported (or re-exported) by another file of src/, test/, bench/ or scripts/; everything the package's
  // entries (src/index.ts, src/entries/*) export counts as used, since package.json "exports" publishes them.
  it('every export of src/ is used outside its file', { timeout: 180_000 }, () => {
    const unused = unusedExports();
    expect(unused).toEqual([]);
  });
});

function unusedExports(): string[] {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} };
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, host);
  if (!config) throw new Error('tsconfig.json unreadable');
  const scripts = [
    ...files(join(ROOT, 'scripts'), (name) => /\.(?:mjs|js|ts)$/.test(name)),
    ...files(join(ROOT, 'bench'), (name) => /\.mjs$/.test(name)),
  ];
  const program = ts.createProgram([...config.fileNames, ...scripts], { ...config.options, allowJs: true, checkJs: false, noEmit: true });
  const checker = program.getTypeChecker();
  const original = (symbol: ts.Symbol): ts.Symbol => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
  const used = new Set<ts.Symbol>();
  const moduleOf = (file: ts.SourceFile): ts.Symbol | undefined => checker.getSymbolAtLocation(file);
  const useAll = (module: ts.Symbol | undefined): void => {
    if (module) for (const symbol of checker.getExportsOfModule(module)) used.add(original(symbol));
  };
  // The bundles scripts/build.mjs starts from (the CLI, its launcher, the background worker) are entries too.
  const bundled = [...readFileSync(join(ROOT, 'scripts', 'build.mjs'), 'utf8').matchAll(/entryPoints:.*/g)].flatMap((line) =>
    [...line[0].matchAll(/'(src\/[^']+\.ts)'/g)].map((match) => join(ROOT, match[1]!)),
  );
  const isEntry = (fileName: string): boolean =>
    fileName === join(SRC, 'index.ts') || fileName.startsWith(join(SRC, 'entries') + '/') || bundled.includes(fileName);
  for (const file of program.getSourceFiles()) {
    if (file.fileName.includes('/node_modules/')) continue;
    if (isEntry(file.fileName)) useAll(moduleOf(file));
    const visit = (node: ts.Node): void => {
      // `export { x }` of a local name is the file's own export, not a use; `export { x } from` is one.
      const reExport = ts.isExportSpecifier(node) && node.parent.parent.moduleSpecifier !== undefined;
      if (ts.isImportSpecifier(node) || reExport || (ts.isImportClause(node) && node.name)) {
        const symbol = checker.getSymbolAtLocation((node as ts.ImportSpecifier | ts.ExportSpecifier | ts.ImportClause).name!);
        if (symbol) used.add(original(symbol));
      } else if (ts.isNamespaceImport(node) || ts.isNamespaceExport(node)) {
        const declaration = ts.isNamespaceImport(node) ? node.parent.parent : node.parent;
        useAll(checker.getSymbolAtLocation(declaration.moduleSpecifier!));
      } else if (ts.isExportDeclaration(node) && !node.exportClause && node.moduleSpecifier) {
        useAll(checker.getSymbolAtLocation(node.moduleSpecifier));
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0]) {
        useAll(checker.getSymbolAtLocation(node.arguments[0]));
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        useAll(checker.getSymbolAtLocation(node.argument.literal));
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  const unused: string[] = [];
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(SRC + '/') || isEntry(file.fileName)) continue;
    const module = moduleOf(file);
    if (!module) continue;
    for (const symbol of checker.getExportsOfModule(module)) {
      const target = original(symbol);
      // Only the file's own declarations: a re-export is judged where it is declared.
      if (!target.declarations?.some((declaration) => declaration.getSourceFile() === file)) continue;
      if (!used.has(target)) unused.push(`${relative(SRC, file.fileName)}: ${symbol.name}`);
    }
  }
  return unused.sort();
}
