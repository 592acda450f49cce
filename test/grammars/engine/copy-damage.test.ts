// Copy damage (issue 20): logs pasted from web pages and terminals arrive hard-wrapped, elided, with Markdown
// links inside their numbers and escaped pipes. The repairs live in the engine and resolve, so every format
// gets them, not only gcc (fixtures/gcc/wrapped-path, fixtures/gcc/web-log-copy).
import { afterEach, describe, expect, it } from 'vitest';
import { repairWebCopy } from '../../../src/grammars/engine/web-copy.js';
import { locate } from '../../../src/locate/index.js';
import { makeWorkspace, removeWorkspaces } from '../../resolve/_workspace.js';

afterEach(removeWorkspaces);

const FILES = {
  'src/total.c': 'x\n'.repeat(90),
  'app/calc.py': 'x\n'.repeat(30),
  'src/services/payments/gateway.py': 'x\n'.repeat(30),
  'src/cart.ts': 'x\n'.repeat(30),
  'lib/deep/nested/folder/structure/with/long/names/report_builder.rb': 'x\n'.repeat(30),
};

async function places(log: string): Promise<string[]> {
  const root = await makeWorkspace(FILES);
  const result = await locate({ text: log }, { cwd: root, roots: [root] });
  return result.locations.map((l) => `${l.file}:${l.line}${l.column === null ? '' : `:${l.column}`}:${l.format}`);
}

