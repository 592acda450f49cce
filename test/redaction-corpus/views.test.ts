// The terminal view is normaliseText with a map back to the raw offsets: the two must agree exactly, or
// redaction would judge a text nobody sees. Checked on seeded random mixes of text and controls.
import { describe, expect, it } from 'vitest';
import { normaliseText } from '../../src/summarise/index.js';
import { sourceSpan, terminalView, unescapedView } from '../../src/redact/views.js';
import { seededRandom } from './generate.js';

const PIECES = [
  'a',
  'b',
  'Z',
  '9',
  ' ',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '\b',
  'X\b',
  '\u001b[0m',
  '\u001b[1;31m',
  '\u001b]8;;https://x\u0007',
  '\u001b(B',
  '\u009b1m',
  '\u0007',
  '\u0000',
  '😀',
  '\u001b',
  '\\"',
];

describe('terminal view', () => {
  it('equals normaliseText on 2 000 seeded random mixes', () => {
    const random = seededRandom(42);
    for (let sample = 0; sample < 2000; sample++) {
      let text = '';
      const length = Math.floor(random() * 40);
      for (let index = 0; index < length; index++) text += PIECES[Math.floor(random() * PIECES.length)];
      expect(terminalView(text, 'shown').text, JSON.stringify(text)).toBe(normaliseText(text));
    }
  });

  it('maps a shown span back over the escapes inside it', () => {
    const raw = 'key ghp_ab\u001b[0mcd\bXef end';
    const view = terminalView(raw, 'shown');
    const from = view.text.indexOf('ghp_');
    const [start, end] = sourceSpan(view, from, view.text.indexOf(' end'));
    expect(raw.slice(start, end)).toBe('ghp_ab\u001b[0mcd\bXef');
  });

  it('keeps every redraw, and what backspaces erased, in the history views', () => {
    expect(terminalView('one\rtwo', 'redraws').text).toBe('one\ntwo');
    expect(terminalView('pass\b\b\b\bword', 'unerased').text).toBe('password');
    expect(unescapedView('{\\"token\\": \\"abc\\"}')?.text).toBe('{"token": "abc"}');
  });
});
