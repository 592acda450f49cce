// The generic tiers' trace reading (shared/trace-blocks.ts, issue 20): with the runtime's own format left out, frame-like
// lines are still one trace, ordered by their shape or a header, and the deepest workspace frame of the root cause is
// the primary. Every log here is written for the test (own names), in the layouts the runtimes print.
import { afterEach, describe, expect, it } from 'vitest';
import { createScanner } from '../../src/grammars/index.js';
import { locate } from '../../src/locate/index.js';
import { normaliseLine } from '../../src/summarise/index.js';
import { makeWorkspace, removeWorkspaces } from '../resolve/_workspace.js';

afterEach(removeWorkspaces);

const GENERIC_TIERS = ['generic', 'permissive'];

/** The frames the generic tiers read: `file:line trace/index order rank`. */
function frames(log: string): string[] {
  const scanner = createScanner({ normaliseLine, formats: GENERIC_TIERS });
  scanner.write(Buffer.from(log, 'utf8').toString('latin1'));
  return scanner
    .end()
    .locations.filter((location) => location.frame !== undefined)
    .map(
      ({ file, line, frame }) =>
        `${file}:${line} ${frame!.trace}/${frame!.index} ${frame!.innermostLast ? 'last' : 'first'} ${frame!.causeRank}`,
    );
}

const lines = (count: number): string => 'x\n'.repeat(count);

