// docs/formats.md is generated from the registry; a stale copy fails here (regenerate: npm run docs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allFormatSpecs, renderFormatsMarkdown } from '../src/cli/commands/formats.js';

describe('docs/formats.md', () => {
  it('matches the registry', () => {
    const onDisk = readFileSync(join(import.meta.dirname, '..', 'docs', 'formats.md'), 'utf8');
    expect(onDisk, 'docs/formats.md is stale: run `npm run docs`').toBe(renderFormatsMarkdown(allFormatSpecs()));
  });
});

// The README's quick-start output is what the CLI prints today (issue 13: the examples show the new output).
describe('README quick start', () => {
  it("shows exactly what 'npm run example' prints", async () => {
    const { runCli } = await import('../src/cli/run-cli.js');
    const { captureIo } = await import('./cli/_io.js');
    const root = join(import.meta.dirname, '..');
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const shown = /The first command prints:\n\n```\n([\s\S]*?)```/.exec(readme)?.[1];
    const io = captureIo({ cwd: root });
    await runCli(['locate', 'examples/ts-app/tsc.log', '--cwd', 'examples/ts-app'], io);
    expect(shown).toBe(io.out.join(''));
  });
});

// Every figure the README states about the catalog is the registry's (issue 24: it said 107 long after 161).
describe('README figures', () => {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
  const specs = allFormatSpecs();
  const languages = new Set(specs.map((spec) => spec.language)).size;
  const observed = specs.filter((spec) => spec.observed).length;
  const structured = specs.filter((spec) => spec.input === 'structured').length;
  const figures = (pattern: RegExp) => [...readme.matchAll(pattern)].map((match) => Number(match[1]));

  it('states the number of formats, languages, observed, documented and structured formats of the registry', () => {
    // Every "N formats" / "N location formats", wherever it is written.
    const formatCounts = figures(/\b(\d+) (?:location |text )?formats\b/g);
    expect(formatCounts.length).toBeGreaterThan(0);
    expect(formatCounts).toEqual(formatCounts.map(() => specs.length));
    expect(figures(/\bover (\d+) languages\b/g)).toEqual([languages]);
    expect(figures(/\b(\d+) of them with fixtures recorded\b/g)).toEqual([observed]);
    expect(figures(/\bthe other (\d+) written from\b/g)).toEqual([specs.length - observed]);
    expect(figures(/\b(\d+) of the \d+ are the structured reports\b/g)).toEqual([structured]);
  });
});

// Every docs/NAME.md that the README, the docs or a source comment names exists (a comment linked
// docs/command-safety.md, which never did).
describe('links to docs/', () => {
  it('name files that exist', async () => {
    const { readdirSync, existsSync, statSync } = await import('node:fs');
    const root = join(import.meta.dirname, '..');
    const files = (dir: string): string[] =>
      readdirSync(join(root, dir)).flatMap((name) =>
        statSync(join(root, dir, name)).isDirectory()
          ? files(join(dir, name))
          : /\.(ts|md|mjs|yml|yaml)$/.test(name)
            ? [join(dir, name)]
            : [],
      );
    const texts = ['README.md', '.pre-commit-hooks.yaml', 'action.yml', ...files('src'), ...files('docs'), ...files('scripts')];
    const missing: string[] = [];
    for (const file of texts) {
      for (const match of readFileSync(join(root, file), 'utf8').matchAll(/(?<![\w/.-])docs\/([\w.-]+\.md)\b/g)) {
        if (!existsSync(join(root, 'docs', match[1]!))) missing.push(`${file}: docs/${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

// `npm test` on a machine without a tool must say which tool each skipped test needed (issue 24: one of four did).
describe('skipped tests', () => {
  it('name what they need in their title, through needs() or needsWhat() (which also print it once)', async () => {
    const { readdirSync, statSync } = await import('node:fs');
    const root = join(import.meta.dirname, '..', 'test');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) =>
        statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : name.endsWith('.test.ts') ? [join(dir, name)] : [],
      );
    const unnamed: string[] = [];
    for (const file of files(root)) {
      const text = readFileSync(file, 'utf8');
      // The title is the first string argument after skipIf(…)(; a platform skip names no tool to install.
      for (const match of text.matchAll(/\.skipIf\(([^\n]*?)\)\(\s*(`[^`]*`|'[^']*')/g)) {
        if (/process\.platform/.test(match[1]!)) continue;
        // A skipped each() table titled by its case: the describe block just above names the need for all of them.
        const describeAbove = /describe\(`[^`]*\$\{needs(?:What)?\([^`]*`, \(\) => \{\n\s*(?:it|test)$/.test(
          text.slice(Math.max(0, match.index! - 400), match.index!),
        );
        if (!describeAbove && !/\$\{needs(?:What)?\(/.test(match[2]!))
          unnamed.push(`${file.slice(root.length + 1)}: ${match[2]!.slice(0, 80)}`);
      }
    }
    expect(unnamed).toEqual([]);
  });
});

// Install and integration docs a user follows as written: no placeholder owner to guess (issue 24).
describe('no placeholders', () => {
  it('README, docs, action.yml and the hook manifest name no OWNER', () => {
    const root = join(import.meta.dirname, '..');
    for (const file of ['README.md', 'docs/integrations.md', 'docs/agent-shell.md', 'action.yml', '.pre-commit-hooks.yaml']) {
      expect(readFileSync(join(root, file), 'utf8'), file).not.toMatch(/\bOWNER\b/);
    }
  });
});
