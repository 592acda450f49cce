// The chunk design's floor (issue 21): the scan kernel (bench/floor-kernel.ts) plus every line-start alternative the
// prefilter tries (src/grammars/engine/prefilter.ts, made line-local as dispatch.ts does) run by irregexp as one global
// regex over each slice, `\n(?:…)`, so no JavaScript runs per line, only per selected line. Blanks and colour before a
// phrase are one optional group; the alternatives over 512 characters (dispatch.ts HEAVY) are a second regex, since in
// the first they push the source past the size V8 optimises a regex at (~20 KB: 2.3 s per 10 MB instead of 0.5 s).
// No line numbers, CI prefixes, paste marks or candidates read: what a design without a per-line loop cannot go below.
// Usage: node floor-chunk.mjs LOG (bundled by bench/floors.mjs; prints the hits)
import { closeSync, openSync, readSync } from 'node:fs';
import { lineLocal } from '../src/grammars/engine/dispatch.js';
import { firstChars } from '../src/grammars/engine/first-chars.js';
import { impliesUniversalAnchor } from '../src/grammars/engine/implied-anchor.js';
import { prefilterFor, topLevelAlternatives, UNIVERSAL_ANCHORS } from '../src/grammars/engine/prefilter.js';
import { registeredFormats } from '../src/grammars/registry.js';

const path = process.argv[2];
if (!path) throw new Error('usage: floor-chunk LOG');
const formats = registeredFormats();
const alternatives = [...new Set(formats.flatMap((format) => topLevelAlternatives(format.anchor)))].filter(
  (alternative) => !UNIVERSAL_ANCHORS.includes(alternative) && !impliesUniversalAnchor(alternative.replace(/^\^/, '')),
);
// As the prefilter splits them: an alternative nearly any character can start is left to the universal anchors.
const narrow = (sources: string[]): string[] => sources.filter((source) => (firstChars(source)?.size ?? 256) <= 128);
const anchored = narrow(alternatives.filter((alternative) => alternative.startsWith('^')).map((alternative) => alternative.slice(1)));
const phrases = narrow(alternatives.filter((alternative) => !alternative.startsWith('^') && !alternative.startsWith('\\.')));
const group = (sources: string[]): string => sources.map((source) => `(?:${lineLocal(source)})`).join('|') || '(?!)';
const light = anchored.filter((source) => source.length <= 512);
const heavy = anchored.filter((source) => source.length > 512);
const lineStarts = [
  new RegExp(`\\n(?:${group(light)}|(?:[ \\t]|\\x1b\\[[0-9;]*[mK])*(?:${group(phrases)}))`, 'g'),
  new RegExp(`\\n(?:${group(heavy)})`, 'g'),
];
const anywhere = prefilterFor(formats).anywhere;
const fd = openSync(path, 'r');
const buffer = Buffer.allocUnsafe(64 * 1024);
let hits = 0;
for (let count = readSync(fd, buffer, 0, buffer.length, null); count > 0; count = readSync(fd, buffer, 0, buffer.length, null)) {
  const text = buffer.toString('latin1', 0, count);
  for (const regex of [anywhere, ...lineStarts]) {
    regex.lastIndex = 0;
    while (regex.exec(text) !== null) hits++;
  }
}
closeSync(fd);
process.stdout.write(`${hits}\n`);
