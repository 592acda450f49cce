// Hard cases of the PHP family: the three engine shapes, stdout/stderr duplicates, Next chains, PHPUnit blocks, PHPStan tables.
import { describe, expect, it } from 'vitest';
import { scanLog as scan, brief } from '../_scan.js';

describe('php', () => {
  it('reads parse errors and warnings once when printed by both log_errors and display_errors, with spaces in the path', () => {
    expect(
      brief(
        scan([
          'PHP Parse error:  syntax error, unexpected token ";" in /app/my src/s.php on line 2',
          '',
          'Parse error: syntax error, unexpected token ";" in /app/my src/s.php on line 2',
          'PHP Warning:  Undefined variable $x in /app/w.php on line 3',
          'PHP Deprecated:  Function strftime() is deprecated in /app/d.php on line 5',
        ]),
      ),
    ).toEqual([
      ['php', '/app/my src/s.php', 2, null, 'error', 'syntax error, unexpected token ";"'],
      ['php', '/app/w.php', 3, null, 'warning', 'Undefined variable $x'],
      ['php', '/app/d.php', 5, null, 'warning', 'Function strftime() is deprecated'],
    ]);
  });

  it('ranks the previous exception (printed first) as root and `Next` sections after it', () => {
    const locations = scan([
      'PHP Fatal error:  Uncaught RuntimeException: connection refused in /app/src/repo.php:15',
      'Stack trace:',
      '#0 /app/src/repo.php(7): Repo->query()',
      '#1 [internal function]: Repo->find()',
      '#2 {main}',
      '',
      'Next LogicException: user 7 not loadable in /app/src/repo.php:9',
      'Stack trace:',
      '#0 /app/src/app.php(4): Repo->find()',
      '#1 {main}',
      '  thrown in /app/src/repo.php on line 9',
    ]);
    // Each head is its trace's innermost place (index 0, where the exception was thrown); `#0` frames follow.
    expect(locations.map((l) => [l.file, l.line, l.severity, l.frame?.causeRank, l.frame?.index, l.message])).toEqual([
      ['/app/src/repo.php', 15, 'error', 0, 0, 'RuntimeException: connection refused'],
      ['/app/src/repo.php', 7, null, 0, 1, 'RuntimeException: connection refused'],
      ['/app/src/repo.php', 9, null, 1, 0, 'LogicException: user 7 not loadable'],
      ['/app/src/app.php', 4, null, 1, 1, 'LogicException: user 7 not loadable'],
    ]);
  });

  it('ignores look-alikes: prose "on line", a URL ending in .php', () => {
    expect(
      scan(['Check the docs on line 3 of the guide', 'GET https://example.org/index.php:8080 200'], ['php', 'phpunit', 'phpstan']),
    ).toEqual([]);
  });
});

describe('phpunit and phpstan', () => {
  it('reads a PHPUnit error block as one trace, innermost first, with the test name in the message', () => {
    const locations = scan([
      '1) CalcTest::testDiv',
      'DivisionByZeroError: Division by zero',
      '',
      '/app/src/Calc.php:13',
      '/app/tests/CalcTest.php:17',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.frame?.index, l.message])).toEqual([
      ['/app/src/Calc.php', 13, 0, 'CalcTest::testDiv: DivisionByZeroError: Division by zero'],
      ['/app/tests/CalcTest.php', 17, 1, 'CalcTest::testDiv: DivisionByZeroError: Division by zero'],
    ]);
  });

  it('does not take a bare path:line without a numbered test above it', () => {
    expect(scan(['/app/src/Calc.php:13'], ['phpunit'])).toEqual([]);
  });

  it('reads the PHPStan table (file in the header, wrapped message, identifier lines skipped)', () => {
    expect(
      brief(
        scan([
          ' ------ ------------------------------------------ ',
          '  Line   src/A.php                                  ',
          ' ------ ------------------------------------------ ',
          '  12     Method A::n() should return string but    ',
          '         returns int.                               ',
          '         🪪  return.type                            ',
          ' ------ ------------------------------------------ ',
        ]),
      ),
    ).toEqual([['phpstan', 'src/A.php', 12, null, 'error', 'Method A::n() should return string but returns int.']]);
  });

  it('ignores number-led rows outside a PHPStan table', () => {
    expect(scan(['  12     passed', '  Line   of fire'], ['phpstan'])).toEqual([]);
  });
});

