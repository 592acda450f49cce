// What the two ablations share (ablation.mjs on study sets, ablation-fixtures.mjs on the repository's fixtures):
// which formats are generic tiers, each format's catalog family, and the tallies they print.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
// The tiers that read any tool's output: a primary they produced already is the fallback's answer, so leaving the
// format out would measure nothing; such logs are counted apart.
export const GENERIC_TIERS = new Set(['generic', 'permissive', 'prose']);
// A first place in one of these folders is a vendored, generated or installed file winning over the user's own.
export const NOT_OWN = new RegExp(
  '(?:^|/)(?:node_modules|vendor|site-packages|dist-packages|third_party|\\.cargo|\\.gradle|gems|CMakeFiles|build|dist|out|target|' +
    'generated|\\.venv|venv)/',
);

/** Format name → its catalog family (the top-level file or folder under src/grammars/catalog defining it). */
export function catalogFamilies(cli) {
  const listed = spawnSync(process.execPath, [cli, 'formats', '--json'], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const known = new Set(JSON.parse(listed.stdout).formats.map((format) => format.name));
  const catalog = join(REPO, 'src', 'grammars', 'catalog');
  const familyOf = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.ts')) {
        const family = relative(catalog, path).split('/')[0].replace(/\.ts$/, '');
        for (const match of readFileSync(path, 'utf8').matchAll(/\bname: '([a-z0-9-]+)'/g))
          if (known.has(match[1]) && !familyOf.has(match[1])) familyOf.set(match[1], family);
      }
    }
  };
  walk(catalog);
  return familyOf;
}

/** Family → its formats, the specific ones only (leaving a generic tier out would measure nothing). */
export function membersOfFamilies(familyOf) {
  const membersOf = new Map();
  for (const [format, family] of familyOf)
    if (!GENERIC_TIERS.has(format)) membersOf.set(family, [...(membersOf.get(family) ?? []), format]);
  return membersOf;
}

export function tally() {
  return { logs: 0, primary: 0, recalled: 0, expected: 0, leaks: 0 };
}

export function add(total, scored) {
  total.logs += 1;
  total.primary += scored.primaryHit ? 1 : 0;
  total.recalled += scored.recalled;
  total.expected += scored.expected;
  total.leaks += scored.leaks.length;
}

export const pct = (part, whole) => (whole === 0 ? '-' : `${((part / whole) * 100).toFixed(1)} %`);
export const line = (t) =>
  `primary ${t.primary}/${t.logs} = ${pct(t.primary, t.logs)}, recall ${t.recalled}/${t.expected}, leaks ${t.leaks}`;

/** The closing lines both ablations print: who caught the logs right without their format, and the misses by why. */
export function renderTail(out, all, misses, nameOf) {
  const caught = Object.entries(all.caughtBy).sort((a, b) => b[1] - a[1]);
  out.push(`  right without its format, read by: ${caught.map(([format, count]) => `${format} ${count}`).join(', ')}`);
  for (const scope of ['format', 'family']) {
    const byWhy = new Map();
    for (const miss of misses.filter((m) => m.scope === scope)) byWhy.set(miss.why, [...(byWhy.get(miss.why) ?? []), miss]);
    out.push('', `misses without the ${scope}, by why:`);
    for (const [why, list] of [...byWhy].sort((a, b) => b[1].length - a[1].length)) {
      out.push(`  ${why}: ${list.length}`);
      if (nameOf) for (const m of list) out.push(`    ${nameOf(m)} (${m.format}, ${m.family}): want ${m.want}, got ${m.got}`);
    }
  }
}
