// User formats (`--efm`, issue 24 item 8): every errorformat item on inputs of our own, the multi-line and
// stack items, the work bound, and — where reviewdog's errorformat CLI is installed — the same answers as it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RawLocation } from '../../src/core/index.js';
import { UserFormatScanner } from '../../src/grammars/index.js';
import { LineMatcher } from '../../src/grammars/user-formats/matcher.js';
import { parsePattern } from '../../src/grammars/user-formats/pattern.js';
import { normaliseLine } from '../../src/summarise/index.js';
import { hasTool, needsWhat } from '../_tools.js';

function scan(patterns: string[], log: string): RawLocation[] {
  const scanner = new UserFormatScanner({ formats: [{ name: 'efm', patterns }], normaliseLine });
  // Fed in small slices, so a line split across writes is read whole.
  for (let index = 0; index < log.length; index += 7) scanner.write(log.slice(index, index + 7));
  scanner.end();
  return scanner.locations;
}

const brief = (location: RawLocation) => ({
  file: location.file,
  line: location.line,
  column: location.column,
  severity: location.severity,
  message: location.message,
  ...(location.code ? { code: location.code } : {}),
  ...(location.endLine ? { endLine: location.endLine } : {}),
  ...(location.endColumn ? { endColumn: location.endColumn } : {}),
  ...(location.hints?.directory ? { directory: location.hints.directory } : {}),
});

describe('single-line items', () => {
  it('%f %l %c %m read file, line, column and message', () => {
    expect(scan(['%f:%l:%c: %m'], 'src/a.c:12:5: expected ;\n').map(brief)).toEqual([
      { file: 'src/a.c', line: 12, column: 5, severity: null, message: 'expected ;' },
    ]);
  });

  it('%e and %k read the end line and end column', () => {
    expect(scan(['%f:%l.%c-%e.%k: %m'], 'x.y:3.4-5.9: span\n').map(brief)).toEqual([
      { file: 'x.y', line: 3, column: 4, endLine: 5, endColumn: 9, severity: null, message: 'span' },
    ]);
  });

  it('%t and %n read the type letter and the number (the number becomes the code)', () => {
    expect(scan(['%f:%l:%c: %t%n %m'], 'lib/q.py:4:1: W605 invalid escape\nlib/q.py:9:2: E302 two blank lines\n').map(brief)).toEqual([
      { file: 'lib/q.py', line: 4, column: 1, severity: 'warning', message: 'invalid escape', code: '605' },
      { file: 'lib/q.py', line: 9, column: 2, severity: 'error', message: 'two blank lines', code: '302' },
    ]);
  });

  it('%v reads a screen column and %p counts a caret line (tabs to 8)', () => {
    const [visual] = scan(['%f:%l:%v: %m'], 'a.go:1:17: tabbed\n');
    expect(visual?.columnUnit).toBe('display');
    expect(visual?.column).toBe(17);
    const pointer = scan(['%E%f:%l: %m', '%C%p^', '%Z%m'], 'b.rb:7: bad token\n\t   ^\nend of message\n');
    expect(pointer.map(brief)).toEqual([{ file: 'b.rb', line: 7, column: 12, severity: 'error', message: 'bad token\nend of message' }]);
    expect(pointer[0]?.columnUnit).toBe('display');
  });

  it('%s reads search text and %o a module, which names the place when no %f does', () => {
    expect(scan(['%o|%l| %m'], 'Data.List|3| unused\n').map(brief)).toEqual([
      { file: 'Data.List', line: 3, column: null, severity: null, message: 'unused' },
    ]);
    expect(scan(['%f:%s: %m'], 'c.txt:needle: found\n').map(brief)).toEqual([
      { file: 'c.txt', line: 1, column: null, severity: null, message: 'found' },
    ]);
  });

  it('%*[...] and %*\\d skip what they match, %. %# %\\s are regex pieces, %% a percent sign', () => {
    expect(scan(['%*[0-9:] %f:%l: %m'], '12:30:01 job/x.ts:8: late\n').map(brief)).toEqual([
      { file: 'job/x.ts', line: 8, column: null, severity: null, message: 'late' },
    ]);
    expect(scan(['[%*\\d] %f:%l: %m'], '[42] y.ts:2: m\n').map(brief)).toEqual([
      { file: 'y.ts', line: 2, column: null, severity: null, message: 'm' },
    ]);
    expect(scan(['%.%#: %f:%l:%m'], 'anything here: z.ts:3:boom\n').map(brief)).toEqual([
      { file: 'z.ts', line: 3, column: null, severity: null, message: 'boom' },
    ]);
    expect(scan(['%\\s%#%f:%l: %m'], '    w.c:5: indented\n').map(brief)).toEqual([
      { file: 'w.c', line: 5, column: null, severity: null, message: 'indented' },
    ]);
    expect(scan(['%f:%l: 100%% %m'], 'p.c:1: 100% sure\n').map(brief)).toEqual([
      { file: 'p.c', line: 1, column: null, severity: null, message: 'sure' },
    ]);
  });

  it('%r hands the rest of a %P line to the other patterns; %Q pops the file', () => {
    const log = 'file: notes.md 3:1 trailing space\n4:2 tab\nend\n';
    expect(scan(['%+Pfile: %f %r', '%l:%c %m', '%-Qend'], log).map(brief)).toEqual([
      { file: 'notes.md', line: 3, column: 1, severity: null, message: 'trailing space' },
      { file: 'notes.md', line: 4, column: 2, severity: null, message: 'tab' },
    ]);
  });

  it('a pattern without %l names the whole file (line 1, as vim opens it)', () => {
    expect(scan(['would reformat %f'], 'would reformat pkg/m.py\n').map(brief)).toEqual([
      { file: 'pkg/m.py', line: 1, column: null, severity: null, message: '' },
    ]);
  });
});

