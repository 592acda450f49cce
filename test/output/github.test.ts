import { describe, expect, it } from 'vitest';
import type { LocateResult } from '../../src/core/index.js';
import { escapeData, escapeProperty, renderGithub, renderOutput, wrapStopCommands } from '../../src/output/index.js';
import { locate } from '../../src/locate/index.js';
import { location } from '../prompt/helpers.js';

const result = (locations: LocateResult['locations']): LocateResult => ({ locations, unresolved: [], dropped: [] });

describe('github workflow commands', () => {
  it('escapes data (% CR LF) and properties (also : and ,), % first', () => {
    expect(escapeData('100%\r\nok: a,b')).toBe('100%25%0D%0Aok: a,b');
    expect(escapeProperty('C:\\a,b%0A')).toBe('C%3A\\a%2Cb%250A');
  });

  it('emits one annotation per location with col/endColumn and title', () => {
    const out = renderGithub(result([location({ message: 'line one\nline two: 50%' })]));
    expect(out.annotations).toBe('::error file=src/app.ts,line=12,col=7,endColumn=10,title=TS2322 (tsc)::line one%0Aline two: 50%25\n');
  });

  it('escapes a file name with a comma and colon, maps severities, omits columns on multi-line ranges', () => {
    const out = renderGithub(
      result([
        location({ file: 'a,b:c.ts', severity: 'warning', code: null, format: 'eslint-unix' }),
        location({ severity: 'note', line: 3, endLine: 5, column: 2, endColumn: 4 }),
      ]),
    );
    expect(out.annotations.split('\n')[0]).toBe(
      '::warning file=a%2Cb%3Ac.ts,line=12,col=7,endColumn=10,title=eslint-unix::' + "Type 'string' is not assignable to type 'number'.",
    );
    expect(out.annotations.split('\n')[1]).toMatch(/^::notice file=src\/app\.ts,line=3,endLine=5,title=TS2322 \(tsc\)::/);
  });

  it('caps annotations at 10 per severity and tables everything for the step summary', () => {
    const errors = Array.from({ length: 13 }, (_, index) => location({ line: index + 1, message: `e${index} | <b>` }));
    const warnings = Array.from({ length: 2 }, (_, index) => location({ line: 100 + index, severity: 'warning' }));
    const out = renderGithub(result([...errors, ...warnings]), {
      links: { serverUrl: 'https://github.com', repository: 'acme/web', sha: 'abc123' },
    });
    const lines = out.annotations.trimEnd().split('\n');
    expect(lines.filter((line) => line.startsWith('::error '))).toHaveLength(10);
    expect(lines.filter((line) => line.startsWith('::warning '))).toHaveLength(2);
    expect(out.annotated).toBe(12);
    expect(out.stepSummary).toContain('### faultline: 15 findings from 1 tool (12 shown as annotations)');
    expect(out.stepSummary).toContain(
      '| 13 | error | tsc TS2322 | [src/app.ts:13:7](https://github.com/acme/web/blob/abc123/src/app.ts#L13) | e12 \\| &lt;b&gt; |  |',
    );
    expect(out.stepSummary.split('\n').filter((line) => line.startsWith('| ') && /^\| \d/.test(line))).toHaveLength(15);
  });

  it('redacts messages by default', () => {
    const token = `ghp_${'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'}`;
    const out = renderGithub(result([location({ message: `push failed with ${token}` })]));
    expect(out.annotations).not.toContain(token);
    expect(out.annotations).toContain('[REDACTED:github-token]');
    expect(out.stepSummary).not.toContain(token);
  });

  it('returns nothing for no locations', () => {
    expect(renderGithub(result([]))).toEqual({ annotations: '', stepSummary: '', annotated: 0 });
    expect(renderOutput('github', result([]))).toEqual({ stdout: '', stepSummary: '' });
  });

  it('wraps raw output in stop-commands with a random token', () => {
    const wrapped = wrapStopCommands('::error::fake\nplain');
    const token = /^::stop-commands::([0-9a-f]{32})\n/.exec(wrapped)?.[1];
    expect(token).toBeDefined();
    expect(wrapped.endsWith(`::${token}::\n`)).toBe(true);
    expect(wrapped).toContain('::error::fake\nplain\n');
    expect(wrapStopCommands('x', 'tok')).toBe('::stop-commands::tok\nx\n::tok::\n');
    expect(wrapStopCommands('a')).not.toBe(wrapStopCommands('a'));
  });
});

