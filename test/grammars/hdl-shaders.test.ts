// Hard cases of the HDL simulator (VCS) and shader compiler (glslang) families: a place on the line under a
// message's title, and a source-string number that stands for the input named above or on the command line.
import { describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/index.js';
import { scanLog as scan } from '../_scan.js';

const brief = (locations: RawLocation[]) => locations.map((l) => [l.format, l.file, l.line, l.severity, l.code, l.message]);

describe('vcs', () => {
  it('reads the place on the line under the title, with the title as message', () => {
    const locations = scan(['Error-[IND] Identifier not declared', 'rtl/fifo.sv, 12', "  Identifier 'wr_ptr' has not been declared yet."]);
    expect(brief(locations)).toEqual([['vcs', 'rtl/fifo.sv', 12, 'error', 'IND', 'Identifier not declared']]);
  });

  it("reads a syntax error's quoted place a line further down, with the token it names", () => {
    const locations = scan([
      'Error-[SE] Syntax error',
      '  Following verilog source has syntax error :',
      '  "rtl/top.sv", 18: token is \'endmodule\'',
      '  endmodule',
    ]);
    expect(brief(locations)).toEqual([['vcs', 'rtl/top.sv', 18, 'error', 'SE', "Syntax error: token is 'endmodule'"]]);
    expect(locations[0]?.logLine).toBe(3);
  });

  it('takes one place per title and none from a title with no place under it', () => {
    const locations = scan([
      'Warning-[TFIPC] Too few instance port connections',
      '/home/dev/soc/rtl/top.sv, 30',
      'top, "fifo u_fifo( .clk (clk));"',
      '  The above instance has fewer port connections than the module definition.',
      'Note-[RT_BS] Larger stack needed',
      '  Note: Bumping stack limit.',
    ]);
    expect(brief(locations)).toEqual([['vcs', '/home/dev/soc/rtl/top.sv', 30, 'warning', 'TFIPC', 'Too few instance port connections']]);
  });
});

describe('glslang', () => {
  it('reads named places and gives string 0 the input name printed above the run', () => {
    const locations = scan([
      'shaders/bloom.frag',
      "ERROR: 0:9: '' :  syntax error, unexpected RIGHT_BRACE",
      'ERROR: 1 compilation errors.  No code generated.',
      '',
      '',
      'shaders/tone.frag',
      "ERROR: shaders/tone.frag:4: 'gain' : undeclared identifier",
      "WARNING: 0:2: 'precision' : extension not supported",
    ]);
    expect(brief(locations)).toEqual([
      ['glslang', 'shaders/bloom.frag', 9, 'error', null, "'' :  syntax error, unexpected RIGHT_BRACE"],
      ['glslang', 'shaders/tone.frag', 4, 'error', null, "'gain' : undeclared identifier"],
      ['glslang', 'shaders/tone.frag', 2, 'warning', null, "'precision' : extension not supported"],
    ]);
  });

  it("leaves string 0 to the command when no input name is above (a driver's info log)", () => {
    const locations = scan(['Vertex shader failed to compile with the following errors:', "ERROR: 0:12: 'pos' : undeclared identifier"]);
    expect(brief(locations)).toEqual([['glslang', '-', 12, 'error', null, "'pos' : undeclared identifier"]]);
  });
});