describe('web-page copies', () => {
  it('drops emphasis a paste opened lines above when it closes right after the location ending a line', () => {
    expect(repairWebCopy('    at async /srv/app/routes/cart.js:19:9_')).toBe('    at async /srv/app/routes/cart.js:19:9');
    expect(repairWebCopy('    at total (/srv/app/routes/cart.js:7:3)**')).toBe('    at total (/srv/app/routes/cart.js:7:3)');
    expect(repairWebCopy('a snake_case_name_')).toBe('a snake_case_name_');
  });

  it('decodes the character references of an HTML-escaped line, once, only when it escapes a quote', () => {
    expect(repairWebCopy('Syntax error in template &quot;./src/cart.ts&quot; on line 12 &quot;&amp;lt;tr&quot;')).toBe(
      'Syntax error in template "./src/cart.ts" on line 12 "&lt;tr"',
    );
    expect(repairWebCopy('exception &#039;E&#039; at line 3 &#x27;x&#x27;')).toBe("exception 'E' at line 3 'x'");
    expect(repairWebCopy('a &lt;stdin&gt; &amp; b, line 4')).toBe('a &lt;stdin&gt; &amp; b, line 4');
  });

  it('drops the inline markup of a line that closes an element, and leaves a tag named alone', () => {
    expect(repairWebCopy('(line <em class="placeholder">12</em> of <em class="placeholder">src/cart.ts</em>).</br>')).toBe(
      '(line 12 of src/cart.ts).',
    );
    expect(repairWebCopy('src/cart.ts:3:1: Element <em> not allowed as child of <ul>')).toBe(
      'src/cart.ts:3:1: Element <em> not allowed as child of <ul>',
    );
  });

  it('finds a location an error page wrapped in markup and escaped', async () => {
    const log = [
      'Error: <em class="placeholder">Twig\\Error\\SyntaxError</em>: (line <em class="placeholder">7</em> of <em>src/cart.ts</em>).',
      'Uncaught exception &#039;E&#039; with message &#039;Syntax error in template &quot;app/calc.py&quot; on line 9&#039;',
    ].join('\n');
    expect(await places(log)).toEqual(['src/cart.ts:7:prose', 'app/calc.py:9:prose']);
  });

  it("drops a block's markup glued to the first or last line it holds: <pre>, a report's CDATA section", () => {
    expect(repairWebCopy('<pre>Cart;add;Cart.java;41')).toBe('Cart;add;Cart.java;41');
    expect(repairWebCopy('Cart$1;run;Cart.java;12</pre>')).toBe('Cart$1;run;Cart.java;12');
    expect(repairWebCopy('        <stack-trace><![CDATA[   at A.B() in C:\\src\\B.cs:line 9')).toBe('   at A.B() in C:\\src\\B.cs:line 9');
    expect(repairWebCopy('   at A.C() in C:\\src\\C.cs:line 4]]></stack-trace>')).toBe('   at A.C() in C:\\src\\C.cs:line 4');
    expect(repairWebCopy('<failure message="x"><![CDATA[src/a.cc:7')).toBe('src/a.cc:7');
    // A tag that holds nothing after it, or one that is not a block's, is the line's own text.
    expect(repairWebCopy('<pre>')).toBe('<pre>');
    expect(repairWebCopy('<stdin>:5:3: error: expected ;')).toBe('<stdin>:5:3: error: expected ;');
    expect(repairWebCopy('x.html:3: <pre> is not closed')).toBe('x.html:3: <pre> is not closed');
  });

  it('reads the frames of an XML test report pasted as text, the first glued to its CDATA opener', async () => {
    const log = [
      '      <test-case name="Shop.CartTests.Total" result="Error">',
      '        <failure>',
      '          <message><![CDATA[System.DivideByZeroException : Attempted to divide by zero.]]></message>',
      '          <stack-trace><![CDATA[   at Shop.Cart.Total() in C:\\build\\src\\cart.ts:line 12',
      '   at Shop.CartTests.Total() in C:\\build\\src\\total.c:line 40]]></stack-trace>',
      '        </failure>',
    ].join('\n');
    expect(await places(log)).toEqual(['src/cart.ts:12:dotnet-stack', 'src/total.c:40:dotnet-stack']);
  });

  it('takes the text of a Markdown link back, and a plain pipe for an escaped one', () => {
    expect(repairWebCopy('src/total.c:4:[7](https://ci.example.org/run/1#step:5:7)2: error: x')).toBe('src/total.c:4:72: error: x');
    expect(repairWebCopy('[src/cart.ts:12:5](https://example.org/blob/main/src/cart.ts#L12) - error')).toBe('src/cart.ts:12:5 - error');
    expect(repairWebCopy('   4 \\| int x = y;')).toBe('   4 | int x = y;');
    expect(repairWebCopy('see [the docs](./docs/x.md) and a[1](2)')).toBe('see [the docs](./docs/x.md) and a[1](2)');
  });

  it("drops a CI viewer's log command quoted in a sentence, and leaves one glued inside a word", () => {
    expect(repairWebCopy('fails with `##[error]gc/big.cs(12,5): error CS0246: x`')).toBe('fails with `gc/big.cs(12,5): error CS0246: x`');
    expect(repairWebCopy('see ##[warning]a.ts(3,4): w')).toBe('see a.ts(3,4): w');
    expect(repairWebCopy('tag##[error]x')).toBe('tag##[error]x');
  });

  it('takes the backslashes out of a run of asterisks Markdown escaped, and leaves a lone escaped one', () => {
    expect(repairWebCopy('*\\* (CompileError) lib/cart.ex:8: undefined function total/0')).toBe(
      '** (CompileError) lib/cart.ex:8: undefined function total/0',
    );
    expect(repairWebCopy('make: **\\* [all] Error 1')).toBe('make: *** [all] Error 1');
    expect(repairWebCopy('glob a\\*b')).toBe('glob a\\*b');
  });

  it('drops the backslashes of a line Markdown escaped, and leaves a Windows path and a lone escape as they are', () => {
    expect(repairWebCopy('cgi\\-bin/error\\_list\\.cgi line 96\\.')).toBe('cgi-bin/error_list.cgi line 96.');
    expect(repairWebCopy('  File "src\\_files/my\\_mod\\.py", line 3, in load\\_rows\\(\\)')).toBe(
      '  File "src_files/my_mod.py", line 3, in load_rows()',
    );
    expect(repairWebCopy('\\*\\*Error\\*\\* in \\[build\\] \\#2')).toBe('**Error** in \\[build\\] \\#2');
    // An escaped backslash leaves one: `a\\\_b` was `a\_b`.
    expect(repairWebCopy('see a\\\\\\_b and my\\_mod')).toBe('see a\\_b and my_mod');
    // A Windows path's separators: a drive, a relative start, a share, a backslash before a letter anywhere on the line.
    for (const line of [
      'C:\\src\\_build\\x.c(3): error C2065',
      '..\\_out\\my\\_mod.c(3): error',
      '\\\\share\\_builds\\a\\_b.c(3): error',
      'copied to C:\\_out from my\\_mod\\.py',
      'obj\\_x64\\Release\\my\\_mod.obj: fatal error',
      // A relative one in front of a tool's position, each name after a backslash starting with `_`, `-` or `.`.
      'shopkit\\_orders.py:41: error: Missing return statement  [return]',
      'gen\\-out\\_tables.c(12): error C2065',
    ]) {
      expect(repairWebCopy(line)).toBe(line);
    }
    // An escaped paste's extension dot, or a `/` beside the escapes, still tells a Markdown escape.
    expect(repairWebCopy('my\\_mod\\.py:3: error: x')).toBe('my_mod.py:3: error: x');
    expect(repairWebCopy('src\\_files/my\\_mod.py:3: error: x')).toBe('src_files/my_mod.py:3: error: x');
    // No escaped `_`, `-` or `.` inside a word: a tool's own backslashes.
    for (const line of ['Unnecessary escape character: \\.', 'glob a\\*b', '{"path":"a\\\\_b\\\\.c"}', 'sed s/\\.o$//']) {
      expect(repairWebCopy(line)).toBe(line);
    }
  });

  it("reads mypy's relative Windows path to a private module as folders, not as Markdown escapes", async () => {
    const root = await makeWorkspace({ 'shopkit/_orders.py': 'x\n'.repeat(60) });
    const log = 'shopkit\\_orders.py:41: error: Missing return statement  [return]\nFound 1 error in 1 file (checked 3 source files)\n';
    const result = await locate({ text: log }, { cwd: root, roots: [root] });
    expect(result.locations.map((l) => `${l.file}:${l.line}:${l.format}`)).toEqual(['shopkit/_orders.py:41:mypy']);
  });

  it('finds the places of a paste a migrated tracker escaped for Markdown', async () => {
    expect(await places('Error in src/services/payments/gateway\\.py line 12\\.')).toEqual([
      'src/services/payments/gateway.py:12:permissive',
    ]);
    const trace = '  File "app/calc\\.py", line 4, in total\\_of\nZeroDivisionError: division by zero';
    expect(await places(trace)).toEqual(['app/calc.py:4:python-traceback']);
  });

  it('reads an Elixir compile error whose `**` a web copy escaped as an error, ahead of the warning above it', async () => {
    const log = 'lib/cart.ex:20: warning: unused alias Tax\n\n*\\* (CompileError) lib/cart.ex:8: undefined function total/0\n';
    const root = await makeWorkspace({ 'lib/cart.ex': 'x\n'.repeat(30) });
    const result = await locate({ text: log }, { cwd: root, roots: [root] });
    expect(result.locations.map((l) => `${l.file}:${l.line}:${l.severity}`)).toEqual(['lib/cart.ex:8:error', 'lib/cart.ex:20:warning']);
  });

  it.each([
    ['gcc', 'src/total.c:4:[7](https://ci.example.org/r/1#step:5:7)2: error: ‘y’ undeclared', 'src/total.c:4:72'],
    [
      'a Python frame',
      '  File "app/calc.py", line [12](https://ci.example.org/r/1#step:5:12), in total\nZeroDivisionError: division by zero',
      'app/calc.py:12',
    ],
    [
      'tsc',
      "[src/cart.ts(3,5)](https://example.org/x#L3): error TS2322: Type 'number' is not assignable to type 'string'.",
      'src/cart.ts:3:5',
    ],
  ])('reads %s through a Markdown link in its location (the place, whichever format reads it)', async (_name, log, expected) => {
    expect((await places(`${log}\n`)).map((place) => place.slice(0, place.lastIndexOf(':')))).toEqual([expected]);
  });
});