describe('repo-relative paths', () => {
  it('reports files relative to repoRoot when a root is a sub-package (ecosystem.md §1.4)', async () => {
    const { renderGitlab, renderRdjsonl, renderSarif } = await import('../../src/output/index.js');
    const nested = result([location({ root: '/repo/packages/web', file: 'src/a.ts', absolutePath: '/repo/packages/web/src/a.ts' })]);
    expect(renderGithub(nested, { repoRoot: '/repo' }).annotations).toMatch(/^::error file=packages\/web\/src\/a\.ts,line=12,/);
    expect(renderGitlab(nested, { repoRoot: '/repo' })[0]?.location.path).toBe('packages/web/src/a.ts');
    expect(JSON.parse(renderRdjsonl(nested, { repoRoot: '/repo' })).location.path).toBe('packages/web/src/a.ts');
    const run = (renderSarif(nested, { repoRoot: '/repo' }).runs as any[])[0];
    expect(run.originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: 'file:///repo/' } });
    expect(run.results[0].locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'packages/web/src/a.ts', uriBaseId: '%SRCROOT%' });
    // Outside the repository: relative to its own root, as before.
    expect(renderGithub(nested, { repoRoot: '/elsewhere' }).annotations).toMatch(/^::error file=src\/a\.ts,/);
  });

  // Real logs from fixtures/ (Python prints the raising frame last, V8 first): one exception, one error.
  it.each([
    ['python-traceback/nested-two-modules', 'pricing.py', 5, 3],
    ['node-stack/cjs-nested', 'src/lib.js', 2, 2],
    // PHP's head names the throw; its `#0` frame is already the call that led there.
    ['php/uncaught-with-warning', 'src/t.php', 3, 2],
  ])('%s: the raising frame is the error, the frames that called it are notices', async (fixture, file, line, callers) => {
    const workspace = new URL(`../../fixtures/${fixture}/`, import.meta.url).pathname;
    const located = await locate(
      { path: new URL(`../../fixtures/${fixture}.log`, import.meta.url).pathname },
      { cwd: workspace, roots: [workspace] },
    );
    const lines = renderGithub(located).annotations.trimEnd().split('\n');
    const errors = lines.filter((entry) => entry.startsWith('::error '));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`file=${file},line=${line},`);
    const notices = lines.filter((entry) => entry.startsWith('::notice '));
    expect(notices).toHaveLength(callers);
    for (const notice of notices) expect(notice).toMatch(/title=[^:]*%2C called from here::/);
  });

  it('pytest --tb=long, two failures: two errors; callers printed without a message borrow the raising one', async () => {
    const workspace = new URL('../../fixtures/pytest-long/tb-long/', import.meta.url).pathname;
    const located = await locate(
      { path: new URL('../../fixtures/pytest-long/tb-long.log', import.meta.url).pathname },
      { cwd: workspace, roots: [workspace] },
    );
    expect(located.locations.map((entry) => entry.message)).toContain('');
    expect(renderGithub(located).annotations.trimEnd().split('\n')).toEqual([
      '::error file=tests/test_calc.py,line=9,title=pytest-long::assert 3 == 4',
      '::notice file=tests/test_calc.py,line=13,title=pytest-long%2C called from here::ZeroDivisionError: parts must be non-zero',
      '::notice file=src/calc.py,line=12,title=pytest-long%2C called from here::ZeroDivisionError: parts must be non-zero',
      '::error file=src/calc.py,line=7,title=pytest-long::ZeroDivisionError: parts must be non-zero',
    ]);
  });
});
