// A record's file field and line field named apart (prose/fields.ts, issue 20's fallback, third round): with the
// runtime's own format missing, the prose tier still pairs them, and every pair waits for the workspace to confirm it.
import { describe, expect, it } from 'vitest';
import { scanLog as scan } from '../_scan.js';

// The prose tier's places as `file:line[:column]`.
function places(lines: string[], formats?: string[]): string[] {
  return scan(lines, formats)
    .filter((location) => location.format === 'prose')
    .map((location) => `${location.file}:${location.line}${location.column === null ? '' : `:${location.column}`}`);
}

describe('record fields naming a file and a line', () => {
  it('pairs the fields of JSON, dict and inspected-object dumps, whatever the keys are called', () => {
    expect(places(['{"levelname": "ERROR", "pathname": "/srv/app/jobs/sync.py", "funcName": "run", "lineno": 57}'])).toEqual([
      '/srv/app/jobs/sync.py:57',
    ]);
    expect(places(["ERROR {'filename': 'lib/orders.rb', 'lineno': 88, 'msg': 'stale'}"])).toEqual(['lib/orders.rb:88']);
    expect(places(["{ fileName: 'src/cart.js', lineNumber: 12, columnNumber: 4 }"])).toEqual(['src/cart.js:12:4']);
    expect(places(['  {"line":14,"col":3,"file":"cmd/serve.go","msg":"panic"}'])).toEqual(['cmd/serve.go:14:3']);
    expect(places(['Error: File = src/main.c, Line = 17, Column = 5: value out of range'])).toEqual(['src/main.c:17:5']);
  });

  it("reads Erlang's stack entry location lists with the OTP formats left out, the pair broken across lines too", () => {
    const proseOnly = ['prose'];
    expect(
      places(
        [
          '** Reason for termination ==',
          '** {function_clause,[{gen_server,reply,[ok],[{file,"gen_server.erl"},{line,240}]},',
          '                     {pump,handle_info,2,',
          '                           [{file,"src/pump.erl"},',
          '                            {line,77}]}]}',
        ],
        proseOnly,
      ),
    ).toEqual(['gen_server.erl:240', 'src/pump.erl:77']);
  });

  it('keeps the pair a logger unwrapped after its message, as `file=F line=N`', () => {
    const found = scan(['{"level": "error", "message": "no rows", "file": "app/importer.py", "line": 35}']);
    expect(found).toMatchObject([{ file: 'app/importer.py', line: 35, severity: 'error', format: 'prose', hints: { confirm: true } }]);
    expect(places(['time=2026-12-06T10:00:00Z level=warning msg="slow query" pathname=db/query.py lineno=9'])).toEqual(['db/query.py:9']);
  });

  it('takes nothing from a sentence, a field that is no path or a line field far from any file', () => {
    expect(places(['the file, "notes" and line, 5 of them'])).toEqual([]);
    expect(places(['{"file": "README", "line": 3}'])).toEqual([]);
    expect(places([`{"file": "src/a.py", "note": "${'x'.repeat(240)}", "line": 3}`])).toEqual([]);
    expect(places(['{"line": 3}'])).toEqual([]);
  });

  it('marks every pair as a guess the workspace must confirm, joined by its key', () => {
    const [found] = scan(['{"levelname": "ERROR", "pathname": "jobs/sync.py", "lineno": 57}']);
    expect(found?.hints).toMatchObject({ confirm: true, named: true });
  });
});

describe('a record printed one field a line', () => {
  it('pairs File and Line fields whose labels a web copy put in bold, and takes what failed from the record', () => {
    const [found] = scan([
      '**Error**: Call to a member function total() on null',
      '',
      '**Code**: 0',
      '**File**: /srv/shop/src/Cart/Checkout.php',
      '**Line**: 48',
    ]);
    expect(found).toMatchObject({
      format: 'prose',
      file: '/srv/shop/src/Cart/Checkout.php',
      line: 48,
      severity: 'error',
      message: 'Error: Call to a member function total() on null',
    });
  });

  it('gives no severity when the record states none, and stops at a line that is no field', () => {
    const [found] = scan(['Error: the cache was cold', 'loading the page', 'File: /srv/shop/src/a.php', '`Line`: 3']);
    expect(found).toMatchObject({ file: '/srv/shop/src/a.php', line: 3, severity: null, message: 'Line: 3' });
  });
});