describe('hard-wrapped and elided paths, whatever the format', () => {
  it('joins a Python frame whose quoted path a console wrapped', async () => {
    const log = '  File "/home/ci/work/app/src/services/pay\nments/gateway.py", line 12, in charge\nValueError: bad amount\n';
    expect(await places(log)).toEqual(['src/services/payments/gateway.py:12:prose']);
  });

  it.each([
    ['gcc', '.../src/total.c:4:72: error: ‘y’ undeclared', 'src/total.c:4:72:gcc'],
    ['a Python frame', '  File "…/app/calc.py", line 3, in total\nZeroDivisionError: division by zero', 'app/calc.py:3:python-traceback'],
    ['tsc', "…/src/cart.ts(3,5): error TS2322: Type 'number' is not assignable to type 'string'.", 'src/cart.ts:3:5:tsc'],
    [
      'a Ruby frame',
      ".....long/names/report_builder.rb:7:in `build': boom (RuntimeError)",
      'lib/deep/nested/folder/structure/with/long/names/report_builder.rb:7:ruby',
    ],
  ])('matches an elided head of %s by the longest suffix in the workspace', async (_name, log, expected) => {
    expect(await places(`${log}\n`)).toEqual([expected]);
  });
});

describe('Markdown emphasis and code spans around a location', () => {
  it("takes the markers off a location or a file whose number follows, and leaves a message's own spans", () => {
    expect(repairWebCopy('**src/total.c:12**: error: x')).toBe('src/total.c:12: error: x');
    expect(repairWebCopy('`src/total.c`:12: error: x')).toBe('src/total.c:12: error: x');
    expect(repairWebCopy('*src/total.c:12:5*: error: x')).toBe('src/total.c:12:5: error: x');
    expect(repairWebCopy('**src/total.c:12:5: error: expected ‘;’**')).toBe('src/total.c:12:5: error: expected ‘;’');
    // A bold line made a heading as well; a heading's `#` alone is a tool's own line (go's package header).
    expect(repairWebCopy("### **src/total.erl:27: syntax error before: '{'**")).toBe("src/total.erl:27: syntax error before: '{'");
    expect(repairWebCopy('# example.com/shop/cart')).toBe('# example.com/shop/cart');
    expect(repairWebCopy('a.go:9:2: Error return value of `f.Close` is not checked')).toBe(
      'a.go:9:2: Error return value of `f.Close` is not checked',
    );
    expect(repairWebCopy('x.haml:7 [W] Classes before IDs (`.card` should precede `#profile`)')).toBe(
      'x.haml:7 [W] Classes before IDs (`.card` should precede `#profile`)',
    );
    expect(repairWebCopy('int **p = *q;')).toBe('int **p = *q;');
    expect(repairWebCopy('see `__init__.py` and **bold** text')).toBe('see `__init__.py` and **bold** text');
  });

  it.each([
    ['bold around file and line', 'I get: **src/total.c:12**: error: ‘y’ undeclared', 'src/total.c:12'],
    ['a code span around the file', '`src/total.c`:12:5: error: ‘y’ undeclared', 'src/total.c:12:5'],
    ['a bold line', '**src/total.c:12:5: error: ‘y’ undeclared**', 'src/total.c:12:5'],
    ['a Python frame in italics', '  File *"app/calc.py", line 7*, in total\nZeroDivisionError: division by zero', 'app/calc.py:7'],
  ])('reads %s', async (_name, log, expected) => {
    expect((await places(`${log}\n`)).map((place) => place.slice(0, place.lastIndexOf(':')))).toEqual([expected]);
  });

  it('keeps the address of a link to a line whose text is a position or words, not one whose text is the place', async () => {
    expect(repairWebCopy('[Line 8:1](https://example.org/o/r/blob/abc/app/calc.py#L8): [F401] unused')).toBe(
      'Line 8:1 (https://example.org/o/r/blob/abc/app/calc.py#L8): [F401] unused',
    );
    expect(await places("| [Line 8:1](https://example.org/o/r/blob/abc/app/calc.py#L8): [F401] 'os' imported but unused |\n")).toEqual([
      'app/calc.py:8:prose',
    ]);
    expect(await places('A [long test](https://example.org/o/r/blob/abc/app/calc.py#L8) fails with an assertion error\n')).toEqual([
      'app/calc.py:8:prose',
    ]);
    expect(repairWebCopy('[app/calc.py:8](https://example.org/o/r/blob/abc/app/calc.py#L8) fails')).toBe('app/calc.py:8 fails');
    expect(repairWebCopy('see [the docs](https://example.org/o/r/blob/abc/README.md) first')).toBe('see the docs first');
  });
});

