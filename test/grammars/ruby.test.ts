// Hard cases of the Ruby family: cause sections, quote styles, SyntaxError inside a require head, caret columns,
// RSpec/Minitest blocks, RuboCop tails, and look-alikes.
import { describe, expect, it } from 'vitest';
import { scanLog, withoutWeakTiers, brief } from '../_scan.js';

// What the formats read; the weak tiers' guesses are the workspace's to confirm (prose-file.test.ts, permissive.test.ts).
const scan = (lines: string[], formats?: string[]) => withoutWeakTiers(scanLog(lines, formats));

describe('ruby', () => {
  it('reads Ruby 3.4 straight quotes and ranks a cause (printed last) as the root', () => {
    const locations = scan([
      "main.rb:6:in 'rescue in <main>': config unreadable (RuntimeError)",
      "\tfrom main.rb:3:in '<main>'",
      "/app/lib/config.rb:4:in 'Config.load': 859: unexpected token at '{' (JSON::ParserError)",
      "\tfrom main.rb:4:in '<main>'",
    ]);
    expect(locations.map((l) => [l.file, l.line, l.frame?.causeRank, l.frame?.index, l.message])).toEqual([
      ['main.rb', 6, 1, 0, 'config unreadable (RuntimeError)'],
      ['main.rb', 3, 1, 1, 'config unreadable (RuntimeError)'],
      ['/app/lib/config.rb', 4, 0, 0, "859: unexpected token at '{' (JSON::ParserError)"],
      ['main.rb', 4, 0, 1, "859: unexpected token at '{' (JSON::ParserError)"],
    ]);
  });

  it('reads `from` frames whose tab a web copy turned into spaces', () => {
    const locations = scan([
      "/home/u/lib/tally/count.rb:9:in `sum': undefined method `+' for nil (NoMethodError)",
      "    from /home/u/lib/tally/count.rb:4:in `each'",
      "    from /home/u/bin/tally.rb:5:in `<main>'",
    ]);
    expect(locations.map((l) => [l.format, l.file, l.line, l.frame?.index])).toEqual([
      ['ruby', '/home/u/lib/tally/count.rb', 9, 0],
      ['ruby', '/home/u/lib/tally/count.rb', 4, 1],
      ['ruby', '/home/u/bin/tally.rb', 5, 2],
    ]);
  });

  it('takes the location out of a SyntaxError head (require of a broken file) with the caret column', () => {
    const locations = scan([
      "main.rb:1:in `require_relative': /app/lib/report.rb:3: syntax error, unexpected integer literal (SyntaxError)",
      '  \tfoo(1 2)',
      '  \t      ^',
      "\tfrom main.rb:1:in `<main>'",
    ]);
    expect(brief(locations)[0]).toEqual(['ruby-syntax', '/app/lib/report.rb', 3, 10, 'error', 'syntax error, unexpected integer literal']);
    expect(locations.filter((l) => l.format === 'ruby')).toHaveLength(2);
  });

  it('reads parse errors and warnings; a path with spaces', () => {
    expect(
      brief(
        scan([
          'my app/calc.rb:3: syntax error, unexpected end-of-input',
          'y = [1, 2',
          '         ^',
          'w.rb:2: warning: assigned but unused variable - x',
        ]),
      ),
    ).toEqual([
      ['ruby-syntax', 'my app/calc.rb', 3, 10, 'error', 'syntax error, unexpected end-of-input'],
      ['ruby-syntax', 'w.rb', 2, null, 'warning', 'assigned but unused variable - x'],
    ]);
  });

  it('reads frames of a script without an extension, for the workspace to confirm', () => {
    const locations = scan([
      "/srv/app/lib/tally.rb:4:in `fetch': key not found: :total (KeyError)",
      "\tfrom bin/tally:6:in `report'",
      "\tfrom webpack/bootstrap:3:in `<main>'",
      "script/seed:9:in `<main>': undefined method `each' for nil (NoMethodError)",
    ]);
    expect(locations.map((l) => [l.format, l.file, l.line, l.frame?.trace, l.frame?.index, l.hints?.confirm ?? false])).toEqual([
      ['ruby', '/srv/app/lib/tally.rb', 4, 1, 0, false],
      ['ruby', 'bin/tally', 6, 1, 1, true],
      ['ruby', 'webpack/bootstrap', 3, 1, 2, true],
      ['ruby', 'script/seed', 9, 2, 0, true],
    ]);
    // A name without a folder, or a frame without its label, stays unread.
    expect(scan(["\tfrom rails:3:in `<main>'", '\tfrom bin/tally:3'], ['ruby'])).toEqual([]);
  });

  it('ignores look-alikes: -e frames, URLs, indented prose, a bare path:line at column 0 with no message', () => {
    expect(
      scan(
        ["-e:1:in '<main>': boom (RuntimeError)", 'see https://example.org/x.rb:3 for details', '   note: app.rb:3: looks like a location'],
        ['ruby', 'ruby-syntax', 'rspec', 'minitest', 'rubocop'],
      ),
    ).toEqual([]);
  });
});

