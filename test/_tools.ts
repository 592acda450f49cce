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
  return needsWhat(command, hasTool(command), `apt-get install ${aptPackage}`);
}

/**
 * The same for a need that is not a command on PATH (a dev dependency, a venv, root and mount): `present` says
 * whether it is there and `install` how to get it. Every skipped test of `npm test` names what it needed.
 */
export function needsWhat(what: string, present: boolean, install: string): string {
  if (!present && !announced.has(what)) {
    announced.add(what);
    console.warn(`faultline tests: ${what} not available, its tests are skipped (${install})`);
  }
  return `(needs ${what}${present ? '' : ` — not available, skipped; ${install}`})`;
}