describe('multi-line and general items', () => {
  const javacLike = ['%E%f:%l: error: %m', '%W%f:%l: warning: %m', '%Z%p^', '%C%\\s%#%m', '%-G%.%#'];

  it('%E/%W start a message, %C adds to it, %Z ends it; %-G drops the rest', () => {
    const log =
      'Main.java:3: error: cannot find symbol\n    symbol: foo\n      ^\nsummary line\nUtil.java:9: warning: unchecked\n  raw use\n  ^\n';
    expect(scan(javacLike, log).map(brief)).toEqual([
      { file: 'Main.java', line: 3, column: 7, severity: 'error', message: 'cannot find symbol\nsymbol: foo' },
      { file: 'Util.java', line: 9, column: 3, severity: 'warning', message: 'unchecked\nraw use' },
    ]);
  });

  it('%A starts a message of no type, %I and %N rate it info and note', () => {
    expect(scan(['%A%f:%l: %m', '%C  %m'], 'a.x:1: first\n  more\n').map(brief)).toEqual([
      { file: 'a.x', line: 1, column: null, severity: null, message: 'first\nmore' },
    ]);
    expect(scan(['%I%f:%l: %m', '%N%f(%l): %m'], 'a.x:2: fyi\nb.x(3): see\n').map((location) => location.severity)).toEqual([
      'note',
      'note',
    ]);
  });

  it('%+ makes the whole line the message, %- drops a multi-line message with its continuations', () => {
    expect(scan(['%+E%f:%l: %m'], 'k.c:4: oops\n').map(brief)).toEqual([
      { file: 'k.c', line: 4, column: null, severity: 'error', message: 'k.c:4: oops' },
    ]);
    expect(scan(['%-Ajunk %f:%l', '%C  %m', '%f:%l: %m'], 'junk q.c:1\n  hidden\nr.c:2: shown\n').map(brief)).toEqual([
      { file: 'r.c', line: 2, column: null, severity: null, message: 'shown' },
    ]);
  });

  it('%D and %X track the directory a relative file is in (make -w)', () => {
    const log = "make: Entering directory '/w/lib'\nutil.c:3:1: bad\nmake: Leaving directory '/w/lib'\nmain.c:1:1: worse\n";
    const patterns = ["%Dmake: Entering directory '%f'", "%Xmake: Leaving directory '%f'", '%f:%l:%c: %m'];
    expect(scan(patterns, log).map(brief)).toEqual([
      { file: 'util.c', line: 3, column: 1, severity: null, message: 'bad', directory: '/w/lib' },
      { file: 'main.c', line: 1, column: 1, severity: null, message: 'worse' },
    ]);
  });

  it('the directory and file stacks are bounded: a log of %D lines without %X keeps the innermost 64', () => {
    const entering = Array.from({ length: 100 }, (_, index) => `enter /w/d${index}`).join('\n');
    const leaving = Array.from({ length: 64 }, () => 'leave').join('\n');
    const [located] = scan(['%Denter %f', '%Xleave', '%f:%l: %m'], `${entering}\n${leaving}\nx.c:1: after\n`);
    // Unbounded, 36 folders would still be entered here; the bound dropped the outermost ones instead.
    expect(located?.hints?.directory).toBeUndefined();
    const pushes = Array.from({ length: 100 }, (_, index) => `file f${index}.c`).join('\n');
    const pops = Array.from({ length: 64 }, () => 'pop').join('\n');
    // Unbounded, f35.c would still be on the stack and name the line; bounded, 64 pops empty it.
    expect(scan(['%Pfile %f', '%Qpop', '%l: %m'], `${pushes}\n${pops}\n3: in no file\n`)).toEqual([]);
    expect(scan(['%Pfile %f', '%Qpop', '%l: %m'], `${pushes}\n3: in the newest file\n`).map((location) => location.file)).toEqual([
      'f99.c',
    ]);
  });

  it('%> tries the same pattern first on the next line', () => {
    const log = 'err a.c:1\n  detail\nerr b.c:2\n';
    // Without %>, `err b.c:2` starts a second message; with it, the continuation pattern reads it first.
    expect(scan(['%Eerr %f:%l', '%C%m'], log).map((location) => location.file)).toEqual(['a.c', 'b.c']);
    expect(scan(['%Eerr %f:%l', '%C%>%m'], log).map(brief)).toEqual([
      { file: 'a.c', line: 1, column: null, severity: 'error', message: 'detail\nerr b.c:2' },
    ]);
  });

  it('a line no pattern reads ends the message being read', () => {
    expect(scan(['%E%f:%l: %m', '%C  %m'], 'a.c:1: one\n  two\nunrelated\n  three\n').map((location) => location.message)).toEqual([
      'one\ntwo',
    ]);
  });
});

