// The least the scan can cost in Node: readSync into one 64 KiB buffer, latin1, and faultline's universal
// anchor regex over each slice, counting matches. No line numbers, line-start anchors, parsing or resolving
// (bench/floors.mjs). Matches that straddle two slices are not counted: this is a floor, not a scanner.
import { closeSync, openSync, readSync } from 'node:fs';
import { UNIVERSAL_ANCHORS } from '../src/grammars/engine/prefilter.js';

const anchors = new RegExp(UNIVERSAL_ANCHORS.map((source) => `(?:${source})`).join('|'), 'g');
const path = process.argv[2];
if (!path) throw new Error('usage: floor-kernel LOG');
const fd = openSync(path, 'r');
const buffer = Buffer.allocUnsafe(64 * 1024);
let matches = 0;
for (let count = readSync(fd, buffer, 0, buffer.length, null); count > 0; count = readSync(fd, buffer, 0, buffer.length, null)) {
  const text = buffer.toString('latin1', 0, count);
  anchors.lastIndex = 0;
  while (anchors.exec(text) !== null) matches++;
}
closeSync(fd);
process.stdout.write(`${matches}\n`);
