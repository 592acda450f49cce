// System tools the tests drive for real (clangd, vim, emacs, pre-commit…). A machine without one skips those
// tests, and the skipped test's title names the tool and its Debian package (.ci/run installs them), so a
// newcomer's `npm test` passes and says what it did not run.
import { spawnSync } from 'node:child_process';

const found = new Map<string, boolean>();

/** True when `command` is on PATH. */
export function hasTool(command: string): boolean {
  let present = found.get(command);
  if (present === undefined) {
    present = spawnSync('sh', ['-c', `command -v "$1" >/dev/null 2>&1`, 'sh', command]).status === 0;
    found.set(command, present);
  }
  return present;
}

const announced = new Set<string>();

/**
 * The title suffix of a test that needs `command`: "(needs clangd)", or when it is missing "(needs clangd — not
 * found, skipped; apt-get install clangd)", which is also printed once, since the default reporter only counts
 * skipped tests.
 */
export function needs(command: string, aptPackage = command): string {
  if (!hasTool(command) && !announced.has(command)) {
    announced.add(command);
    console.warn(`faultline tests: ${command} not found, its tests are skipped (apt-get install ${aptPackage}; .ci/run installs it)`);
  }
  return `(needs ${command}${hasTool(command) ? '' : ` — not found, skipped; apt-get install ${aptPackage}`})`;
}
