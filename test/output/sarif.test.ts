import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020Module from 'ajv/dist/2020.js';
import AjvDraft04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { needsWhat } from '../_tools.js';
import type { LocateResult } from '../../src/core/index.js';
import { renderSarif } from '../../src/output/index.js';
import { location } from '../prompt/helpers.js';

// CommonJS packages: under NodeNext their default import is module.exports, whose `.default` is the export.
const Ajv2020 = Ajv2020Module.default;
const AjvDraft04 = AjvDraft04Module.default;
const addFormats = addFormatsModule.default;
const require = createRequire(import.meta.url);
const multitoolDir = join(require.resolve('@microsoft/sarif-multitool-linux/package.json'), '..');
const multitool = join(multitoolDir, 'Sarif.Multitool');

const result: LocateResult = {
  locations: [
    location(),
    location({
      file: 'src/ü b.ts',
      line: 3,
      column: 5,
      endLine: null,
      endColumn: null,
      severity: 'warning',
      code: null,
      format: 'eslint-unix',
      message: 'token=ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8',
    }),
    location({
      file: 'main.go',
      root: '/other',
      line: 9,
      endLine: 9,
      column: 4,
      endColumn: 11,
      columnUnit: 'byte',
      severity: null,
      code: null,
      format: 'go-build',
      message: 'undefined: x',
    }),
    location({ file: 'src/app.ts', line: 12, column: 7, message: "Type 'string' is not assignable to type 'number'." }),
    location({
      file: 'notes.txt',
      line: 1,
      column: null,
      endLine: null,
      endColumn: null,
      code: null,
      format: 'generic',
      severity: 'note',
      message: 'see here',
    }),
    // Roles (issue 13): a diagnostic with a related span, and a trace of three frames (innermost printed last).
    location({
      file: 'src/cart.ts',
      line: 5,
      column: 41,
      endColumn: 45,
      endLine: null,
      code: 'TS2551',
      format: 'tsc-pretty',
      message: "Property 'prise' does not exist on type 'Item'.",
      related: [
        location({
          file: 'src/types.ts',
          line: 3,
          column: 3,
          endLine: null,
          endColumn: 7,
          severity: 'note',
          code: null,
          format: 'tsc-pretty',
          message: "'price' is declared here.",
          role: 'related',
        }),
      ],
    }),
    location({
      file: 'tests/test_x.py',
      line: 10,
      column: null,
      endLine: null,
      endColumn: null,
      severity: null,
      code: null,
      format: 'pytest-long',
      message: '',
      columnUnit: 'char',
      frame: { trace: 7, index: 0, innermostLast: true, causeRank: 0 },
    }),
    location({
      file: 'src/x.py',
      line: 4,
      column: null,
      endLine: null,
      endColumn: null,
      severity: null,
      code: null,
      format: 'pytest-long',
      message: '',
      columnUnit: 'char',
      frame: { trace: 7, index: 1, innermostLast: true, causeRank: 0 },
    }),
    location({
      file: 'src/y.py',
      line: 2,
      column: null,
      endLine: null,
      endColumn: null,
      severity: null,
      code: null,
      format: 'pytest-long',
      message: 'ValueError: bad',
      columnUnit: 'char',
      frame: { trace: 7, index: 2, innermostLast: true, causeRank: 0 },
    }),
  ],
  unresolved: [],
  dropped: [],
};
const lines: Record<string, string> = { '/other/main.go': '\tx := "é"; y := 1' };
const readLine = (root: string, file: string) => lines[`${root}/${file}`];
const log = renderSarif(result, { readLine, run: { command: ['npm', 'test'], cwd: '/repo', exitCode: 1 }, toolVersion: '0.1.0' });

