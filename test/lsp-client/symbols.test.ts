// Pure parts: innermost pick over both answer shapes, selection rules, config validation,
// tree-sitter and heuristic fallbacks, the code frame.
import { readFileSync } from 'node:fs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { SymbolKind, type DocumentSymbol, type SymbolInformation } from 'vscode-languageserver-protocol/node.js';
import {
  applyServerConfig,
  attachmentSelection,
  builtinLanguages,
  codeFrame,
  editSelection,
  heuristicSymbol,
  innermostSymbol,
  loadServerConfig,
  parseServerConfig,
  treeSitterSymbol,
} from '../../src/lsp-client/index.js';
import { fixture } from './helpers.js';

function sym(name: string, kind: SymbolKind, start: number, end: number, children: DocumentSymbol[] = []): DocumentSymbol {
  const range = { start: { line: start, character: 0 }, end: { line: end, character: 1 } };
  return { name, kind, range, selectionRange: range, children };
}

describe('innermostSymbol', () => {
  const tree = [
    sym('Shop', SymbolKind.Module, 0, 30, [
      sym('Checkout', SymbolKind.Class, 2, 29, [
        sym('total', SymbolKind.Method, 4, 28, [
          sym('applyTax', SymbolKind.Function, 6, 20, [
            sym('taxed', SymbolKind.Constant, 7, 12, [sym('lines.map() callback', SymbolKind.Function, 7, 12)]),
          ]),
          sym('handler', SymbolKind.Constant, 21, 25, [sym('inner', SymbolKind.Function, 22, 24)]),
          sym('x', SymbolKind.Variable, 26, 26),
        ]),
      ]),
    ]),
    sym('arrowTop', SymbolKind.Constant, 32, 35),
  ];

  test('deepest callable at any depth; variables and callbacks never beat it (seed 21)', () => {
    expect(innermostSymbol(tree, 10, 'lsp:x')).toEqual({ name: 'applyTax', kind: 'function', startLine: 7, endLine: 21, source: 'lsp:x' });
  });
  test('a function inside a multi-line const arrow function', () => {
    expect(innermostSymbol(tree, 24, 'lsp:x')?.name).toBe('inner');
  });
  test('a single-line variable is skipped; a multi-line one is taken when nothing else encloses', () => {
    expect(innermostSymbol(tree, 27, 'lsp:x')?.name).toBe('total');
    expect(innermostSymbol(tree, 34, 'lsp:x')).toMatchObject({ name: 'arrowTop', kind: 'constant', startLine: 33, endLine: 36 });
    expect(innermostSymbol(tree, 32, 'lsp:x')).toBeNull();
  });
  test('an end at character 0 means through the previous line', () => {
    const answer = [
      { ...sym('f', SymbolKind.Function, 0, 3), range: { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } } },
    ];
    expect(innermostSymbol(answer, 3, 'lsp:x')).toMatchObject({ startLine: 1, endLine: 3 });
    expect(innermostSymbol(answer, 4, 'lsp:x')).toBeNull();
  });
  test('flat SymbolInformation: the tightest containing range', () => {
    const flat: SymbolInformation[] = [
      {
        name: 'main',
        kind: SymbolKind.Function,
        location: { uri: 'file:///a.sh', range: { start: { line: 0, character: 0 }, end: { line: 10, character: 1 } } },
      },
      {
        name: 'inner',
        kind: SymbolKind.Function,
        location: { uri: 'file:///a.sh', range: { start: { line: 2, character: 2 }, end: { line: 5, character: 3 } } },
        containerName: 'main',
      },
    ];
    expect(innermostSymbol(flat, 4, 'lsp:bash')?.name).toBe('inner');
    expect(innermostSymbol(flat, 8, 'lsp:bash')?.name).toBe('main');
  });
});