describe('pattern errors and bounds', () => {
  it.each([
    ['%f:%l: %q', /unknown item %q/],
    ['%f:%l: %', /a '%' at the end/],
    ['%f:%*[a-z', /missing '\]'/],
    ['%f %f', /%f twice/],
    ['%*x', /unsupported %\*x/],
    ['\\(%f', /without/],
  ])('%s is a one-line usage error naming the pattern', (pattern, message) => {
    expect(() => parsePattern(pattern)).toThrow(message);
    try {
      parsePattern(pattern);
    } catch (error) {
      expect((error as { code?: string }).code).toBe('E_USAGE');
      expect(String((error as Error).message)).not.toContain('\n');
    }
  });

  it('a pattern that makes a backtracking engine explode costs at most program × line steps', () => {
    // Five greedy runs before a letter that never comes: a plain backtracking regex tries ~n^5 splits.
    const matcher = new LineMatcher(parsePattern('%.%#%.%#%.%#%.%#%.%#x').tree);
    for (const length of [200, 400, 800]) {
      const outcome = matcher.match('a'.repeat(length));
      expect(outcome.captures).toBeNull();
      expect(outcome.steps).toBeLessThanOrEqual(matcher.length * (length + 1) * 2);
    }
  });

  it('a line past the step budget is given up with the pattern named, and the scan goes on', () => {
    const scanner = new UserFormatScanner({ formats: [{ name: 'efm', patterns: ['%.%#%.%#%.%#x', '%f:%l: %m'] }], normaliseLine });
    const matcher = new LineMatcher(parsePattern('%.%#%.%#%.%#x').tree);
    expect(matcher.match('a'.repeat(60_000), 100_000).gaveUp).toBe(true);
    scanner.write(`${'a'.repeat(60_000)}\nok.c:2: found\n`);
    scanner.end();
    expect(scanner.locations.map((location) => location.file)).toEqual(['ok.c']);
  });

  it('a line longer than 64 KiB is read up to 64 KiB, in constant memory', () => {
    const locations = scan(['%f:%l: %m'], `long.c:1: ${'x'.repeat(200_000)}\nnext.c:2: short\n`);
    expect(locations.map((location) => location.file)).toEqual(['long.c', 'next.c']);
    expect(locations[0]?.message.length).toBeLessThan(64 * 1024);
  });
});

