// Issue 20: test-runner and framework frames (JUnit, surefire, pytest's own modules) are dependencies, not places of
// the user's: the "N places were not found in the workspace" hint counts only the user's own paths.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from './_io.js';

const SUREFIRE_LOG = join(import.meta.dirname, '..', '..', 'fixtures', 'surefire', 'assertion-failure.log');

async function locateFromEmptyFolder(args: string[], stdin?: string): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo({ cwd: mkdtempSync(join(tmpdir(), 'fl-hint-')), ...(stdin === undefined ? {} : { stdin }) });
  const code = await runCli(['locate', ...args], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('the unresolved hint', () => {
  it("counts the user's places of a real surefire log run elsewhere, not JUnit's frames", async () => {
    const { err } = await locateFromEmptyFolder([SUREFIRE_LOG]);
    // AppTest.java:10, :15 and :19, each named by a frame and by surefire's summary row.
    expect(err).toMatch(/^faultline: 3 places in the log were not found in the workspace/);
    const json = JSON.parse((await locateFromEmptyFolder([SUREFIRE_LOG, '--json'])).out);
    expect(new Set(json.unresolved.map((entry: { file: string }) => entry.file))).toEqual(new Set(['AppTest.java']));
    expect(json.dropped).toContainEqual({ file: 'AssertEquals.java', line: 197, reason: 'vendored' });
  });

  it('does not fire when only framework frames are missing (own-words JUnit and pytest frames)', async () => {
    const log = [
      'org.junit.platform.commons.PreconditionViolationException: no test engine found',
      '\tat org.junit.platform.launcher.core.EngineDiscoveryOrchestrator.discover(EngineDiscoveryOrchestrator.java:90)',
      '\tat org.apache.maven.surefire.junitplatform.JUnitPlatformProvider.invoke(JUnitPlatformProvider.java:118)',
      'Traceback (most recent call last):',
      '  File "venv-ci/_pytest/main.py", line 271, in wrap_session',
      '    session.exitstatus = doit(config, session) or 0',
      '  File "venv-ci/pluggy/_hooks.py", line 501, in __call__',
      '    return self._hookexec(self.name, self._hookimpls, kwargs, firstresult)',
      'RuntimeError: plugin failed',
      '',
    ].join('\n');
    const { code, err } = await locateFromEmptyFolder(['-'], log);
    expect(code).toBe(0);
    expect(err).not.toContain('not found in the workspace');
    expect(err).toBe('faultline: no location in the workspace (4 dropped as vendored, runtime or ignored; --json lists them)\n');
  });
});