describe('rspec and minitest', () => {
  it('numbers RSpec frames per failure and takes the Failure/Error body as message', () => {
    const locations = scan([
      '  1) User extracts the domain',
      '     Failure/Error: email.split("@").fetch(1)',
      '',
      '     IndexError:',
      '       index 1 outside of array bounds: -1...1',
      "     # ./app/models/user.rb:13:in `fetch'",
      "     # ./spec/models/user_spec.rb:14:in `block (2 levels) in <top (required)>'",
      '',
      'rspec ./spec/models/user_spec.rb:13 # User extracts the domain',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.frame?.index, l.message])).toEqual([
      ['./app/models/user.rb', 13, 0, 'IndexError: index 1 outside of array bounds: -1...1'],
      ['./spec/models/user_spec.rb', 14, 1, 'IndexError: index 1 outside of array bounds: -1...1'],
      ['./spec/models/user_spec.rb', 13, undefined, 'example failed: User extracts the domain'],
    ]);
  });

  it('reads Minitest failures in brackets and Error blocks with indented frames', () => {
    const locations = scan([
      '  1) Error:',
      'UserTest#test_domain:',
      'IndexError: index 1 outside of array bounds: -1...1',
      "    /app/app/models/user.rb:13:in `domain'",
      "    test/models/user_test.rb:14:in `test_domain'",
      '',
      '  2) Failure:',
      'UserTest#test_valid [test/models/user_test.rb:10]:',
      'expected a valid email',
    ]);
    expect(brief(locations)).toEqual([
      ['minitest', '/app/app/models/user.rb', 13, null, null, 'UserTest#test_domain: IndexError: index 1 outside of array bounds: -1...1'],
      ['minitest', 'test/models/user_test.rb', 14, null, null, 'UserTest#test_domain: IndexError: index 1 outside of array bounds: -1...1'],
      ['minitest', 'test/models/user_test.rb', 10, null, 'error', 'UserTest#test_valid: expected a valid email'],
    ]);
    // The Failure is a one-frame trace of its own, the equal of the Error block's: numbered order decides.
    const traces = locations.map((l) => l.frame?.trace);
    expect(traces[0]).toBe(traces[1]);
    expect(traces[2]).toBeDefined();
    expect(traces[2]).not.toBe(traces[0]);
    expect(locations[2]?.frame?.index).toBe(0);
  });

  it('does not read indented frames without an Error block as Minitest frames', () => {
    expect(scan(["    lib/x.rb:3:in `f'"], ['minitest'])).toEqual([]);
  });

  it("starts a trace at an indented frame under another runner's text, not under a `msg (Class)` head", () => {
    // A step runner (gauge) prints the failing line's excerpt, then the backtrace, innermost first.
    const gauge = scan([
      '        > 20 | assert_equal(3, total)',
      "        /w/steps/basket.rb:20:in `block (2 levels)'",
      "        /w/steps/basket.rb:16:in `each'",
    ]);
    expect(gauge.map((l) => [l.format, l.line, l.frame?.index])).toEqual([
      ['ruby', 20, 0],
      ['ruby', 16, 1],
    ]);
    // Under cucumber's `message (KeyError)` head the frames are cucumber's to read, not a trace of ruby's own.
    expect(scan(['      key not found: :cost (KeyError)', "      ./lib/cart.rb:15:in `fetch'"], ['ruby'])).toEqual([]);
  });
});

describe('rubocop', () => {
  it('maps severity letters, strips [Correctable] and keeps the cop as code', () => {
    const locations = scan([
      'app/models/user.rb:7:5: W: Lint/UselessAssignment: Useless assignment to variable - unused.',
      'app/models/user.rb:8:5: C: [Correctable] Style/RedundantReturn: Redundant return detected.',
      'app/models/user.rb:1:1: E: Lint/Syntax: unexpected token tEQL',
    ]);
    expect(locations.map((l) => [l.line, l.column, l.severity, l.code, l.message])).toEqual([
      [7, 5, 'warning', 'Lint/UselessAssignment', 'Useless assignment to variable - unused.'],
      [8, 5, 'note', 'Style/RedundantReturn', 'Redundant return detected.'],
      [1, 1, 'error', 'Lint/Syntax', 'unexpected token tEQL'],
    ]);
  });
});

describe('ruby-crash', () => {
  const report = [
    '/app/lib/pager.rb:3: [BUG] Segmentation fault at 0x00000000000047e8',
    '',
    '-- Control frame information -----------------------------------------------',
    'c:0003 p:0024 s:0023 e:000022 METHOD /app/lib/pager.rb:3',
    'c:0002 p:0023 s:0006 e:000005 EVAL   run.rb:3 [FINISH]',
    '',
    '-- Ruby level backtrace information ----------------------------------------',
    "run.rb:3:in `<main>'",
    "<internal:lib/rubygems/custom_require>:29:in `require'",
    "/app/lib/pager.rb:7:in `page'",
    "/app/lib/pager.rb:3:in `kill'",
    '',
    "/app/lib/other.rb:9:in `later'",
  ];

  it('reads the Ruby level frames outermost first, across pseudo-file frames, up to the blank line', () => {
    const frames = scan(report).filter((l) => l.format === 'ruby-crash');
    expect(frames.map((l) => [l.file, l.line, l.frame?.index, l.frame?.innermostLast])).toEqual([
      ['run.rb', 3, 0, true],
      ['/app/lib/pager.rb', 7, 1, true],
      ['/app/lib/pager.rb', 3, 2, true],
    ]);
  });

  it('claims the control frame rows, and reads no bare frame without its header', () => {
    const all = scan(report);
    expect(all.some((l) => l.file === 'run.rb' && l.format !== 'ruby-crash')).toBe(false);
    expect(scan(["run.rb:3:in `<main>'", "/app/lib/pager.rb:7:in `page'"]).filter((l) => l.format === 'ruby-crash')).toEqual([]);
  });
});
