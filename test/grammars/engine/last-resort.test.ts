// The last-resort formats (engine/last-resort.ts) read the log's first and last 16 KiB, and the lines between only
// while nothing else was placed and up to a bound: whatever the chunking, with the right log lines, and with work that
// does not grow with the log.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScanner, registeredFormats } from '../../../src/grammars/index.js';
import { normaliseLine } from '../../../src/summarise/index.js';
import type { RawLocation, WorkMeter } from '../../../src/core/index.js';

function scan(text: string, chunk: number, formats?: string[], meter?: WorkMeter): RawLocation[] {
  const scanner = createScanner({ normaliseLine, ...(formats ? { formats } : {}), ...(meter ? { meter } : {}) });
  const latin1 = Buffer.from(text, 'utf8').toString('latin1');
  for (let offset = 0; offset < latin1.length; offset += chunk) scanner.write(latin1.slice(offset, offset + chunk));
  return scanner.end().locations;
}

const fileOnly = (locations: RawLocation[]) =>
  locations.filter((location) => location.hints?.fileOnly === true).map((location) => `${location.file}@${location.logLine}`);

describe('last-resort lines', () => {
  const noise = 'the step went on as planned and wrote nothing of note\n'.repeat(2000);
  const log =
    "ERROR: The Compose file './deploy/first.yml' is invalid because:\n" +
    noise +
    "ERROR: The Compose file './deploy/middle.yml' is invalid because:\n" +
    noise +
    'tests/test_last.py ..F.   [100%]\n' +
    '\u001b[31mError: could not read config/last.toml\u001b[0m\n';

  it("reads the log's first and last lines, and those between while no other format placed anything, whatever the chunking", () => {
    const expected = ['./deploy/first.yml@1', './deploy/middle.yml@2002', 'tests/test_last.py@4003', 'config/last.toml@4004'];
    for (const chunk of [7, 4096, 65_536, 1 << 22]) expect(fileOnly(scan(log, chunk))).toEqual(expected);
    // A place another format read in the first lines ends the reading of the middle: a file-only place would not be kept.
    const placed = `src/app.c:3:1: error: expected ';'\n${log}`;
    const withPlace = ['./deploy/first.yml@2', 'tests/test_last.py@4004', 'config/last.toml@4005'];
    for (const chunk of [7, 4096, 65_536, 1 << 22]) expect(fileOnly(scan(placed, chunk))).toEqual(withPlace);
  });

  it('reads at most a bounded number of lines between the first and last 16 KiB', () => {
    const many = Array.from({ length: 400 }, (_, index) => `Error: no handler for conf/h${index}.yml\n${'quiet line\n'.repeat(20)}`).join(
      '',
    );
    const middle = fileOnly(scan(`${'quiet line\n'.repeat(2000)}${many}${'quiet line\n'.repeat(2000)}`, 65_536));
    expect(middle.length).toBeGreaterThan(0);
    expect(middle.length).toBeLessThanOrEqual(16);
  });

  it('reads every line of a short log once', () => {
    const short = "ERROR: The Compose file './a.yml' is invalid\nok\nError: bad value in conf/b.ini\n";
    for (const chunk of [1, 5, 1 << 16]) expect(fileOnly(scan(short, chunk))).toEqual(['./a.yml@1', 'conf/b.ini@3']);
  });

  it('leaves a line another format placed, and a file another format placed, to that format', () => {
    const placed = [
      'FAILED tests/test_cart.py::test_total - assert 3 == 4',
      'tests/test_cart.py:12: AssertionError',
      'Error E2209 foo.c 15: Unable to open include file',
      "ERROR: The Compose file './compose.yml' is invalid because:",
    ].join('\n');
    // The node id's file is placed by pytest's line; Borland's line is borland's; Compose's file is placed by no one.
    expect(fileOnly(scan(`${placed}\n`, 1 << 16))).toEqual(['./compose.yml@4']);
    // A bare name the prose tier guesses from words leaves the line to the file the message names (Laravel's own
    // laravel-view format, which reads this suffix first, is left out to see the generic tiers alone).
    const guessed = 'ErrorException in Factory.php line 564: Cannot end a section. (View: /srv/app/resources/views/home.blade.php)\n';
    const generic = registeredFormats()
      .map((format) => format.name)
      .filter((name) => name !== 'laravel-view');
    expect(fileOnly(scan(guessed, 1 << 16, generic))).toEqual(['/srv/app/resources/views/home.blade.php@1']);
    const views = scan(guessed, 1 << 16).map((location) => `${location.file}@${location.logLine} ${location.format}`);
    expect(views[0]).toBe('/srv/app/resources/views/home.blade.php@1 laravel-view');
  });

  it('keeps a bounded number of candidates, and its work does not grow with the log', () => {
    const failures = (count: number) =>
      Array.from({ length: count }, (_, index) => `Error: could not transform 'src/m${index}.js' in lib/x${index}.py\n`).join('');
    expect(fileOnly(scan(failures(20_000), 65_536)).length).toBeLessThanOrEqual(16);
    // The steps counted with the format minus those without it: the same for a log ten times longer.
    const others = registeredFormats()
      .filter((format) => format.lastResort !== true)
      .map((format) => format.name);
    const own = (count: number): number => {
      const withIt: WorkMeter = { steps: 0 };
      const without: WorkMeter = { steps: 0 };
      scan(failures(count), 65_536, undefined, withIt);
      scan(failures(count), 65_536, others, without);
      return withIt.steps - without.steps;
    };
    const small = own(2_000);
    expect(small).toBeGreaterThan(0);
    expect(own(20_000)).toBeLessThanOrEqual(small * 1.1);
  });

  // A gate (GrammarFormat.lastResortGate) spares the anchor's search the lines it finds nothing on, so it must find
  // something on each line the anchor selects: checked on every line of every fixture log and on lines of each shape.
  it("finds a match of each format's gate on every line its anchor selects", () => {
    const shapes = [
      "ERROR: The Compose file './a.yml' is invalid",
      '2024-05-01T10:00:00.000Z \u001b[31mFATAL\u001b[0m could not load "x"',
      'web_1  | Exception in thread main at "lib/a.rb" now',
      'tests/test_x.py ..F.  [100%]',
      'lib/x.dart: Error: No main method found.',
      'app/x.tsx  \r',
      'C:src\\x.cs: FAILURE here',
      'progress\rINVALID value in conf/a.ini',
    ];
    const fixtureLines: string[] = [];
    const walk = (folder: string): void => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.log')) fixtureLines.push(...readFileSync(path, 'latin1').split('\n'));
      }
    };
    walk('fixtures');
    const gated = registeredFormats().filter((format) => format.lastResortGate !== undefined);
    expect(gated.length).toBeGreaterThan(0);
    for (const format of gated) {
      const anchor = new RegExp(format.anchor, 'm');
      const gate = new RegExp(format.lastResortGate!, 'm');
      const selected = [...shapes, ...fixtureLines].filter((line) => anchor.test(line));
      expect(shapes.filter((line) => !anchor.test(line))).toEqual([]);
      expect(selected.length).toBeGreaterThan(shapes.length);
      expect(selected.filter((line) => !gate.test(line))).toEqual([]);
    }
  });
});