describe('frames read by shape', () => {
  it('reads a JVM chain as traces whose `Caused by:` is a deeper root', () => {
    const log = [
      'Exception in thread "main" java.lang.IllegalStateException: cannot start',
      '\tat org.kiln.Boot.run(Boot.java:14)',
      '\tat org.kiln.Main.main(Main.java:3)',
      'Caused by: java.io.IOException: no glaze',
      '\tat org.kiln.Glaze.load(Glaze.java:8)',
      '\t... 2 more',
    ].join('\n');
    expect(frames(log)).toEqual(['Boot.java:14 1/0 first 1', 'Main.java:3 1/1 first 1', 'Glaze.java:8 2/0 first 0']);
  });

  it("reads an application logger's numbered rows, behind its record head, with the cause's trace after `Caused by:`", () => {
    const head = 'Mar  3 09:14:27 web-1 shop[41]: 3 [c0ffee1234] ';
    const log = [
      `${head}Backtrace:`,
      `${head}2 /srv/shop/www/index.php:31 (shop_fatal_handler)`,
      `${head}1 /srv/shop/lib/Kernel.php:212 (Shop\\Kernel::dispatch)`,
      `${head}0 [builtin] (N/A)`,
      `${head}Caused by: TypeError: bad operand`,
      `${head}Backtrace:`,
      `${head}1 /srv/shop/lib/Cart.php:77 (Shop\\Cart::total)`,
      `${head}0 [builtin] (N/A)`,
    ].join('\n');
    expect(frames(log)).toEqual([
      '/srv/shop/www/index.php:31 1/0 first 1',
      '/srv/shop/lib/Kernel.php:212 1/1 first 1',
      '/srv/shop/lib/Cart.php:77 2/0 first 0',
    ]);
    // A row whose function has words after it is no frame.
    expect(frames('3 /srv/shop/lib/Cart.php:77 (Shop\\Cart::total) failed twice')).toEqual([]);
  });

  it("reads pytest's `F:L: in name` chain as innermost last, closed by the exception's line", () => {
    const log = [
      'tests/test_kiln.py:4: in test_fire',
      '    fire()',
      'kiln/fire.py:9: in fire',
      '    heat(0)',
      'kiln/fire.py:2: ValueError',
    ];
    expect(frames(log.join('\n'))).toEqual(['tests/test_kiln.py:4 1/0 last 0', 'kiln/fire.py:9 1/1 last 0', 'kiln/fire.py:2 1/2 last 0']);
  });

  it('starts a new trace under a titled rule, and takes a lone exception line as a trace of one frame', () => {
    const log = ['tests/test_a.py:3: AssertionError', '____ test_b ____', 'tests/test_b.py:5: in test_b', 'kiln/b.py:1: KeyError'];
    expect(frames(log.join('\n'))).toEqual(['tests/test_a.py:3 1/0 last 0', 'tests/test_b.py:5 2/0 last 0', 'kiln/b.py:1 2/1 last 0']);
  });

  it('reads Ruby heads and `from` frames, a head right below a frame being its cause', () => {
    const log = [
      "run.rb:5:in `rescue in <main>': wrapped (RuntimeError)",
      "\tfrom run.rb:2:in `<main>'",
      "lib/kiln.rb:7:in `load': raw (KeyError)",
    ];
    expect(frames(log.join('\n'))).toEqual(['run.rb:5 1/0 first 1', 'run.rb:2 1/1 first 1', 'lib/kiln.rb:7 2/0 first 0']);
  });

  it('reads indented `F:L: Mod.fun/2` and `F:L: name` frames, and a call history as innermost last', () => {
    expect(frames('  stacktrace:\n    (kiln 0.1.0) lib/kiln.ex:5: Kiln.fire/1\n    test/kiln_test.exs:9: (test)')).toEqual([
      'lib/kiln.ex:5 1/0 first 0',
      'test/kiln_test.exs:9 1/1 first 0',
    ]);
    expect(frames('\tCall history:\n\tsrc/kiln.scm:3: start\n\tsrc/kiln.scm:8: heat\t<--')).toEqual([
      'src/kiln.scm:3 1/0 last 0',
      'src/kiln.scm:8 1/1 last 0',
    ]);
  });

  it('reads `F(L) name` lines at the margin as outermost first, and a header that states the order', () => {
    expect(frames('src/kiln.nim(9) kiln\nsrc/kiln.nim(4) fire')).toEqual(['src/kiln.nim:9 1/0 last 0', 'src/kiln.nim:4 1/1 last 0']);
    expect(frames('Traceback (most recent call last):\n  File  tests/kiln.robot:3\n  File  res/fire.resource:7')).toEqual([
      'tests/kiln.robot:3 1/0 last 0',
      'res/fire.resource:7 1/1 last 0',
    ]);
  });

  it("ranks pytest's linked traces by their chain sentence, however far apart and however near", () => {
    const handled = [
      'kiln/glaze.py:7: GlazeError',
      '',
      'During handling of the above exception, another exception occurred:',
      '',
      ...Array.from({ length: 14 }, (_, index) => `    source line ${index}`),
      'tests/test_glaze.py:12: AssertionError',
    ];
    expect(frames(handled.join('\n'))).toEqual(['kiln/glaze.py:7 1/0 last 1', 'tests/test_glaze.py:12 2/0 last 0']);
    const caused = [
      'kiln/glaze.py:3: in mix',
      'kiln/glaze.py:7: KeyError',
      'The above exception was the direct cause of the following exception:',
      'tests/test_glaze.py:5: in test_mix',
      'kiln/glaze.py:9: GlazeError',
    ];
    expect(frames(caused.join('\n'))).toEqual([
      'kiln/glaze.py:3 1/0 last 0',
      'kiln/glaze.py:7 1/1 last 0',
      'tests/test_glaze.py:5 2/0 last 1',
      'kiln/glaze.py:9 2/1 last 1',
    ]);
  });

  it('reads an instantiation chain outermost first, the step that does not lead on being the innermost', () => {
    const steps = [
      'In src/till.cr:9:3',
      '',
      ' 9 | open(Till.new)',
      '     ^---',
      "Error: instantiating 'open(Till)'",
      '',
      'In src/drawer.cr:4:10',
      '',
      ' 4 | @coins.last.value',
      '              ^----',
      "Error: undefined method 'value' for Nil",
      '',
      'In src/till.cr:20:1',
      '',
      ' 20 | x',
      'Error: undefined constant X',
    ];
    expect(frames(steps.join('\n'))).toEqual(['src/till.cr:9 1/0 last 0', 'src/drawer.cr:4 1/1 last 0', 'src/till.cr:20 2/0 last 0']);
    const old = [
      "Error in src/till.cr:9: instantiating 'open(Till)'",
      '',
      '  open(Till.new)',
      "in src/drawer.cr:4: undefined method 'value' for Nil",
      'in src/other.cr:2: not a step: the chain ended above',
    ];
    expect(frames(old.join('\n'))).toEqual(['src/till.cr:9 1/0 last 0', 'src/drawer.cr:4 1/1 last 0']);
    // `In F:L` with no `Error:` line below is no step.
    expect(frames('In src/till.cr:9:3\nsome words\n')).toEqual([]);
  });

  it('leaves diagnostics and an `at` line with words after its place as they were', () => {
    expect(frames('src/kiln.c:3:5: error: boom\n  at conf/kiln.cfg:3 -- value out of range\nsrc/kiln.c:4: in fire mode')).toEqual([]);
  });
});