describe('Markdown quotes before every line of a paste', () => {
  const traceback = [
    'Traceback (most recent call last):',
    '  File "app/calc.py", line 3, in <module>',
    '    main()',
    '  File "src/services/payments/gateway.py", line 7, in main',
    '    1/0',
    'ZeroDivisionError: division by zero',
  ];

  it.each([['> '], ['> > '], ['>> ']])('reads a traceback quoted with %j as the traceback it was (innermost frame first)', async (mark) => {
    const log = traceback.map((line) => `${mark}${line}`).join('\n');
    expect(await places(`${log}\n`)).toEqual(['src/services/payments/gateway.py:7:python-traceback', 'app/calc.py:3:python-traceback']);
  });

  it('leaves a single line led by `>` to its tool (a marked source line is no quote)', async () => {
    const log = 'src/total.c:4:72: error: ‘y’ undeclared\n>   4 | return y;\nnext line\n';
    expect(await places(log)).toEqual(['src/total.c:4:72:gcc']);
  });
});

describe('a traceback joined onto one line', () => {
  it('keeps the order its header names: the innermost frame is primary, every frame an error', async () => {
    const log =
      'Traceback (most recent call last): File "app/calc.py", line 3, in <module> main() File ' +
      '"src/services/payments/gateway.py", line 7, in main 1/0 ZeroDivisionError: division by zero\n';
    const root = await makeWorkspace(FILES);
    const result = await locate({ text: log }, { cwd: root, roots: [root] });
    expect(result.locations.map((l) => `${l.file}:${l.line}:${l.severity}`)).toEqual([
      'src/services/payments/gateway.py:7:error',
      'app/calc.py:3:error',
    ]);
  });
});

