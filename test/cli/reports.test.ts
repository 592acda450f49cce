// Structured reports through the CLI: `locate` and `run` find them by content, `--input-format` forces or
// refuses them. The acceptance check, `faultline run -- npx eslint --format json`, runs when eslint is here.
import { cpSync, existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { needsWhat } from '../_tools.js';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from './_io.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');
let workspace: string;

beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'fl-reports-'));
  cpSync(join(FIXTURES, 'eslint-json', 'two-files'), workspace, { recursive: true });
  cpSync(join(FIXTURES, 'eslint-json', 'two-files.log'), join(workspace, 'eslint.json'));
});

async function cli(args: string[]) {
  const io = captureIo({ cwd: workspace, env: process.env });
  const code = await runCli(args, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

// Where scripts/fixtures/reports.sh installs eslint (FL_TOOLS, default /tmp/fl-rep-tools): npx finds it through
// the workspace's node_modules, as in a project that depends on eslint.
// Else the eslint this repository pins as a devDependency (for faultline fix's tests), so `npm ci` is enough.
const eslintModules =
  [join(process.env.FL_TOOLS ?? '/tmp/fl-rep-tools', 'eslint', 'node_modules'), join(import.meta.dirname, '..', '..', 'node_modules')].find(
    (modules) => existsSync(join(modules, '.bin', 'eslint')),
  ) ?? '';
const eslintAvailable = eslintModules !== '';

describe('structured reports through the CLI', () => {
  it('locate finds an eslint JSON report by its content', async () => {
    const { code, out } = await cli(['locate', 'eslint.json', '--json', '--root', '.']);
    expect(code).toBe(1);
    const json = JSON.parse(out);
    expect(json.locations.map((l: { file: string; line: number; format: string }) => `${l.file}:${l.line} ${l.format}`).sort()).toEqual([
      'src/cart.js:2 eslint-json',
      'src/util.js:3 eslint-json',
      'src/util.js:5 eslint-json',
      'src/util.js:6 eslint-json',
      'src/util.js:7 eslint-json',
    ]);
  });

  it('--input-format text reads it as text (no report reader), and an unknown name is a usage error', async () => {
    // As text, only the generic tiers read it: the prose tier's record fields pair a `"filePath"` with the `"line"`
    // after it (confirmed in the workspace), never the eslint-json reader with its columns and rule codes.
    const asText = await cli(['locate', 'eslint.json', '--root', '.', '--input-format', 'text', '--json']);
    const formats = JSON.parse(asText.out).locations.map((location: { format: string }) => location.format);
    expect(formats).not.toContain('eslint-json');
    expect(formats.every((format: string) => format === 'prose')).toBe(true);
    const unknown = await cli(['locate', 'eslint.json', '--input-format', 'eslint-jsonl']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("unknown input format 'eslint-jsonl'");
  });

  it('run finds the report a command prints (cat of a real eslint --format json output)', async () => {
    const { code, out } = await cli(['run', '--json', '--', 'cat', 'eslint.json']);
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.locations).toHaveLength(5);
    expect(json.locations[0]).toMatchObject({
      file: 'src/cart.js',
      line: 2,
      column: 25,
      endColumn: 26,
      severity: 'error',
      code: 'eqeqeq',
      format: 'eslint-json',
    });
  });

  it('run refuses an unknown --input-format before running anything', async () => {
    const { code, err } = await cli(['run', '--input-format', 'nope', '--', 'cat', 'eslint.json']);
    expect(code).toBe(125);
    expect(err).toContain("unknown input format 'nope'");
  });

  it.skipIf(!eslintAvailable)(
    `acceptance: faultline run -- npx eslint --format json finds the locations ${needsWhat('eslint', eslintAvailable, 'sh scripts/fixtures/reports.sh installs it')}`,
    async () => {
      symlinkSync(eslintModules, join(workspace, 'node_modules'));
      const { code, out } = await cli(['run', '--json', '--', 'npx', '--no-install', 'eslint', '--format', 'json', 'src']);
      expect(code).toBe(1);
      expect(JSON.parse(out).locations.length).toBeGreaterThan(0);
    },
  );
});