// The peer: reviewdog's errorformat CLI, where installed (`go install …/cmd/errorformat@<pin>`, as .ci/run does).
// Where `go install` puts it (GOPATH/bin, default ~/go/bin), else on PATH.
const errorformat =
  [process.env.GOPATH ? join(process.env.GOPATH, 'bin', 'errorformat') : '', join(homedir(), 'go', 'bin', 'errorformat')].find(
    (path) => path && existsSync(path),
  ) ?? (hasTool('errorformat') ? 'errorformat' : undefined);
const peerCases: Array<[string, string[], string]> = [
  ['gnu', ['%f:%l:%c: %m', '%f:%l: %m'], 'src/a.c:12:5: expected ;\nb.h:3: note here\nnoise\n'],
  ['typed', ['%f:%l:%c: %t%n %m'], 'q.py:4:1: W605 bad escape\nq.py:9:2: E302 blank\n'],
  ['multi-line', ['%E%f:%l: error: %m', '%Z%p^', '%C%\\s%#%m', '%-G%.%#'], 'M.java:3: error: cannot find\n  symbol: x\n   ^\nother\n'],
  [
    'unended multi-line',
    ['%E%f:%l: error: %m', '%C%\\s%#%m', '%-G%.%#'],
    'M.java:3: error: cannot find\n  symbol: x\n\nN.java:4: error: two\n',
  ],
  [
    'directory stack',
    ["%Dmake: Entering directory '%f'", "%Xmake: Leaving directory '%f'", '%f:%l:%c: %m'],
    "make: Entering directory '/w/lib'\nu.c:3:1: bad\n",
  ],
  ['file stack', ['%-P%f', '%#%l:%c %# %tarning %m', '%-Q', '%-G%.%#'], 'doc.md\n  3:1  warning trailing\n  9:4  warning tab\n\n'],
  ['quoted', ['\\ %#%f(%l\\\\\\,%c):\\ %m'], '  C:\\w\\p.cs(22,3): warning CS1 x\n'],
];

describe(`the same entries as errorformat ${needsWhat('errorformat', errorformat !== undefined, 'go install github.com/reviewdog/errorformat/cmd/errorformat; .ci/run installs it')}`, () => {
  it.skipIf(!errorformat).each(peerCases)('%s', (_name, patterns, log) => {
    const peer = spawnSync(errorformat as string, ['-w=jsonl', ...patterns], { input: log, encoding: 'utf8' });
    const theirs = peer.stdout
      .split('\n')
      .filter(Boolean)
      .map((row) => JSON.parse(row) as { valid: boolean; filename: string; lnum: number; col: number; text: string })
      .filter((entry) => entry.valid && entry.filename)
      .map((entry) => ({ file: entry.filename, line: entry.lnum || 1, column: entry.col || null, message: entry.text }));
    expect(theirs.length).toBeGreaterThan(0);
    expect(
      scan(patterns, log).map((location) => ({
        file: location.file,
        line: location.line,
        column: location.column,
        message: location.message,
      })),
    ).toEqual(theirs);
  });
});