describe('code fences glued to a pasted log, and quoted lines the line-start formats read', () => {
  it('takes an unclosed run of backticks off the start or end of a line, never a closed span', () => {
    expect(repairWebCopy('```ERROR in ./src/cart.ts')).toBe('ERROR in ./src/cart.ts');
    expect(repairWebCopy('ZeroDivisionError: division by zero```')).toBe('ZeroDivisionError: division by zero');
    expect(repairWebCopy('`f.Close` is not checked')).toBe('`f.Close` is not checked');
    expect(repairWebCopy('```')).toBe('```');
  });

  it('reads a fenced webpack header and a quoted standard-input row under a quoted command', async () => {
    const fenced = '```ERROR in ./src/cart.ts\nModule parse failed: Unexpected token (2:9)\nYou may need a loader.```\n';
    expect(await places(fenced)).toEqual(['src/cart.ts:2:10:webpack']);
    const quoted = '> $ gcc -x c -c - < src/total.c\n> <stdin>:4:72: error: ‘y’ undeclared\n';
    expect(await places(quoted)).toEqual(['src/total.c:4:72:gcc']);
  });
});

describe('a Ruby frame whose blank before the label a copy lost', () => {
  it('puts the blank back before either quote, only after a line number', () => {
    expect(repairWebCopy("# ./app/cart.rb:8:in`block in total'")).toBe("# ./app/cart.rb:8:in `block in total'");
    expect(repairWebCopy("app/cart.rb:8:in'Cart#total': x (KeyError)")).toBe("app/cart.rb:8:in 'Cart#total': x (KeyError)");
    expect(repairWebCopy("see the docs:in'place'")).toBe("see the docs:in'place'");
  });

  it('keeps the innermost frame first when only some frames lost it (Ruby 3.4 quotes)', async () => {
    const root = await makeWorkspace({ 'app/cart.rb': 'x\n'.repeat(20), 'app/shop.rb': 'x\n'.repeat(20) });
    const log =
      "app/cart.rb:8:in'Hash#fetch': key not found: :qty (KeyError)\n" +
      "\tfrom app/cart.rb:8:in'block in Cart#total'\n" +
      "\tfrom app/cart.rb:7:in 'Array#sum'\n" +
      "\tfrom app/shop.rb:3:in '<main>'\n";
    const result = await locate({ text: log }, { cwd: root, roots: [root] });
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['app/cart.rb:8', 'app/cart.rb:7', 'app/shop.rb:3']);
  });
});