describe('php, included files of any extension', () => {
  it('reads `in X on line N`, uncaught heads and frames whatever the included file is called', () => {
    const locations = scan([
      'Fatal error: Call to undefined function foo() in db.inc on line 66',
      'PHP Fatal error:  Uncaught Error: boom in /app/lib/db.inc:5',
      'Stack trace:',
      '#0 /app/lib/setup.inc(4): connect_db()',
      '#1 {main}',
      '  thrown in /app/lib/db.inc on line 5',
    ]);
    expect(locations.map((l) => [l.format, l.file, l.line, l.severity])).toEqual([
      ['php', 'db.inc', 66, 'error'],
      ['php', '/app/lib/db.inc', 5, 'error'],
      ['php', '/app/lib/setup.inc', 4, null],
    ]);
  });

  it("reads each report a web server relays on one line, past the prose tier's reach and with its own severity", () => {
    const glued = Array.from(
      { length: 9 },
      (_, n) => `PHP message: PHP Warning:  Undefined array key "k${n}" in /srv/app/src/form.php on line ${20 + n}`,
    );
    const locations = scan([
      `2026/01/02 10:00:00 [error] 7#7: *3 FastCGI sent in stderr: "${glued.join('')}PHP message: PHP Deprecated:  strlen(): Passing null in /srv/app/src/form.php on line 40" while reading response header from upstream`,
      "[Fri Jan 02 10:00:01 2026] [proxy_fcgi:error] [pid 9] AH01071: Got error 'PHP message: PHP Notice:  Undefined index: id in /srv/app/src/view.php on line 7; PHP message: PHP Fatal error:  Uncaught Error: boom in /srv/app/src/view.php:9'",
    ]);
    expect(locations.map((l) => [l.format, l.file, l.line, l.severity])).toEqual([
      ...glued.map((_, n) => ['php', '/srv/app/src/form.php', 20 + n, 'warning']),
      ['php', '/srv/app/src/form.php', 40, 'warning'],
      ['php', '/srv/app/src/view.php', 7, 'note'],
      ['php', '/srv/app/src/view.php', 9, 'error'],
    ]);
  });
});

describe('numbered and `at` frames other runtimes print', () => {
  it("reads the place of a log record glued after PHP's last `#N {main}` frame (not a sanitizer frame)", () => {
    const found = scan([
      '#7 {main} {"request":"r1"},"exception":"[object] (RuntimeException(code: 0): boom at /srv/app/src/Shop/Cart.php:57)',
    ]);
    expect(found.map((loc) => [loc.file, loc.line])).toEqual([['/srv/app/src/Shop/Cart.php', 57]]);
  });

  it("reads Symfony's plain-text trace `  at /app/src/X.php:44`, a line without a column that is not a V8 frame", () => {
    const found = scan(['  at /srv/app/src/Shop/Cart.php:44', '  at App\\Shop\\Cart->total()', '     (/srv/app/src/Shop/Till.php:12)']);
    expect(found.map((loc) => [loc.file, loc.line])).toEqual([
      ['/srv/app/src/Shop/Cart.php', 44],
      ['/srv/app/src/Shop/Till.php', 12],
    ]);
  });
});

describe('a PHP trace joined into one line', () => {
  it('reads every `#N file(line): ` frame of the line in order, and goes on with the next line of a wrapped record', () => {
    const found = scan([
      '[stacktrace] #0 /srv/app/vendor/acme/kit/src/Guard.php(54): Acme\\Guard->fail() #1 /srv/app/resources/views/cart.blade.php(9): f() #2 /srv/a',
      'pp/vendor/acme/kit/src/View.php(70): g() #3 /srv/app/public/index.php(20): h()',
    ]);
    expect(found.map((loc) => [loc.file, loc.line, loc.frame?.index])).toEqual([
      ['/srv/app/vendor/acme/kit/src/Guard.php', 54, 0],
      ['/srv/app/resources/views/cart.blade.php', 9, 1],
      ['/srv/app/public/index.php', 20, 2],
    ]);
    expect(new Set(found.map((loc) => loc.frame?.trace)).size).toBe(1);
  });
});

describe('a PHP report whose line breaks a relay kept as escapes', () => {
  const report =
    'PHP Fatal error:  Uncaught Error: Call to undefined method Cart::sum() in /srv/shop/lib/Cart.php:14\\nStack trace:' +
    '\\n#0 /srv/shop/web/pay.php(8): Cart->total()\\n#1 /srv/shop/web/index.php(3): pay()\\n#2 {main}' +
    "\\n  thrown in /srv/shop/lib/Cart.php on line 14'";
  const places = (line: string) => scan([line]).map((loc) => [loc.format, loc.file, loc.line, loc.severity, loc.frame?.index]);
  const trace = [
    ['php', '/srv/shop/lib/Cart.php', 14, 'error', 0],
    ['php', '/srv/shop/web/pay.php', 8, null, 1],
    ['php', '/srv/shop/web/index.php', 3, null, 2],
  ];

  it("reads the head where the error was raised, then the escaped frames, as one trace (Apache's AH01071 relay)", () => {
    const relayed = `[Mon Jan 05 09:00:00 2026] [proxy_fcgi:error] [pid 9] AH01071: Got error 'PHP message: ${report}`;
    expect(places(relayed)).toEqual(trace);
    expect(new Set(scan([relayed]).map((loc) => loc.frame?.trace)).size).toBe(1);
  });

  it("reads the same report copied from `PHP Fatal error:` on (a hosting panel's log view), the head first", () => {
    expect(places(report)).toEqual(trace);
    expect(scan([report])[0]!.message).toBe('Error: Call to undefined method Cart::sum()');
  });
});
