// Crash reporters' issue layouts: HockeyApp's `Class;method;File;line` rows (catalog/crash-reports.ts).
import { describe, expect, it } from 'vitest';
import { createScanner } from '../../src/grammars/index.js';
import { normaliseLine } from '../../src/summarise/index.js';

function scan(lines: string[], formats?: string[]) {
  const scanner = createScanner({ normaliseLine, ...(formats ? { formats } : {}) });
  scanner.write(`${lines.join('\n')}\n`);
  return scanner.end().locations;
}

describe('hockeyapp', () => {
  it('reads the rows of a <pre> block as one trace, innermost first, with the reason below as the message', () => {
    const found = scan([
      '### Stacktrace ###',
      '',
      '<pre>com.acme.cart.Cart$1;run;Cart.java;41',
      'com.acme.cart.Cart;add;Cart.java;17',
      'Checkout;<init>;Checkout.java;9</pre>',
      '',
      '### Reason ###',
      '',
      'java.lang.IllegalStateException: empty cart',
    ]);
    expect(found).toMatchObject([
      { file: 'Cart.java', line: 41, format: 'hockeyapp', message: 'java.lang.IllegalStateException: empty cart' },
      { file: 'Cart.java', line: 17, format: 'hockeyapp' },
      { file: 'Checkout.java', line: 9, format: 'hockeyapp' },
    ]);
    expect(new Set(found.map((location) => location.frame?.trace)).size).toBe(1);
    expect(found.map((location) => location.frame?.index)).toEqual([0, 1, 2]);
    // A Java class names its basename's folder; a bare class (no package) leaves the basename to a unique match.
    expect(found[0]?.hints).toEqual({ basenameOnly: true, packagePath: 'com.acme.cart' });
    expect(found[2]?.hints).toEqual({ basenameOnly: true });
  });

  it("reads a Swift function's row with no class, and skips a row that names no file or line", () => {
    expect(scan(['<pre>-;main;AppDelegate.swift;17</pre>'])).toMatchObject([{ file: 'AppDelegate.swift', line: 17 }]);
    expect(scan(['<pre>Shop.App;OnUnhandled;;</pre>'], ['hockeyapp'])).toEqual([]);
    expect(scan(['a;b;c.txt;x', 'key;value;notes.md'], ['hockeyapp'])).toEqual([]);
  });
});