describe('a phpcs report header whose colon a copy lost', () => {
  it('reads `FILE path` only with the report summary below it, quoted or not', async () => {
    const root = await makeWorkspace({ 'tests/ShelfTest.php': 'x\n'.repeat(30) });
    const rows = (header: string, summary: string[]) =>
      [header, ...summary, ' 9 | WARNING | Line exceeds 120 characters; contains 124 characters', ''].join('\n');
    const found = async (log: string) =>
      (await locate({ text: log }, { cwd: root, roots: [root], formats: ['phpcs'] })).locations.map((l) => `${l.file}:${l.line}`);
    const summary = 'FOUND 0 ERRORS AND 1 WARNING AFFECTING 1 LINE';
    expect(await found(rows('FILE /ci/shelf/tests/ShelfTest.php', [summary]))).toEqual(['tests/ShelfTest.php:9']);
    expect(await found(rows('FILE /ci/shelf/tests/ShelfTest.php', ['-'.repeat(70), summary]))).toEqual(['tests/ShelfTest.php:9']);
    expect(await found(rows('FILE /ci/shelf/tests/ShelfTest.php', [summary]).replace(/^/gm, '> '))).toEqual(['tests/ShelfTest.php:9']);
    // Without the summary, a line that starts with the word is no header.
    expect(await found(rows('FILE tests/ShelfTest.php', ['copied into the archive']))).toEqual([]);
  });
});

describe('a log line quoted whole as one code span, and a traceback retyped with curly quotes', () => {
  it("takes a tool's line out of its span, and leaves an echoed command's", () => {
    expect(repairWebCopy('`Error loading C:\\w\\app\\main.tf: parse error at 1:17: bad`')).toBe(
      'Error loading C:\\w\\app\\main.tf: parse error at 1:17: bad',
    );
    expect(repairWebCopy('  `src/cart.ts:12:3 - error TS2322: x`')).toBe('  src/cart.ts:12:3 - error TS2322: x');
    expect(repairWebCopy('`terraform plan -var-file=prod.tfvars`')).toBe('`terraform plan -var-file=prod.tfvars`');
    expect(repairWebCopy('`a` or `Error: b.c:3`')).toBe('`a` or `Error: b.c:3`');
  });

  it('gives a retyped frame back its straight quotes and blanks, and leaves a frame as CPython prints it', () => {
    expect(repairWebCopy('File”app/calc.py”,line 12,in total')).toBe('File "app/calc.py", line 12, in total');
    expect(repairWebCopy('  File “app/calc.py”, line 12')).toBe('  File "app/calc.py", line 12');
    expect(repairWebCopy('Traceback(most recent call last):')).toBe('Traceback (most recent call last):');
    expect(repairWebCopy('  File "app/calc.py", line 12, in total')).toBe('  File "app/calc.py", line 12, in total');
  });

  it('reads the retyped traceback innermost first, and the file of a quoted terraform line', async () => {
    const retyped = [
      'Traceback(most recent call last):',
      'File”app/calc.py”,line 4,in <module>',
      'Main()',
      'File”app/calc.py”,line 9,in main',
      'ZeroDivisionError: division by zero',
    ];
    expect(await places(retyped.join('\n'))).toEqual(['app/calc.py:9:python-traceback', 'app/calc.py:4:python-traceback']);
    const quoted = '`Error loading files Error loading C:\\w\\src\\cart.ts: Error reading config: parse error at 1:17: bad`';
    expect((await places(quoted)).map((p) => p.split(':')[0])).toEqual(['src/cart.ts']);
  });
});
