#!/usr/bin/env node
// The fallback ablation: how often do the generic tiers (generic, permissive, prose, directory tracking, workspace
// confirmation, ranking) still find the right place first when the format that reads a log is missing? For every
// study log the CLI gets right, it names the format of the primary (the JSON output's `format`), runs again with
// that format left out (`--without-tool`), and again with its whole catalog family left out (every format defined
// in the same file or folder under src/grammars/catalog), scoring each run as study.mjs does. Logs and labels are
// third-party text and live outside the repository; docs/real-world.md records the method and the figures.
//
//   node scripts/real-world/ablation.mjs [--cli dist/cli.cjs] [--json] [--misses] [--only ID]... SET_DIR...
//   (a SET_DIR holds logs/ and labels/, as study.mjs reads them)
//   node scripts/real-world/ablation.mjs [--cli dist/cli.cjs] [--json] [--misses] [--only TEXT]... --fixtures [DIR]
//   (the repository's own fixtures, default fixtures/: ablation-fixtures.mjs)
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ablateFixtures } from './ablation-fixtures.mjs';
import { GENERIC_TIERS, NOT_OWN, REPO, add, catalogFamilies, line, membersOfFamilies, renderTail, tally } from './ablation-common.mjs';
import { loadLabel, materialise, runCli, score } from './study.mjs';

const USAGE = 'usage: ablation.mjs [--cli FILE] [--json] [--misses] [--only ID]... (SET_DIR... | --fixtures [DIR])';

function parseArgs(argv) {
  const options = { cli: join(REPO, 'dist', 'cli.cjs'), json: false, misses: false, only: new Set(), sets: [], fixtures: null };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--cli') options.cli = resolve(argv[++i] ?? fail('--cli needs a value'));
    else if (arg === '--json') options.json = true;
    else if (arg === '--misses') options.misses = true;
    else if (arg === '--only') options.only.add(argv[++i] ?? fail('--only needs a value'));
    else if (arg === '--fixtures')
      options.fixtures = argv[i + 1] && !argv[i + 1].startsWith('--') ? resolve(argv[++i]) : join(REPO, 'fixtures');
    else if (arg.startsWith('--')) fail(`unknown argument ${arg}`);
    else options.sets.push(resolve(arg));
  }
  if (!existsSync(options.cli)) fail(`no CLI at ${options.cli} (run npm run build)`);
  if (options.fixtures !== null) {
    if (options.sets.length > 0) fail('--fixtures takes no set folders');
    if (!existsSync(options.fixtures)) fail(`no fixture folder at ${options.fixtures}`);
    return options;
  }
  if (options.sets.length === 0) fail('name at least one set folder');
  for (const set of options.sets)
    if (!existsSync(join(set, 'logs')) || !existsSync(join(set, 'labels'))) fail(`${set} holds no logs/ and labels/`);
  return options;
}

function fail(message) {
  process.stderr.write(`ablation: ${message}\n${USAGE}\n`);
  process.exit(2);
}

/** Why an ablated run missed, as the task groups them. */
function whyMissed(label, scored) {
  if (scored.found.length === 0) return 'nothing found';
  const first = scored.first.file;
  if (scored.leaks.length > 0 && label.forbidden.some((prefix) => first.startsWith(prefix) || first.includes(`/${prefix}`)))
    return 'a vendored or generated file won';
  if (NOT_OWN.test(first)) return 'a vendored or generated file won';
  if (scored.found.some((got) => got.file === label.primary.file && got.line === label.primary.line))
    return 'wrong place first (right place found lower)';
  return 'wrong place first (right place not found)';
}

