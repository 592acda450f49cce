// A function's name glued by `@` before its place (shared/glued-name.ts): SpiderMonkey's and JavaScriptCore's frames, read
// by the generic tier without their format (the fixture ablation's `name@F:L:C` class); a path's own `@` is never cut.
import { describe, expect, it } from 'vitest';
import { afterGluedName } from '../../src/grammars/catalog/shared/glued-name.js';
import { scanLog } from '../_scan.js';

const cut = (text: string): string => text.slice(afterGluedName(text, 0, text.lastIndexOf('.')));

describe('a function name glued by @ before a place', () => {
  it('is cut before a folder or a URL', () => {
    expect(cut('readLimit@src/settings.js')).toBe('src/settings.js');
    expect(cut('Foo.prototype.run@file:///srv/app/a.js')).toBe('file:///srv/app/a.js');
    expect(cut('outer/inner@http://localhost:5173/src/a.js')).toBe('http://localhost:5173/src/a.js');
    expect(cut('@http://localhost:5173/src/main.js')).toBe('http://localhost:5173/src/main.js');
  });

  it('is never taken from inside a path', () => {
    expect(cut('node_modules/.pnpm/left-pad@1.3.0/index.js')).toBe('node_modules/.pnpm/left-pad@1.3.0/index.js');
    expect(cut('node_modules/.pnpm/@babel+core@7.1.0/x.js')).toBe('node_modules/.pnpm/@babel+core@7.1.0/x.js');
    expect(cut('@angular/core/x.js')).toBe('@angular/core/x.js');
    expect(cut('git@github.com:org/x.js')).toBe('git@github.com:org/x.js');
    expect(cut('icons/logo@2x.png')).toBe('icons/logo@2x.png');
  });

  it('lets the generic tier read a Firefox stack', () => {
    const log = ['TypeError: view.title is undefined', 'render@src/app/view.js:2:10', 'main/<@http://localhost:5173/src/main.js:4:23', ''];
    const places = scanLog(log.join('\n'), ['generic']).map((location) => `${location.file}:${location.line}:${location.column}`);
    // A local dev server's URL names the workspace file after its host (engine/paths.ts).
    expect(places).toEqual(['src/app/view.js:2:10', 'src/main.js:4:23']);
  });
});