describe('renderSarif', () => {
  it('has the fields GitHub reads', () => {
    const run = (log.runs as any[])[0];
    expect(log.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(log.version).toBe('2.1.0');
    expect(run.tool.driver.name).toBe('faultline');
    // faultline has no public page: no informationUri rather than one that does not exist (issue 24).
    expect(run.tool.driver.informationUri).toBeUndefined();
    expect(run.tool.driver.rules.map((rule: any) => rule.id)).toEqual([
      'tsc/TS2322',
      'eslint-unix',
      'go-build',
      'generic',
      'tsc-pretty/TS2551',
      'pytest-long',
    ]);
    expect(run.columnKind).toBe('utf16CodeUnits');
    expect(run.originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: 'file:///repo/' }, ROOT1: { uri: 'file:///other/' } });
    const [first, second, third, fourth] = run.results;
    expect(first.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: 'src/app.ts', uriBaseId: '%SRCROOT%' },
      // faultline's end column 10 is inclusive; SARIF's is exclusive, so one past it.
      region: { startLine: 12, startColumn: 7, endLine: 12, endColumn: 11 },
    });
    expect(first.level).toBe('error');
    expect(second.level).toBe('warning');
    expect(second.locations[0].physicalLocation.artifactLocation.uri).toBe('src/%C3%BC%20b.ts');
    expect(second.message.text).toBe('token=[REDACTED:github-token]');
    expect(run.redactionTokens).toEqual(['[REDACTED:github-token]']);
    // (schema note: rtm.5's language pattern is not a valid /u regex, hence unicodeRegExp: false below.)
    // Go's byte columns 4 and 11 (inclusive) in "\tx := \"é\"…" → UTF-16 4 and, one past byte 11, 11 (é is 2 bytes, 1 unit).
    expect(third.locations[0].physicalLocation.region).toEqual({ startLine: 9, startColumn: 4, endLine: 9, endColumn: 11 });
    expect(third.level).toBe('error');
    expect(first.partialFingerprints['faultlineLocationHash/v1']).toMatch(/^[0-9a-f]{32}:1$/);
    expect(fourth.partialFingerprints['faultlineLocationHash/v1']).toMatch(/:2$/);
    expect(run.invocations[0]).toMatchObject({ commandLine: 'npm test', exitCode: 1, workingDirectory: { uri: 'file:///repo/' } });
  });

  it('names rules readably, never equal to the id', () => {
    const rules = (log.runs as any[])[0].tool.driver.rules.map((rule: any) => rule.name);
    expect(rules).toEqual(['TscTS2322', 'EslintUnixFinding', 'GoBuildFinding', 'GenericFinding', 'TscPrettyTS2551', 'PytestLongFinding']);
  });

  it('puts related spans in relatedLocations and a trace in one result with a codeFlow (no result per caller)', () => {
    const results = (log.runs as any[])[0].results;
    expect(results).toHaveLength(7);
    const [declared, trace] = results.slice(5);
    expect(declared.relatedLocations).toEqual([
      {
        id: 1,
        physicalLocation: {
          artifactLocation: { uri: 'src/types.ts', uriBaseId: '%SRCROOT%' },
          region: { startLine: 3, startColumn: 3, endLine: 3, endColumn: 8 },
        },
        message: { text: "'price' is declared here." },
      },
    ]);
    expect(trace.message.text).toBe('ValueError: bad');
    expect(trace.locations[0].physicalLocation.artifactLocation.uri).toBe('src/y.py');
    const steps = trace.codeFlows[0].threadFlows[0].locations;
    expect(
      steps.map((step: any) => [step.location.physicalLocation.artifactLocation.uri, step.executionOrder, step.location.message.text]),
    ).toEqual([
      ['tests/test_x.py', 1, 'called from here'],
      ['src/x.py', 2, 'called from here'],
      ['src/y.py', 3, 'ValueError: bad'],
    ]);
  });

  it('drops columns it cannot convert rather than emit them in the wrong unit', () => {
    const bytes = renderSarif({ locations: [location({ columnUnit: 'byte' })], unresolved: [], dropped: [] });
    const region = (bytes.runs as any[])[0].results[0].locations[0].physicalLocation.region;
    expect(region).toEqual({ startLine: 12 });
  });

  it('validates against the official 2.1.0 schema (draft-04, ajv-draft-04)', () => {
    const schema = JSON.parse(readFileSync(new URL('./fixtures/sarif-schema-2.1.0-rtm.5.json', import.meta.url), 'utf8'));
    const ajv = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...log, runs: [{ ...(log.runs as any[])[0], columnKind: 'bytes' }] })).toBe(false);
  });

  it('validates against the multitool-shipped 2.1.0 schema (2020-12)', () => {
    const schema = JSON.parse(readFileSync(join(multitoolDir, 'sarif-2.1.0.json'), 'utf8'));
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
  });

  const dir = mkdtempSync(join(tmpdir(), 'faultline-sarif-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function multitoolFindings(sarif: unknown, name: string): string[] {
    const input = join(dir, `${name}.sarif`);
    const report = join(dir, `${name}.report.sarif`);
    writeFileSync(input, JSON.stringify(sarif, null, 2));
    try {
      execFileSync(multitool, ['validate', input, '--rule-kind', 'Sarif;Ghas', '--output', report, '--log', 'ForceOverwrite'], {
        env: { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1' },
        stdio: 'pipe',
      });
    } catch {
      // A non-zero exit with findings is read from the report below.
    }
    const validation = JSON.parse(readFileSync(report, 'utf8'));
    return validation.runs[0].results
      .filter((finding: any) => finding.level !== 'note' && finding.level !== 'none')
      .map((finding: any) => `${finding.ruleId} ${finding.level}`);
  }

  it.skipIf(!existsSync(multitool))(
    `passes the SARIF multitool with GitHub ingestion rules (Sarif;Ghas) ${needsWhat('the SARIF multitool', existsSync(multitool), 'npm ci installs the @microsoft/sarif-multitool dev dependency')}`,
    () => {
      // SARIF2005 (ProvideToolProperties, a Sarif-ruleset warning, not a GitHub ingestion rule) asks for the
      // tool's informationUri, which faultline leaves out on purpose: it has no public page to point at. With one
      // given (renderSarif's informationUri option) nothing is reported.
      expect(multitoolFindings(log, 'ok')).toEqual(['SARIF2005 undefined']);
      const withPage = structuredClone(log) as any;
      withPage.runs[0].tool.driver.informationUri = 'https://example.com/tools/faultline';
      expect(multitoolFindings(withPage, 'with-page')).toEqual([]);
      // The check is live: a rule without `help` is what GitHub rejects (GH2012).
      const broken = structuredClone(log) as any;
      delete broken.runs[0].tool.driver.rules[0].help;
      expect(multitoolFindings(broken, 'broken').join('\n')).toMatch(/GH\d+/);
    },
    120_000,
  );
});