describe('function-valued variables', () => {
  // typescript-language-server reports `const applyTax = (x) => {…}` as a Constant: with the file's text the
  // arrow function is recognised and wins by depth over its method, while `const taxed = lines.map(…)` does not.
  const lines = [
    'class Invoice {',
    '  total() {',
    '    const applyTax = (amount: number): number => {',
    '      const taxed = [1].map((x) =>',
    '        x * amount);',
    '      return taxed[0];',
    '    };',
    '  }',
    '}',
  ];
  const tree = [
    sym('Invoice', SymbolKind.Class, 0, 8, [
      sym('total', SymbolKind.Method, 1, 7, [sym('applyTax', SymbolKind.Constant, 2, 6, [sym('taxed', SymbolKind.Constant, 3, 4)])]),
    ]),
  ];

  test('an arrow function assigned to a const is the innermost symbol', () => {
    expect(innermostSymbol(tree, 6, 'lsp:test', lines)?.name).toBe('applyTax');
  });

  test('a multi-line const holding a call result is not, and without the text the method wins', () => {
    expect(innermostSymbol(tree, 5, 'lsp:test', lines)?.name).toBe('applyTax');
    expect(innermostSymbol(tree, 6, 'lsp:test')?.name).toBe('total');
  });
});

describe('selection rules', () => {
  test('edit: the symbol under 120 lines, else the line alone', () => {
    expect(editSelection({ startLine: 10, endLine: 128 }, 50)).toEqual({ startLine: 10, endLine: 128 });
    expect(editSelection({ startLine: 10, endLine: 129 }, 50)).toEqual({ startLine: 50, endLine: 50 });
    expect(editSelection(null, 7)).toEqual({ startLine: 7, endLine: 7 });
  });
  test('attachment: the symbol under 200 lines, else 20 lines either side', () => {
    expect(attachmentSelection({ startLine: 1, endLine: 199 }, 50)).toEqual({ startLine: 1, endLine: 199 });
    expect(attachmentSelection({ startLine: 1, endLine: 200 }, 50)).toEqual({ startLine: 30, endLine: 70 });
    expect(attachmentSelection(null, 5, 12)).toEqual({ startLine: 1, endLine: 12 });
  });
});

describe('server config', () => {
  const root = '/repo';
  test('valid entries override and add languages', () => {
    const overrides = parseServerConfig(
      { python: { command: ['pylsp'] }, zig: { command: ['./bin/zls', '--stdio'], extensions: ['.zig'], initializationOptions: { a: 1 } } },
      'cfg',
      root,
    );
    const table = applyServerConfig(builtinLanguages(), overrides);
    expect(table[0]).toMatchObject({ languageId: 'python', extensions: ['.py', '.pyi'], server: { name: 'pylsp', command: ['pylsp'] } });
    expect(table[1]).toMatchObject({
      languageId: 'zig',
      server: { name: 'zls', command: ['/repo/bin/zls', '--stdio'], initializationOptions: { a: 1 } },
    });
  });
  test.each([
    [[], /"servers" must be an object/],
    [{ go: { command: [] } }, /servers\.go: "command" must be a non-empty array/],
    [{ go: { command: 'gopls' } }, /"command" must be/],
    [{ go: { command: ['gopls'], extensions: ['go'] } }, /"extensions" must be an array/],
    [{ go: { command: ['gopls'], args: [] } }, /unknown key "args"/],
    [{ go: { command: ['gopls'], initializationOptions: [] } }, /"initializationOptions" must be an object/],
  ])('rejects %j', (servers, message) => {
    expect(() => parseServerConfig(servers, 'cfg', root)).toThrow(message);
    try {
      parseServerConfig(servers, 'cfg', root);
    } catch (error) {
      expect(error).toMatchObject({ code: 'E_CONFIG' });
    }
  });
  test('a new languageId without extensions is E_CONFIG', () => {
    expect(() => applyServerConfig(builtinLanguages(), parseServerConfig({ zig: { command: ['zls'] } }, 'cfg', root))).toThrow(
      /add "extensions"/,
    );
  });
  test('faultline.config.json, then the faultline key of package.json; bad JSON is E_CONFIG', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'faultline-cfg-'));
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ faultline: { servers: { go: { command: ['my-gopls'] } } } }));
    expect(loadServerConfig(dir)).toEqual([{ languageId: 'go', command: ['my-gopls'] }]);
    writeFileSync(path.join(dir, 'faultline.config.json'), '{ "servers": ');
    expect(() => loadServerConfig(dir)).toThrow(
      expect.objectContaining({ code: 'E_CONFIG', message: expect.stringMatching(/not valid JSON/) }),
    );
    writeFileSync(path.join(dir, 'faultline.config.json'), '{ "other": 1 }');
    expect(loadServerConfig(dir)).toEqual([]);
  });
});

