// Mutated fixtures for the fuzz test (issue 16 item 6): a seeded generator, so a failing case is reproduced
// from its seed and index alone. Mutations are the shapes hostile logs take: flipped and inserted bytes
// (ESC, CR, backspace, NUL, invalid UTF-8), repeated and spliced lines, huge numbers, very long lines.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');
const MAX_CASE_BYTES = 256 * 1024;

/** mulberry32: small, fast, good enough to pick mutations. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function fixtureLogs(): Array<{ name: string; bytes: Buffer }> {
  const logs: Array<{ name: string; bytes: Buffer }> = [];
  for (const family of readdirSync(FIXTURES, { withFileTypes: true })) {
    if (!family.isDirectory()) continue;
    for (const file of readdirSync(join(FIXTURES, family.name))) {
      if (file.endsWith('.log')) logs.push({ name: `${family.name}/${file}`, bytes: readFileSync(join(FIXTURES, family.name, file)) });
    }
  }
  return logs.sort((a, b) => (a.name < b.name ? -1 : 1));
}

const NASTY = [
  '\x1b[31m',
  '\x1b[0m',
  '\r',
  '\b',
  '\0',
  '\n',
  '\t',
  ':',
  '(',
  ')',
  '99999999999999999999',
  '0',
  '-1',
  '\xff\xfe',
  '\u202e',
  'file:///',
  '../../../etc/passwd',
  ' at ',
  'Caused by: ',
  '  [cause]: ',
];

type Mutation = (input: Buffer, next: () => number, logs: readonly { bytes: Buffer }[]) => Buffer;

const pick = <T>(items: readonly T[], next: () => number): T => items[Math.floor(next() * items.length)]!;

const MUTATIONS: Array<[string, Mutation]> = [
  [
    'flip bytes',
    (input, next) => {
      const copy = Buffer.from(input);
      for (let count = 1 + Math.floor(next() * 8); count > 0 && copy.length > 0; count--)
        copy[Math.floor(next() * copy.length)] = Math.floor(next() * 256);
      return copy;
    },
  ],
  [
    'insert nasty',
    (input, next) => {
      const at = Math.floor(next() * (input.length + 1));
      return Buffer.concat([input.subarray(0, at), Buffer.from(pick(NASTY, next), 'latin1'), input.subarray(at)]);
    },
  ],
  [
    'repeat a line',
    (input, next) => {
      const lines = input.toString('latin1').split('\n');
      const line = pick(lines, next);
      const times = 1 + Math.floor(next() * 2000);
      const at = Math.floor(next() * lines.length);
      lines.splice(at, 0, ...Array<string>(times).fill(line));
      return Buffer.from(lines.join('\n'), 'latin1');
    },
  ],
  [
    'one long line',
    (input, next) => {
      const text = input.toString('latin1');
      const start = Math.floor(next() * text.length);
      const piece = text.slice(start, start + 1 + Math.floor(next() * 60)).replace(/\n/g, ' ');
      return Buffer.concat([input, Buffer.from(`${piece.repeat(Math.ceil(100_000 / Math.max(1, piece.length)))}\n`, 'latin1')]);
    },
  ],
  [
    'splice another fixture',
    (input, next, logs) => {
      const other = pick(logs, next).bytes;
      const at = Math.floor(next() * (input.length + 1));
      return Buffer.concat([input.subarray(0, at), other, input.subarray(at)]);
    },
  ],
  ['truncate', (input, next) => input.subarray(0, Math.floor(next() * input.length))],
  ['CRLF', (input) => Buffer.from(input.toString('latin1').replace(/\n/g, '\r\n'), 'latin1')],
  [
    'huge numbers',
    (input) =>
      Buffer.from(
        input.toString('latin1').replace(/\d+/g, (digits) => (digits.length < 4 ? '9007199254740993' : digits)),
        'latin1',
      ),
  ],
];

export interface FuzzCase {
  index: number;
  fixture: string;
  mutations: string[];
  bytes: Buffer;
}

/** Case `index` of the run seeded with `seed`: a fixture and 1–4 mutations, at most 256 KiB. */
export function fuzzCase(seed: number, index: number, logs: readonly { name: string; bytes: Buffer }[]): FuzzCase {
  const next = random(seed * 1_000_003 + index);
  const fixture = pick(logs, next);
  let bytes = fixture.bytes;
  const mutations: string[] = [];
  for (let count = 1 + Math.floor(next() * 4); count > 0; count--) {
    const [name, mutate] = pick(MUTATIONS, next);
    mutations.push(name);
    bytes = mutate(bytes, next, logs);
    if (bytes.length > MAX_CASE_BYTES) bytes = bytes.subarray(0, MAX_CASE_BYTES);
  }
  return { index, fixture: fixture.name, mutations, bytes };
}