function ablateSet(set, name, cli, familyOf, membersOf, only) {
  const result = { set: name, base: tally(), fallbackAlready: 0, format: tally(), family: tally(), caughtBy: {}, misses: [] };
  const labelFiles = readdirSync(join(set, 'labels'))
    .filter((name) => name.endsWith('.json'))
    .sort();
  for (const file of labelFiles) {
    const label = loadLabel(join(set, 'labels', file));
    const log = join(set, 'logs', `${label.id}.log`);
    if (label.primary === null || !existsSync(log) || (only.size > 0 && !only.has(label.id))) continue;
    const ws = materialise(label);
    try {
      const base = runCli(cli, log, ws, label);
      const scoredBase = score(label, base);
      if (!scoredBase.primaryHit) continue;
      add(result.base, scoredBase);
      const format = base.locations[0].format;
      if (GENERIC_TIERS.has(format)) {
        result.fallbackAlready += 1;
        add(result.format, scoredBase);
        add(result.family, scoredBase);
        continue;
      }
      const formatRun = runCli(cli, log, ws, label, ['--without-tool', format]);
      const withoutFormat = score(label, formatRun);
      add(result.format, withoutFormat);
      if (withoutFormat.primaryHit)
        result.caughtBy[formatRun.locations[0].format] = (result.caughtBy[formatRun.locations[0].format] ?? 0) + 1;
      const family = familyOf.get(format);
      const members = family ? (membersOf.get(family) ?? [format]) : [format];
      const withoutFamily =
        members.length <= 1
          ? withoutFormat
          : score(
              label,
              runCli(
                cli,
                log,
                ws,
                label,
                members.flatMap((member) => ['--without-tool', member]),
              ),
            );
      add(result.family, withoutFamily);
      for (const [scope, scored] of [
        ['format', withoutFormat],
        ['family', withoutFamily],
      ]) {
        if (scored.primaryHit) continue;
        result.misses.push({
          set: name,
          id: label.id,
          tool: label.tool,
          scope,
          format,
          family: family ?? format,
          why: whyMissed(label, scored),
          want: `${label.primary.file}:${label.primary.line}`,
          got: scored.first ? `${scored.first.file}:${scored.first.line}` : '(none)',
        });
      }
    } finally {
      rmSync(ws, { recursive: true, force: true });
    }
  }
  return result;
}

/** The folder every set lies in, so a set is named `fresh9/B` rather than by its whole path. */
function commonParent(paths) {
  let parent = dirname(paths[0]);
  while (!paths.every((path) => path.startsWith(`${parent}/`))) parent = dirname(parent);
  return parent;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const familyOf = catalogFamilies(options.cli);
  if (process.env.ABLATION_FAMILIES) process.stderr.write(`${JSON.stringify(Object.fromEntries(familyOf))}\n`);
  const membersOf = membersOfFamilies(familyOf);
  if (options.fixtures !== null) {
    process.stdout.write(await ablateFixtures({ ...options, familyOf, membersOf }));
    return;
  }
  const names = options.sets.map((set) => relative(commonParent(options.sets), set));
  const results = options.sets.map((set, i) => ablateSet(set, names[i], options.cli, familyOf, membersOf, options.only));
  const all = { base: tally(), format: tally(), family: tally(), fallbackAlready: 0, caughtBy: {} };
  for (const r of results) {
    for (const key of ['base', 'format', 'family']) for (const field of Object.keys(all[key])) all[key][field] += r[key][field];
    all.fallbackAlready += r.fallbackAlready;
    for (const [format, count] of Object.entries(r.caughtBy)) all.caughtBy[format] = (all.caughtBy[format] ?? 0) + count;
  }
  const misses = results.flatMap((r) => r.misses);
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ all, sets: results.map(({ misses: _m, ...r }) => r), misses }, null, 2)}\n`);
    return;
  }
  const out = [];
  for (const r of results) {
    out.push(
      `${r.set}: right ${r.base.logs} (${r.fallbackAlready} by a generic tier) | without format ${line(r.format)}` +
        ` | without family ${line(r.family)}`,
    );
  }
  out.push('', `ALL right ${all.base.logs} (${all.fallbackAlready} by a generic tier already)`);
  out.push(`  without its format: ${line(all.format)}`, `  without its family: ${line(all.family)}`);
  renderTail(out, all, misses, options.misses ? (m) => `${m.set}/${m.id}` : undefined);
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
