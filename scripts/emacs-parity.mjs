#!/usr/bin/env node
// How much of what Emacs compile-mode finds on its own test strings faultline finds by its own detection (no
// --efm, no format named). Nothing of Emacs is kept in this repository: give a copy of its
// test/lisp/progmodes/compile-tests.el, whose `compile-tests--test-regexps-data` list holds entries
// (RULE "STR" POS COLUMN LINE FILENAME [TYPE]); LINE and COLUMN may be (START . END) ranges or nil.
//
//   node scripts/emacs-parity.mjs --tests PATH [--verbose] [--json]
//
// A case is found when faultline reports FILENAME (as printed) at LINE (the start of a range) and COLUMN (as printed,
// which is how Emacs keeps it; nil accepts any). The files do not exist: the workspace is an empty folder, so every location comes back
// unresolved (or dropped as vendored, which keeps no column: then file and line decide). A STR that names two
// places (POS picks one) is found when faultline reports the one FILENAME names, whichever it ranks first.
// Cases with no LINE (file-only headers) or no FILENAME are counted apart: faultline's locations always carry a
// line, so it reports none for them by design, and the script only says what it reported there.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { locate } from '../dist/index.js';
import { formatSpecs } from '../dist/grammars.js';

const { values } = parseArgs({ options: { tests: { type: 'string' }, verbose: { type: 'boolean' }, json: { type: 'boolean' } } });
if (!values.tests) {
  process.stderr.write('usage: node scripts/emacs-parity.mjs --tests PATH [--verbose] [--json]\n');
  process.exit(2);
}

const NIL = Symbol('nil');
const ESCAPES = { n: '\n', t: '\t', 0: '\0', '\\': '\\', '"': '"', ' ': '', '\n': '' };

/** The Lisp reader this list needs: lists, dotted pairs, strings, integers, symbols, quote and comments. */
function readLisp(text, start) {
  let at = start;
  const skip = () => {
    for (;;) {
      while (at < text.length && /\s/.test(text[at])) at++;
      if (text[at] !== ';') return;
      while (at < text.length && text[at] !== '\n') at++;
    }
  };
  const readString = () => {
    let out = '';
    for (at++; text[at] !== '"'; at++) {
      if (at >= text.length) throw new Error('unterminated string');
      if (text[at] !== '\\') out += text[at];
      else {
        const escaped = text[++at];
        out += escaped in ESCAPES ? ESCAPES[escaped] : escaped;
      }
    }
    at++;
    return out;
  };
  const read = () => {
    skip();
    const char = text[at];
    if (char === "'") {
      at++;
      return read();
    }
    if (char === '"') return readString();
    if (char === '(') {
      at++;
      const items = [];
      for (;;) {
        skip();
        if (text[at] === ')') {
          at++;
          return items;
        }
        if (text[at] === '.' && /[\s(]/.test(text[at + 1])) {
          at++;
          const tail = read();
          skip();
          at++; // the closing parenthesis
          return { car: items[0], cdr: tail };
        }
        items.push(read());
      }
    }
    const atom = /^[^\s()";]+/.exec(text.slice(at, at + 200))?.[0];
    if (!atom) throw new Error(`unreadable Lisp at offset ${at}`);
    at += atom.length;
    if (/^-?\d+$/.test(atom)) return Number(atom);
    return atom === 'nil' ? NIL : atom;
  };
  return read();
}

function testCases(source) {
  const head = source.indexOf('(defconst compile-tests--test-regexps-data');
  if (head < 0) throw new Error('no compile-tests--test-regexps-data in this file');
  const list = readLisp(source, source.indexOf("'(", head));
  const start = (value) => (value === NIL ? null : typeof value === 'object' && !Array.isArray(value) ? start(value.car) : value);
  return list.map(([rule, text, pos, column, line, file, type]) => ({
    rule: rule === NIL ? 'nil' : rule,
    text,
    pos,
    column: start(column),
    line: start(line),
    file: file === NIL || file === undefined ? null : file,
    type: type === NIL || type === undefined ? null : type,
  }));
}

// faultline's columns are 1-based; a 0-based tool's (OCaml's characters) is turned back into the number it printed.
const columnBase = new Map(formatSpecs().map((spec) => [spec.name, spec.columnBase]));
const printedColumn = (entry) => (entry.column === null ? null : entry.column - 1 + (columnBase.get(entry.format) ?? 1));

async function reported(text, workspace) {
  const result = await locate({ text }, { cwd: workspace, roots: [workspace], project: false, isIgnored: async () => new Set() });
  return [
    ...result.locations.map((entry) => ({ file: entry.file, line: entry.line, column: printedColumn(entry) })),
    ...result.unresolved.map((entry) => ({ file: entry.file, line: entry.line, column: printedColumn(entry) })),
    ...result.dropped.map((entry) => ({ file: entry.file, line: entry.line, column: undefined })),
  ];
}

const matches = (want, got) =>
  got.file === want.file && got.line === want.line && (want.column === null || got.column === undefined || got.column === want.column);
const show = (entry) => `${entry.file}:${entry.line}${entry.column === undefined || entry.column === null ? '' : `:${entry.column}`}`;

const cases = testCases(readFileSync(values.tests, 'utf8'));
const workspace = mkdtempSync(join(tmpdir(), 'emacs-parity-'));
const rows = new Map();
const apart = [];
let expected = 0;
let found = 0;
try {
  for (const want of cases) {
    const got = await reported(want.text, workspace);
    if (want.line === null || want.file === null) {
      apart.push({ ...want, reported: got.map(show) });
      continue;
    }
    const row = rows.get(want.rule) ?? { rule: want.rule, cases: 0, found: 0, missed: [] };
    rows.set(want.rule, row);
    row.cases++;
    expected++;
    if (got.some((entry) => matches(want, entry))) {
      row.found++;
      found++;
    } else row.missed.push({ text: want.text, want: show(want), reported: got.map(show) });
  }
} finally {
  rmSync(workspace, { recursive: true, force: true });
}

const share = (hit, all) => (all === 0 ? 'n/a' : `${((100 * hit) / all).toFixed(1)} %`);
if (values.json) {
  process.stdout.write(`${JSON.stringify({ cases: expected, found, rules: [...rows.values()], apart }, null, 2)}\n`);
} else {
  for (const row of rows.values()) {
    const counts = `${String(row.found).padStart(4)} / ${String(row.cases).padEnd(4)}`;
    process.stdout.write(`${row.rule.padEnd(28)} ${counts} ${share(row.found, row.cases)}\n`);
    if (values.verbose) {
      for (const miss of row.missed) {
        const got = miss.reported.join(', ') || 'nothing';
        process.stdout.write(`    missed ${miss.want}  in ${JSON.stringify(miss.text)}  reported: ${got}\n`);
      }
    }
  }
  process.stdout.write(`\ntotal: ${found} / ${expected} = ${share(found, expected)} of compile-mode's located cases, ${rows.size} rules\n`);
  const silent = apart.filter((entry) => entry.reported.length === 0).length;
  process.stdout.write(`apart: ${apart.length} cases without a line or a file (faultline reported nothing for ${silent})\n`);
  if (values.verbose) {
    for (const entry of apart) {
      const want = entry.file === null ? `line ${entry.line}, no file` : `${entry.file}, no line`;
      process.stdout.write(`    ${entry.rule}: ${want}  reported: ${entry.reported.join(', ') || 'nothing'}\n`);
    }
  }
}