describe('the primary without the runtime format', () => {
  it("is the deepest workspace frame of the JVM chain's root cause", async () => {
    const root = await makeWorkspace({ 'src/org/kiln/Boot.java': lines(20), 'src/org/kiln/Glaze.java': lines(20) });
    const log = [
      'java.lang.IllegalStateException: cannot start',
      '\tat org.kiln.Boot.run(Boot.java:14)',
      'Caused by: java.io.IOException: no glaze',
      '\tat java.base/java.io.FileInputStream.open(FileInputStream.java:219)',
      '\tat org.kiln.Glaze.load(Glaze.java:8)',
      '\t... 1 more',
    ].join('\n');
    const result = await locate({ text: log }, { cwd: root, roots: [root], excludeFormats: ['java-stack'] });
    expect(result.locations.map((location) => `${location.file}:${location.line}`)).toEqual([
      'src/org/kiln/Glaze.java:8',
      'src/org/kiln/Boot.java:14',
    ]);
  });

  it('is the test whose handling of an expected exception failed, not the exception it expected', async () => {
    const root = await makeWorkspace({ 'tests/test_glaze.py': lines(20), 'kiln/glaze.py': lines(20) });
    const log = [
      '[ 9s] kiln/glaze.py:7: GlazeError',
      '[ 9s] ',
      '[ 9s] During handling of the above exception, another exception occurred:',
      '[ 9s] ',
      '[ 9s] >       with pytest.raises(GlazeError, match="too thin"):',
      '[ 9s] E       AssertionError: Regex pattern did not match.',
      '[ 9s] ',
      '[ 9s] tests/test_glaze.py:12: AssertionError',
    ];
    const result = await locate({ text: log.join('\n') }, { cwd: root, roots: [root] });
    expect(result.locations.map((location) => `${location.file}:${location.line}`)).toEqual(['tests/test_glaze.py:12', 'kiln/glaze.py:7']);
  });

  it("is a script's frame without an extension in Ruby 2.5-2.7's numbered trace, oldest call first", async () => {
    const root = await makeWorkspace({ 'bin/kiln': lines(10), 'lib/kiln/fire.rb': lines(10) });
    const log = [
      'Traceback (most recent call last):',
      "\t3: from bin/kiln:8:in `<main>'",
      "\t2: from bin/kiln:4:in `fire'",
      "\t1: from /usr/lib/ruby/2.6.0/json/common.rb:156:in `parse'",
      "/usr/lib/ruby/2.6.0/json/common.rb:156:in `parse': 783: unexpected token (JSON::ParserError)",
    ];
    // The generic tier reads the library's frame, the permissive tier the script's: one trace, innermost last (its head
    // line is the Ruby format's).
    expect(frames(log.slice(0, 4).join('\n'))).toEqual([
      'bin/kiln:8 1/0 last 0',
      'bin/kiln:4 1/1 last 0',
      '/usr/lib/ruby/2.6.0/json/common.rb:156 1/2 last 0',
    ]);
    const result = await locate({ text: log.join('\n') }, { cwd: root, roots: [root] });
    expect(result.locations.map((location) => `${location.file}:${location.line}`)).toEqual(['bin/kiln:4', 'bin/kiln:8']);
  });

  it("is the last workspace frame of pytest's chain", async () => {
    const root = await makeWorkspace({ 'tests/test_kiln.py': lines(10), 'kiln/fire.py': lines(10) });
    const log = [
      'tests/test_kiln.py:4: in test_fire',
      '    fire()',
      'kiln/fire.py:9: in fire',
      '    heat(0)',
      'kiln/fire.py:2: ValueError',
    ];
    const result = await locate({ text: log.join('\n') }, { cwd: root, roots: [root], excludeFormats: ['pytest-long', 'pytest-short'] });
    expect(result.locations[0] && `${result.locations[0].file}:${result.locations[0].line}`).toBe('kiln/fire.py:2');
  });
});
