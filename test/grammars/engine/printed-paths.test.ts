// A printed path loses a URL's query or fragment (`x.vue?vue&type=script`, `src/a.c#L12`), never a `#` or `?`
// that is part of a folder or file name (Visual Studio's `repos\C#\Shop\Cart.cs`, an F# file `F#.fs`).
import { describe, expect, it } from 'vitest';
import { cleanPrintedPath } from '../../../src/grammars/engine/paths.js';

describe('cleanPrintedPath', () => {
  it.each([
    ['src/a.c#L12', 'src/a.c'],
    ['webpack:///./src/App.vue?vue&type=script&lang=ts', './src/App.vue'],
    ['/src/main.ts?t=1700000000000', '/src/main.ts'],
    ['webpack-internal:///./src/x.js?5f3a', './src/x.js'],
    ['docs/page#section-2', 'docs/page'],
  ])('drops the query or fragment of %s', (printed, clean) => {
    expect(cleanPrintedPath(printed)).toBe(clean);
  });

  it.each(['C:\\Users\\dev\\source\\repos\\C#\\Shop\\Cart.cs', 'src/F#/Prices/Library.fs', 'tools/F#.fs', 'notes/what?/todo.md'])(
    'keeps %s whole',
    (printed) => {
      expect(cleanPrintedPath(printed)).toBe(printed);
    },
  );

  // A tool's output kept as one escaped string joins its lines with `\n`: the path starts after the break.
  it.each([
    ['loading:\\n/opt/app/policies/deny.rego', '/opt/app/policies/deny.rego'],
    ['In function \\u2018parse\\u2019:\\nsrc/parse.c', 'src/parse.c'],
    ['\\nsrc/a.c', 'src/a.c'],
  ])('reads %s from after its escaped line break', (printed, clean) => {
    expect(cleanPrintedPath(printed)).toBe(clean);
  });

  // source-map-support's mapped source below a Windows bundle's folder: `webpack:`'s colon is the path's own.
  it.each([
    'C:\\new\\tools\\a.c',
    'D:\\repo\\notes\\run.c',
    'C:\\Program Files\\tests\\x.c',
    'G:\\app\\build\\webpack:\\src\\routes\\x.js',
  ])('keeps the Windows path %s whole', (printed) => {
    expect(cleanPrintedPath(printed)).toBe(printed);
  });

  // A server on this machine serves the workspace's own files below an unknown folder: the URL's path, relative.
  it.each([
    ['http://localhost:3000/app.js', 'app.js'],
    ['http://127.0.0.1:8080/Specs/Scene/ShapeSpec.js', 'Specs/Scene/ShapeSpec.js'],
    ['http://devbox:5173/src/main.ts?t=1700000000000', 'src/main.ts'],
    ['webpack:///~/chart-plugin/dist/plugin.js', 'node_modules/chart-plugin/dist/plugin.js'],
  ])('reads %s as a workspace path', (printed, clean) => {
    expect(cleanPrintedPath(printed)).toBe(clean);
  });

  it.each(['https://deno.land/std@0.50.0/http/_io.ts', 'https://cdn.example.com/lib/chart.js'])('leaves %s, another machine', (printed) => {
    expect(cleanPrintedPath(printed)).toBe(printed);
  });
});
