import { describe, expect, it } from 'vitest';
import { logWrappersOf } from '../../../src/grammars/engine/log-wrappers.js';
import { detectLinePrefixes } from '../../../src/grammars/engine/prefixes.js';
import { learnLinePrefix } from '../../../src/grammars/engine/learned-prefix.js';

const rows = ['/w/src/a.js', '  1:7  error  Unused x  no-unused-vars', '  6:13  warning  Missing semicolon  semi', '✖ 1 problem'];
const wrapped = rows.map((row) => `remote:        ${row}`).join('\n');
const stamped = rows.map((row) => `2024-05-13T22:08:06.0150000Z ${row}`).join('\n');
const bare = rows.join('\n');

describe('logWrappersOf', () => {
  it('answers each first slice as reading it afresh would, whichever slice came before', () => {
    for (const text of [wrapped, wrapped, bare, stamped, stamped.slice(0, -1), wrapped, bare]) {
      const { prefixes, learned } = logWrappersOf(text);
      const listed = detectLinePrefixes(text);
      const fresh = learnLinePrefix(text, listed !== '');
      expect(prefixes).toBe([listed, fresh?.source ?? ''].filter((source) => source !== '').join('|'));
      expect(learned?.source).toBe(fresh?.source);
      expect(learned?.peel('remote:          1:7  error  x')).toBe(fresh?.peel('remote:          1:7  error  x'));
    }
  });

  it('gives a repeated slice the same answer, equal text or not the same string', () => {
    const first = logWrappersOf(wrapped);
    expect(first.learned).toBeDefined();
    expect(logWrappersOf(`${wrapped} `.slice(0, -1))).toBe(first);
  });
});
