// A bare file name's path printed above it (ResolveHints.mentionedPath): the look-back skips a line by its raw bytes
// only when no normalising step could make its text hold the name, so every line that does hold it is still read.
import { describe, expect, it } from 'vitest';
import { createScanner } from '../../../src/grammars/index.js';
import { normaliseLine } from '../../../src/summarise/index.js';

function mentioned(above: string[], name = 'cache.rs'): string | undefined {
  const scanner = createScanner({ normaliseLine, formats: ['rustc'] });
  const log = [...above, 'error[E0425]: cannot find value `buf` in this scope', `  --> ${name}:14:3`, ''].join('\n');
  // The scanner reads bytes, one latin1 character each.
  scanner.write(Buffer.from(log, 'utf8').toString('latin1'));
  const [location] = scanner.end().locations;
  expect(location).toMatchObject({ file: name, line: 14 });
  return location?.hints?.mentionedPath;
}

describe('the path a bare name was mentioned with above it', () => {
  it('is found in a plain line, past lines that do not hold the name', () => {
    expect(mentioned(['Compiling with src/store/cache.rs', 'warning: unused import', 'note: see cache.rsx'])).toBe('src/store/cache.rs');
  });

  it('is found when colour codes split the path, or the name itself', () => {
    expect(mentioned(['\u001b[2msrc/store/\u001b[0m\u001b[1mcache.rs\u001b[0m (0.2 s)'])).toBe('src/store/cache.rs');
    expect(mentioned(['building src/store/ca\u001b[1mche.rs\u001b[0m now'])).toBe('src/store/cache.rs');
    expect(mentioned(['building src/store/ca\u001b[1m\u001b]8;;https://example.com\u0007che.rs\u001b]8;;\u0007 now'])).toBe(
      'src/store/cache.rs',
    );
  });

  it('is found when a redraw, a backspace or Markdown joins the name from two pieces', () => {
    expect(mentioned(['progress 10%\rsrc/store/cache.rs built'])).toBe('src/store/cache.rs');
    expect(mentioned(['see src/store/cax\bche.rs'])).toBe('src/store/cache.rs');
    expect(mentioned(['see [src/store/ca](https://example.com/x)che.rs here'])).toBe('src/store/cache.rs');
  });

  it('is found in a structured log line whose escapes hide the name from the raw bytes', () => {
    expect(mentioned(['{"level":"info","msg":"reading src\\/store\\/cache\\u002ers"}'])).toBe('src/store/cache.rs');
  });

  it('is found in a UTF-8 line, and is absent when no line above names the file', () => {
    expect(mentioned(['résumé: src/über/cache.rs'])).toBe('src/über/cache.rs');
    expect(mentioned(['✓ built src/store/ca\u009b1mche.rs'])).toBe('src/store/cache.rs');
    expect(mentioned(['built src/x/été.rs', 'other'], 'été.rs')).toBe('src/x/été.rs');
    expect(mentioned(['nothing here', 'src/store/other.rs'])).toBeUndefined();
  });
});
