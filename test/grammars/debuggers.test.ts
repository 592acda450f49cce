// lldb backtraces (native-tools/native-debuggers.ts): the frame's own place is the last `at F:L` of its line.
import { describe, expect, it } from 'vitest';
import { scanLog as scan, withoutWeakTiers } from '../_scan.js';

const rows = (log: string[]) => withoutWeakTiers(scan(log)).map((l) => [l.format, l.file, l.line, l.frame?.index, l.message]);

describe('lldb', () => {
  it('reads the last place of a frame, not a function pointer argument printed with its own place', () => {
    expect(
      rows([
        "* thread #1, name = 'calc', stop reason = signal SIGSEGV: invalid address (fault address: 0x8)",
        '  * frame #0: 0x0000555555555190 calc`apply(op=(calc`twice at ops.c:2), xs=0x0000000000000000) at table.c:7:10',
        '    frame #1: 0x0000555555555160 calc`main at main.c:5:3',
        '    frame #2: 0x0000555555555041 calc`_start + 33',
      ]),
    ).toEqual([
      ['lldb', 'table.c', 7, 0, 'signal SIGSEGV: invalid address (fault address: 0x8)'],
      ['lldb', 'main.c', 5, 1, 'signal SIGSEGV: invalid address (fault address: 0x8)'],
    ]);
  });

  it('reads the older one-line thread header and a Swift closure argument whose place comes first', () => {
    expect(
      rows([
        "* thread #1: tid = 0x1a2b, 0x0000000100001000 Shop`Cart.total() -> Int + 12 at Cart.swift:9, queue = 'main', stop reason = EXC_BREAKPOINT",
        '  * frame #0: 0x0000000100001000 Shop`Cart.total() -> Int + 12 at Cart.swift:9',
        '    frame #1: 0x0000000100002000 Shop`Store.load(done=0x0000000100003000 Shop`Store.(closure #1) at Store.swift:30) -> () + 88 at Store.swift:21 [opt]',
      ]),
    ).toEqual([
      ['lldb', 'Cart.swift', 9, 0, 'EXC_BREAKPOINT'],
      ['lldb', 'Store.swift', 21, 1, 'EXC_BREAKPOINT'],
    ]);
  });
});
