// Hard cases of the Lua family: the program-name prefix, [C] and tail-call lines inside a traceback, and the
// function-definition location on a frame line that must not become a location of its own.
import { describe, expect, it } from 'vitest';
import { scanLog as scan, brief } from '../_scan.js';

describe('lua', () => {
  it('reads the error line and the traceback frames, skipping [C] lines and `<file:line>` definitions', () => {
    const locations = scan([
      'lua5.4: ./src/db.lua:5: assertion failed!',
      'stack traceback:',
      "\t[C]: in function 'assert'",
      '\t./src/db.lua:5: in function <./src/db.lua:4>',
      '\t(...tail calls...)',
      '\tmain.lua:6: in main chunk',
      '\t[C]: in ?',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.severity, l.frame?.trace !== undefined, l.frame?.index, l.message])).toEqual([
      ['./src/db.lua', 5, 'error', false, undefined, 'assertion failed!'],
      ['./src/db.lua', 5, null, true, 0, 'assertion failed!'],
      ['main.lua', 6, null, true, 1, 'assertion failed!'],
    ]);
  });

  it('reads luac and bare host messages but not indented mentions or columns', () => {
    expect(
      brief(
        scan(
          [
            "luac5.4: bad.lua:1: unexpected symbol near '='",
            'init.lua:3: attempt to call a nil value',
            '  see init.lua:3: for the cause',
            'src/a.lua:3:5: (W211) unused variable',
          ],
          ['lua'],
        ),
      ),
    ).toEqual([
      ['lua', 'bad.lua', 1, null, 'error', "unexpected symbol near '='"],
      ['lua', 'init.lua', 3, null, 'error', 'attempt to call a nil value'],
    ]);
  });

  it('reads frames a paste left at column 0 or listed with a bullet, without their `in` tail, inside a traceback only', () => {
    const frames = scan(
      [
        'Script error: [Door handler]',
        'onOpen: attempt to index a nil value',
        'stack traceback:',
        '[C]: in ?',
        "[C]: in function 'notify'",
        '-data/scripts/doors/gate.lua:16',
        '- data/scripts/shared lib/keys.lua:23:',
        '  data/scripts/boot.lua:4: in main chunk',
        '',
        '-data/scripts/doors/gate.lua:30',
      ],
      ['lua'],
    );
    // The error line names no place, so the first Lua frame is where it was raised: the error itself.
    expect(frames.map((l) => [l.file, l.line, l.severity, l.frame?.index, l.message])).toEqual([
      ['data/scripts/doors/gate.lua', 16, 'error', undefined, 'onOpen: attempt to index a nil value'],
      ['data/scripts/shared lib/keys.lua', 23, null, 1, 'onOpen: attempt to index a nil value'],
      ['data/scripts/boot.lua', 4, null, 2, 'onOpen: attempt to index a nil value'],
    ]);
  });

  it('keeps the first frame a frame when the error line above the traceback names the place', () => {
    const frames = scan(
      ['lua5.4: src/a.lua:5: boom', 'more words of the message', 'stack traceback:', '\tsrc/a.lua:5: in local f'],
      ['lua'],
    );
    expect(frames.map((l) => [l.line, l.severity, l.frame?.index])).toEqual([
      [5, 'error', undefined],
      [5, null, 0],
    ]);
  });
});
