// The composite GitHub Action: action.yml's shape, and its bash steps run as the runner would run them
// (inputs through env, GITHUB_ACTION_PATH, GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, GITHUB_ACTIONS=true).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT, cleanEnv, ensureBuilt, tempDir } from './_setup.js';

interface Step {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
  'working-directory'?: string;
  with?: Record<string, string>;
}
interface Action {
  name: string;
  inputs: Record<string, { required?: boolean; default?: string; description: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;

// The few expressions action.yml uses: ${{ inputs.NAME }}, ${{ github.action_path }}.
function expand(text: string, context: { inputs: Record<string, string>; actionPath: string }): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => {
    if (expression === 'github.action_path') return context.actionPath;
    const input = /^inputs\.([\w-]+)$/.exec(expression);
    if (input) return context.inputs[input[1]!] ?? '';
    throw new Error(`unexpected expression in a run step: ${expression}`);
  });
}

/** Runs every bash step of the action in a fake runner workspace; stops at the first failing step. */
function runAction(workspace: string, given: Record<string, string>) {
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) inputs[name] = given[name] ?? spec.default ?? '';
  const context = { inputs, actionPath: ROOT };
  const summary = join(workspace, 'step-summary.md');
  const output = join(workspace, 'github-output');
  writeFileSync(summary, '# earlier step\n');
  writeFileSync(output, '');
  const env = cleanEnv(workspace, {
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_WORKSPACE: workspace,
    GITHUB_ACTION_PATH: ROOT,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_OUTPUT: output,
  });
  let stdout = '';
  let stderr = '';
  let status: number | null = 0;
  for (const step of action.runs.steps) {
    if (step.uses) continue; // actions/setup-node: only with the node-version input
    expect(step.shell).toBe('bash');
    const stepEnv = { ...env };
    for (const [name, value] of Object.entries(step.env ?? {})) stepEnv[name] = expand(value, context);
    const cwd = resolve(workspace, expand(step['working-directory'] ?? '.', context));
    // GitHub runs `shell: bash` steps as `bash --noprofile --norc -eo pipefail {0}`.
    const scriptFile = join(workspace, `step-${step.id ?? 'x'}.sh`);
    writeFileSync(scriptFile, expand(step.run!, context));
    // One stream, as the runner reads it (it parses workflow commands on stdout and stderr alike).
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', `exec 2>&1; . "${scriptFile}"`], {
      cwd,
      env: stepEnv,
      encoding: 'utf8',
    });
    stdout += result.stdout;
    stderr += result.stderr;
    status = result.status;
    if (status !== 0) break;
  }
  return { status, stdout, stderr, summary: readFileSync(summary, 'utf8'), outputs: readFileSync(output, 'utf8') };
}

function makeWorkspace(): string {
  const workspace = tempDir('action');
  mkdirSync(join(workspace, 'app', 'src'), { recursive: true });
  writeFileSync(join(workspace, 'app', 'src', 'a.ts'), 'export const n: number = 1;\nconst total: number = "0";\n');
  return workspace;
}

beforeAll(ensureBuilt);

describe('action.yml', () => {
  it('is a composite action with the documented inputs and an exit-code output', () => {
    expect(action.runs.using).toBe('composite');
    expect(action.inputs.command).toMatchObject({ required: true });
    expect(action.inputs['working-directory']?.default).toBe('.');
    expect(action.inputs.format?.default).toBe('github');
    expect(action.inputs.args?.default).toBe('');
    expect(action.inputs['node-version']?.default).toBe('');
    expect(action.outputs['exit-code']?.value).toBe('${{ steps.run.outputs.exit-code }}');
    const setup = action.runs.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(setup?.if).toContain("inputs.node-version != ''");
    const run = action.runs.steps.find((step) => step.id === 'run')!;
    // The command reaches bash through env, not spliced into the script (script injection).
    expect(run.run).not.toContain('${{');
    expect(run.env?.FAULTLINE_COMMAND).toBe('${{ inputs.command }}');
    expect(run.run).toContain('"$GITHUB_ACTION_PATH/dist/cli.cjs" run --format "$FAULTLINE_FORMAT"');
  });

  it('annotates a failing command, appends the step summary and passes the exit code through', () => {
    const workspace = makeWorkspace();
    const command = `echo "src/a.ts(2,7): error TS2322: Type 'string' is not assignable to type 'number'." && echo '::warning::from the tool' && exit 3`;
    const result = runAction(workspace, { command, 'working-directory': 'app' });
    expect(result.status, result.stdout).toBe(3);
    expect(result.outputs).toBe('exit-code=3\n');
    // Annotation with the repo-relative path (GITHUB_WORKSPACE), on stdout.
    expect(result.stdout).toMatch(/^::error file=app\/src\/a\.ts,line=2,col=7[^:]*::.*Type 'string' is not assignable/m);
    // The command's own output is shown, but between ::stop-commands::TOKEN and ::TOKEN::, so its
    // `::warning::` line is not run; faultline's annotations come after command processing resumes.
    const log = result.stdout;
    const token = /^::stop-commands::(faultline-[0-9a-f-]{36})$/m.exec(log)?.[1];
    expect(token).toBeDefined();
    const [paused, resumed] = [log.indexOf(`::stop-commands::${token}`), log.indexOf(`\n::${token}::\n`)];
    const injected = log.indexOf('::warning::from the tool');
    expect(paused).toBeLessThan(injected);
    expect(injected).toBeLessThan(resumed);
    expect(log.indexOf('::error file=app/src/a.ts')).toBeGreaterThan(resumed);
    expect(result.summary.startsWith('# earlier step\n')).toBe(true);
    expect(result.summary).toContain('app/src/a.ts');
    expect(result.summary).toContain('TS2322');
  });

  it('output: writes the SARIF report to the file an upload step reads, and names it in the report output', () => {
    const workspace = makeWorkspace();
    const command = `echo "src/a.ts(2,7): error TS2322: Type 'string' is not assignable to type 'number'." && exit 2`;
    const result = runAction(workspace, { command, 'working-directory': 'app', format: 'sarif', output: 'faultline.sarif' });
    expect(result.status, result.stdout).toBe(2);
    const path = join(workspace, 'app', 'faultline.sarif');
    expect(result.outputs).toBe(`report=${path}\nexit-code=2\n`);
    const sarif = JSON.parse(readFileSync(path, 'utf8'));
    expect(sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe('app/src/a.ts');
    expect(result.stdout).not.toContain('"$schema"');
  });

  it('exits 0 with no annotations when the command passes', () => {
    const workspace = makeWorkspace();
    const result = runAction(workspace, { command: 'echo all good | cat', 'working-directory': 'app' });
    expect(result.status, result.stdout).toBe(0);
    expect(result.outputs).toBe('exit-code=0\n');
    expect(result.stdout).not.toContain('::error');
    expect(result.stdout).toContain('all good');
  });

  it('keeps pipefail: a failing stage before a pipe fails the step', () => {
    const workspace = makeWorkspace();
    const result = runAction(workspace, { command: 'false | cat', 'working-directory': 'app' });
    expect(result.status).toBe(1);
  });
});