describe('tree-sitter and heuristic fallbacks', () => {
  const read = (name: string) => ({ file: fixture(name), text: readFileSync(fixture(name), 'utf8') });
  test.each([
    ['nested.ts', 8, 'scale', 'function', 7, 10],
    ['shop.ts', 16, 'applyTax', 'function', 13, 19],
    ['decorated.py', 13, 'make', 'function', 11, 14],
    ['decorated.py', 8, '__init__', 'method', 7, 8],
    ['sample.c', 9, 'add', 'function', 8, 11],
    ['script.sh', 6, 'greet', 'function', 4, 7],
    ['sample.rb', 5, 'total', 'method', 3, 7],
  ])('%s:%i → %s', async (name, line, expected, kind, startLine, endLine) => {
    expect(await treeSitterSymbol({ ...read(name), line })).toEqual({ name: expected, kind, startLine, endLine, source: 'tree-sitter' });
  });
  test('a named function value ranks with declarations; a callback does not (as with a server)', async () => {
    const text = [
      'export class Invoice {',
      '  total(): number {',
      '    const applyTax = (amount: number): number => {',
      '      return amount * 2;',
      '    };',
      '    const handlers = {',
      '      onSave: function () {',
      '        return 1;',
      '      },',
      '    };',
      '    return [1].map((x) => {',
      '      return applyTax(x) + handlers.onSave();',
      '    })[0];',
      '  }',
      '}',
    ].join('\n');
    const at = (line: number) => treeSitterSymbol({ file: 'invoice.ts', text, line });
    expect(await at(4)).toEqual({ name: 'applyTax', kind: 'function', startLine: 3, endLine: 5, source: 'tree-sitter' });
    expect(await at(8)).toEqual({ name: 'onSave', kind: 'function', startLine: 7, endLine: 9, source: 'tree-sitter' });
    expect(await at(12)).toEqual({ name: 'total', kind: 'method', startLine: 2, endLine: 14, source: 'tree-sitter' });
  });
  test('no grammar: null', async () => {
    expect(await treeSitterSymbol({ ...read('sample.kt'), line: 7 })).toBeNull();
  });
  test('heuristic: brace block under a header', () => {
    expect(heuristicSymbol({ text: read('sample.kt').text, line: 7 })).toEqual({
      name: 'greet',
      kind: 'function',
      startLine: 4,
      endLine: 10,
      source: 'heuristic',
    });
  });
  test('heuristic: indentation block', () => {
    const text = 'x = 1\n\ndef f(a):\n    b = a\n    return b\n\ny = 2\n';
    expect(heuristicSymbol({ text, line: 4 })).toMatchObject({ name: 'f', startLine: 3, endLine: 5 });
    expect(heuristicSymbol({ text, line: 7 })).toBeNull();
  });
});

test('codeFrame marks the line and pads numbers', () => {
  const text = Array.from({ length: 12 }, (_, index) => `line ${index + 1}`).join('\n');
  expect(codeFrame(text, 10)).toBe(
    ['    8 | line 8', '    9 | line 9', ' > 10 | line 10', '   11 | line 11', '   12 | line 12'].join('\n'),
  );
  expect(codeFrame('only\n', 1)).toBe(' > 1 | only');
});
