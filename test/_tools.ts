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

/** The title suffix of a test that needs `command`: "(needs clangd — apt-get install clangd)". */
export function needs(command: string, aptPackage = command): string {
  return `(needs ${command}${hasTool(command) ? '' : ` — not found, skipped; apt-get install ${aptPackage}`})`;
}
