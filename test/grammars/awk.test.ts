// Hard cases of the awk family: a program given on the command line names no file (nothing is reported), and gawk's
// echo of the source line is no diagnostic of its own.
import { describe, expect, it } from 'vitest';
import { scanLog as scan, brief } from '../_scan.js';

describe('awk', () => {
  it('reports nothing for a program given on the command line, in any of the three implementations', () => {
    const locations = scan([
      'awk: syntax error at source line 1',
      ' context is',
      '\t{ print $1, >>>  } <<< ',
      'mawk: line 1: syntax error at or near }',
      'gawk: cmd. line:1: { print $1, }',
      'gawk: cmd. line:1:             ^ syntax error',
    ]);
    expect(brief(locations)).toEqual([]);
  });

  it("reads gawk's one-line warnings and its caret under the echoed line, with the caret's column", () => {
    const locations = scan([
      "gawk: conv.awk:16: warning: escape sequence `\\/' treated as plain `/'",
      'gawk: conv.awk:21: { n = split($0, f, ) }',
      'gawk: conv.awk:21:                     ^ syntax error',
    ]);
    expect(brief(locations)).toEqual([
      ['awk', 'conv.awk', 16, null, 'warning', "escape sequence `\\/' treated as plain `/'"],
      ['awk', 'conv.awk', 21, 21, 'error', 'syntax error'],
    ]);
  });
});
