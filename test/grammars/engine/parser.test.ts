// Chevrotain's own grammar checks (skipped at run time for start-up speed) must pass on every rule.
import { describe, expect, it } from 'vitest';
import { CstParser, Lexer } from 'chevrotain';
import { buildParser, registeredFormats } from '../../../src/grammars/index.js';
import { parserForFormat } from '../../../src/grammars/registry.js';
import { ALL_TOKENS } from '../../../src/grammars/engine/tokens.js';

describe('grammar definitions', () => {
  it('the parser passes Chevrotain self-analysis with validations on', () => {
    expect(() => buildParser(true)).not.toThrow();
  });

  it('the token vocabulary passes lexer validation', () => {
    const lexer = new Lexer(ALL_TOKENS, { positionTracking: 'onlyOffset', skipValidations: false });
    expect(lexer.lexerDefinitionErrors).toEqual([]);
    expect(lexer.tokenize('src/a b (c).ts:12:5: error: x').errors).toEqual([]);
  });

  it('reports where a match ends from the last consumed token (prefix matches, offsets after `from`)', () => {
    const parser = buildParser();
    const tokens = new Lexer(ALL_TOKENS, { positionTracking: 'onlyOffset' }).tokenize('  src/a b.c:12:5: error: x').tokens;
    parser.input = tokens.slice(1);
    expect(parser.invoke('colonLocation', [true])).toBeDefined();
    expect(parser.consumedEnd()).toBe('  src/a b.c:12:5'.length);
    parser.input = tokens.slice(1);
    expect(parser.invoke('colonLocation', [false])).toBeUndefined();
  });

  it("replaces Chevrotain's root-rule hook: prefix matches still succeed, failures still fail, the tokens come back unpadded", () => {
    // The hook exists on the pinned Chevrotain; `errors` staying empty after a prefix match shows it is the one called.
    expect(typeof (CstParser.prototype as unknown as Record<string, unknown>).onAfterParse).toBe('function');
    const parser = buildParser();
    const tokens = new Lexer(ALL_TOKENS, { positionTracking: 'onlyOffset' }).tokenize('src/a.ts(3,7): error TS1: x').tokens;
    const count = tokens.length;
    parser.input = tokens;
    expect(parser.invoke('parenLocation', [false, false])).toBeDefined();
    expect(parser.errors).toEqual([]);
    expect(tokens.length).toBe(count);
    parser.input = tokens;
    expect(parser.invoke('colonLocation', [false])).toBeUndefined();
    expect(tokens.length).toBe(count);
  });

  it("answers a rule of another family from that family's parser, not the whole grammar", () => {
    // deno (web tools) parses V8 frames with the javascript family's rule.
    const parser = parserForFormat('deno', 'v8ParenLocation');
    expect(parser.has('v8ParenLocation')).toBe(true);
    expect(parser.has('pythonFileLine')).toBe(false);
    expect(() => parserForFormat('deno', 'noSuchRule')).toThrow(/noSuchRule/);
  });

  it('every format has a kebab-case name, a description starting with its command, and a linear anchor', () => {
    for (const format of registeredFormats()) {
      expect(format.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(format.description.length).toBeGreaterThan(10);
      expect(() => new RegExp(format.anchor, 'gm')).not.toThrow();
      // The anchor must not match the empty string (it would make every line a candidate).
      expect(new RegExp(format.anchor, 'm').test('')).toBe(false);
    }
  });
});
