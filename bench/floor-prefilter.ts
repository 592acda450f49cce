// What locate pays before any candidate line is read: the scan kernel (bench/floor-kernel.ts: readSync 64 KiB,
// latin1, the universal anchor regex) plus the rest of the prefilter as the scanner runs it, with the registry
// loaded: every line found and the line-start anchors tried at it (the first slice picks the log's prefix kinds).
// No candidate is decoded, normalised, offered to a format or resolved, so faultline cannot scan a log for less
// than this in its design (bench/floors.mjs prints it against rg -c). Lines are whole: a slice's partial last line
// is carried into the next one.
// Usage: node floor-prefilter.mjs LOG (bundled by bench/floors.mjs; prints the lines selected)
import { closeSync, openSync, readSync } from 'node:fs';
import { prefilterFor } from '../src/grammars/engine/prefilter.js';
import { detectLinePrefixes } from '../src/grammars/engine/prefixes.js';
import { registeredFormats } from '../src/grammars/registry.js';

const path = process.argv[2];
if (!path) throw new Error('usage: floor-prefilter LOG');
const prefilter = prefilterFor(registeredFormats());
const anywhere = prefilter.anywhere;
let lineStart: ReturnType<typeof prefilter.lineStartFor> | undefined;
const CHUNK = 64 * 1024;
const fd = openSync(path, 'r');
let buffer = Buffer.allocUnsafe(2 * CHUNK);
let carried = 0;
let selected = 0;
for (;;) {
  // A line longer than the buffer grows it, as src/locate/read-log.ts does.
  if (carried + CHUNK > buffer.length) buffer = Buffer.concat([buffer.subarray(0, carried)], 2 * (carried + CHUNK));
  const count = readSync(fd, buffer, carried, CHUNK, null);
  const end = carried + count;
  const text = buffer.toString('latin1', 0, end);
  lineStart ??= prefilter.lineStartFor(detectLinePrefixes(text));
  const whole = count === 0 ? end : text.lastIndexOf('\n') + 1;
  anywhere.lastIndex = 0;
  for (let match = anywhere.exec(text); match !== null && match.index < whole; match = anywhere.exec(text)) selected++;
  for (let position = 0; position < whole; position = text.indexOf('\n', position) + 1 || whole) {
    if (lineStart.matches(text, position)) selected++;
  }
  if (count === 0) break;
  buffer.copyWithin(0, whole, end);
  carried = end - whole;
}
closeSync(fd);
process.stdout.write(`${selected}\n`);
