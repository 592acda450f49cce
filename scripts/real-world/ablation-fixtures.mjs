// The fallback ablation on the repository's own fixtures (`ablation.mjs --fixtures [DIR]`): a corpus we own, one
// format per folder, each `<case>.log` with its reviewed `<case>.expected.json` and workspace. Every case whose
// expectation lists a place is located as check-fixtures locates it (the same cwd, roots and recorded command,
// through the built library beside the CLI), then again with the format that read its first place left out, and
// again with that format's whole catalog family left out. Each run is scored against the expectation: is the first
// place (file and line) still the expected first place, and how many of the expected places are listed.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GENERIC_TIERS, add, line, renderTail, tally } from './ablation-common.mjs';

/** `$FIXTURE/x` in an expectation is the folder `x` beside the case's log. */
const placeOf = (folder, loc) => `${loc.root.startsWith('$FIXTURE/') ? join(folder, loc.root.slice(9)) : loc.root}/${loc.file}:${loc.line}`;

function scoreRun(want, result) {
  const places = result.locations.map((loc) => placeOf('', loc));
  const listed = new Set(result.locations.flatMap((loc) => [loc, ...(loc.related ?? [])]).map((loc) => placeOf('', loc)));
  return {
    primaryHit: places[0] === want[0],
    recalled: want.filter((place) => listed.has(place)).length,
    expected: want.length,
    leaks: [],
    first: places[0] ?? null,
    firstFormat: result.locations[0]?.format ?? null,
    found: places,
  };
}

function whyMissed(want, scored) {
  if (scored.found.length === 0) return 'nothing found';
  if (scored.found.includes(want[0])) return 'wrong place first (right place found lower)';
  return 'wrong place first (right place not found)';
}

/** Runs the ablation on every fixture under options.fixtures and returns the report (text or JSON). */
export async function ablateFixtures(options) {
  const library = join(dirname(options.cli), 'locate.js');
  if (!existsSync(library)) throw new Error(`no library at ${library} (run npm run build)`);
  const { findFixtureCases, locate } = await import(pathToFileURL(library).href);
  const rows = new Map();
  const all = { cases: 0, noPlace: 0, base: tally(), fallbackAlready: 0, format: tally(), family: tally(), caughtBy: {} };
  const misses = [];
  for (const fixture of findFixtureCases(options.fixtures)) {
    const folderName = fixture.name.includes('/') ? fixture.name.split('/')[0] : basename(options.fixtures);
    if (options.only.size > 0 && !options.only.has(folderName) && !options.only.has(fixture.name)) continue;
    all.cases += 1;
    const expected = existsSync(fixture.expectedPath) ? JSON.parse(readFileSync(fixture.expectedPath, 'utf8')) : { locations: [] };
    if (expected.locations.length === 0) {
      all.noPlace += 1;
      continue;
    }
    const folder = dirname(fixture.log);
    const want = expected.locations.map((loc) => placeOf(folder, loc));
    const run = async (excluded) =>
      scoreRun(
        want,
        await locate(
          { path: fixture.log },
          {
            cwd: fixture.cwd,
            roots: fixture.roots,
            ...(fixture.command ? { command: fixture.command } : {}),
            ...(excluded.length > 0 ? { excludeFormats: excluded } : {}),
          },
        ),
      );
    const row = rows.get(folderName) ?? { format: folderName, base: tally(), fallbackAlready: 0, format_: tally(), family: tally() };
    rows.set(folderName, row);
    const base = await run([]);
    add(all.base, base);
    add(row.base, base);
    if (!base.primaryHit) continue;
    const format = base.firstFormat;
    let withoutFormat = base;
    let withoutFamily = base;
    if (GENERIC_TIERS.has(format)) {
      all.fallbackAlready += 1;
      row.fallbackAlready += 1;
    } else {
      withoutFormat = await run([format]);
      const family = options.familyOf.get(format);
      const members = family ? (options.membersOf.get(family) ?? [format]) : [format];
      withoutFamily = members.length <= 1 ? withoutFormat : await run(members);
      if (withoutFormat.primaryHit) all.caughtBy[withoutFormat.firstFormat] = (all.caughtBy[withoutFormat.firstFormat] ?? 0) + 1;
      for (const [scope, scored] of [
        ['format', withoutFormat],
        ['family', withoutFamily],
      ]) {
        if (scored.primaryHit) continue;
        const short = (place) => (place ? place.slice(folder.length + 1) : '(none)');
        misses.push({ case: fixture.name, scope, format, family: family ?? format, why: whyMissed(want, scored), want: short(want[0]) });
        misses.at(-1).got = short(scored.first);
      }
    }
    add(all.format, withoutFormat);
    add(row.format_, withoutFormat);
    add(all.family, withoutFamily);
    add(row.family, withoutFamily);
  }
  const perFormat = [...rows.values()].map(({ format_, family, ...row }) => ({ ...row, withoutFormat: format_, withoutFamily: family }));
  if (options.json) return `${JSON.stringify({ all, formats: perFormat, misses }, null, 2)}\n`;
  return render(all, perFormat, misses, options.misses);
}

function render(all, perFormat, misses, listMisses) {
  const figures = (t) => `${t.primary}/${t.logs} recall ${t.recalled}/${t.expected}`;
  const out = ['format: cases with a place, right | by a generic tier already | without its format | without its family'];
  for (const row of perFormat)
    out.push(
      `  ${row.format}: ${row.base.primary}/${row.base.logs} | ${row.fallbackAlready} | ${figures(row.withoutFormat)} | ${figures(row.withoutFamily)}`,
    );
  out.push('', `ALL ${all.cases} cases, ${all.noPlace} without a place; right ${all.base.primary}/${all.base.logs}`);
  out.push(`  by a generic tier already: ${all.fallbackAlready}`);
  out.push(`  without its format: ${line(all.format)}`, `  without its family: ${line(all.family)}`);
  renderTail(out, all, misses, listMisses ? (m) => m.case : undefined);
  return `${out.join('\n')}\n`;
}
