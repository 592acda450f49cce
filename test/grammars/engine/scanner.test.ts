// The streaming engine: chunk boundaries, line numbering, normalisation and bounded work on hard input.
import { describe, expect, it } from 'vitest';
import { createScanner } from '../../../src/grammars/index.js';
import { normaliseLine } from '../../../src/summarise/index.js';
import type { RawLocation } from '../../../src/core/index.js';

function scan(text: string, chunk = 7): RawLocation[] {
  const scanner = createScanner({ normaliseLine });
  const latin1 = Buffer.from(text, 'utf8').toString('latin1');
  for (let offset = 0; offset < latin1.length; offset += chunk) scanner.write(latin1.slice(offset, offset + chunk));
  return scanner.end().locations;
}

// The file reader's protocol: each call gets the tail the scanner asked to keep, then the next slice.
function scanWindows(text: string, chunk: number): RawLocation[] {
  const scanner = createScanner({ normaliseLine });
  const latin1 = Buffer.from(text, 'utf8').toString('latin1');
  let kept = '';
  for (let offset = 0; offset < latin1.length; offset += chunk) {
    const window = kept + latin1.slice(offset, offset + chunk);
    kept = window.slice(window.length - scanner.writeWindow(window));
  }
  return scanner.end().locations;
}

const brief = (locations: RawLocation[]) => locations.map((l) => `${l.file}:${l.line}:${l.column ?? ''}@${l.logLine}`);

describe('scanner', () => {
  it('gives the same answer whatever the chunking', () => {
    const log = 'noise\nsrc/a.c:3:5: error: x\n\u001b[1msrc/b.c:4:1:\u001b[0m warning: y\nmore noise\n';
    const expected = brief(scan(log, 1 << 20));
    expect(expected).toEqual(['src/a.c:3:5@2', 'src/b.c:4:1@3']);
    for (const size of [1, 2, 3, 5, 64]) expect(brief(scan(log, size))).toEqual(expected);
  });

  it('gives the same answer fed tail-plus-slice windows, across long lines and look-back', () => {
    const long = `${'x'.repeat(300_000)} src/long.c:7:1: error: in a long line\n`;
    const log = `${'noise\n'.repeat(3000)}src/a.c:3:5: error: x\n${long}Traceback (most recent call last):\n  File "app/x.py", line 4, in f\nValueError: y\n${'tail\n'.repeat(5000)}src/z.c:1:1: error: end`;
    const expected = brief(scan(log, 65_536));
    expect(expected).toEqual(['src/a.c:3:5@3001', 'src/long.c:7:1@3002', 'app/x.py:4:@3004', 'src/z.c:1:1@8006']);
    for (const size of [4096, 65_536, 100_000]) expect(brief(scanWindows(log, size))).toEqual(expected);
  });

  it('counts log lines on \\n only: \\r\\n is one line end, a bare \\r redraw does not renumber', () => {
    const log = 'one\r\nBuilding 10%\rBuilding 100%\rsrc/d.c:3:1: error: boom\r\nthree\nsrc/e.c:9:2: error: again';
    const found = scan(log);
    expect(brief(found)).toEqual(['src/d.c:3:1@2', 'src/e.c:9:2@4']);
    // The CR progress prefix is not glued to the path (formats.md §3.8).
    expect(found[0]?.file).toBe('src/d.c');
  });

  it('strips CI timestamps and task-runner prefixes before recognising a line', () => {
    const log = [
      '2021-12-01T13:00:40.1077661Z src/a.c:3:5: error: x',
      '@acme/api:build: src/b.c:4:2: error: y',
      'packages/web test$ src/c.c:5:1: warning: z',
      'Caused by: nothing here',
    ].join('\n');
    expect(brief(scan(log))).toEqual(['src/a.c:3:5@1', 'src/b.c:4:2@2', 'src/c.c:5:1@3']);
  });

  it('never takes clocks, host:port, versions, hashes or URLs for locations', () => {
    const log = [
      '12:30:45 build finished',
      '[10:57:03] Starting',
      'Connecting to registry.example.org:443... connected.',
      'image node:20.11.1 sha256:abcd1234 python:3.11',
      'http://localhost:8080/health and postgres://db:5432/app',
      'std::vector<int>::push_back and mod::path::fn',
      '  4 | const x = 1;',
      'See https://ci.example.org:8443/jobs/42.js:3 for details',
    ].join('\n');
    // The permissive tier may propose `registry.example.org:443` for the workspace to refute (its candidates
    // carry hints.confirm; test/grammars/permissive.test.ts checks none survives resolve); no strict format may.
    expect(scan(log).filter((location) => location.hints?.confirm !== true)).toEqual([]);
  });

  it('handles paths with spaces and drive letters in GNU lines', () => {
    const found = scan('C:\\Users\\me\\My Project\\src\\main.c:10:5: error: boom\n');
    expect(brief(found)).toEqual(['C:\\Users\\me\\My Project\\src\\main.c:10:5@1']);
  });

  it('stays linear on pathological lines (1 MB base64, 64 KB a/a/a/…, 64 KB a.a.a.)', () => {
    const base64 = 'data:application/json;base64,' + 'QUJD'.repeat(256 * 1024);
    const slashes = 'a/'.repeat(32 * 1024);
    const dots = 'a.'.repeat(32 * 1024) + ':';
    const found = scan(`${base64}\n${slashes}\n${dots}\nsrc/a.c:1:1: error: after\n`, 64 * 1024);
    expect(brief(found)).toEqual(['src/a.c:1:1@4']);
  });

  it('finds a location inside a huge unterminated line and keeps counting lines after it', () => {
    const huge = 'x'.repeat(3 * 1024 * 1024) + ' at src/deep.c:7:3: error: inside ' + 'y'.repeat(2 * 1024 * 1024);
    const found = scan(`first\n${huge}\nsrc/a.c:2:2: error: next\n`, 64 * 1024);
    expect(brief(found)).toEqual(['src/deep.c:7:3@2', 'src/a.c:2:2@3']);
  });

  it('decodes candidate lines as UTF-8 and survives invalid UTF-8 and NUL bytes', () => {
    const scanner = createScanner({ normaliseLine });
    const bytes = Buffer.concat([
      Buffer.from('\u00ff\u0000\u00fe junk\n', 'latin1'),
      Buffer.from('src/é.c:1:2: error: naïve ✓\n', 'utf8'),
      Buffer.from([0xc3, 0x28, 0x0a]),
    ]);
    scanner.write(bytes.toString('latin1'));
    const [location] = scanner.end().locations;
    expect(location?.file).toBe('src/é.c');
    expect(location?.message).toBe('naïve ✓');
  });

  it('reports line and byte counts, including a final line without a newline', () => {
    const scanner = createScanner({ normaliseLine });
    scanner.write('a\nb\nc');
    const result = scanner.end();
    expect([result.lines, result.bytes]).toEqual([3, 5]);
    const empty = createScanner({ normaliseLine }).end();
    expect([empty.lines, empty.bytes]).toEqual([0, 0]);
  });
});
