// Which process a pid names *now*: a pid (and a process group id) is reused once its process ended, so a
// recorded pid alone cannot tell a background command from a stranger that got the same number later.
// The start time disambiguates: Linux /proc/<pid>/stat field 22 (clock ticks since boot); elsewhere what
// `ps -o lstart=` prints. Null when the process is gone or the platform tells nothing (callers fail closed).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// Fields of /proc/<pid>/stat after the parenthesised command name (which may itself hold spaces and ')').
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

function psField(pid: number, field: 'lstart' | 'pgid'): string | null {
  try {
    const text = execFileSync('ps', ['-o', `${field}=`, '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    }).trim();
    return text === '' ? null : text;
  } catch {
    return null;
  }
}

/** The start time of `pid` as an opaque string (compare for equality only); null when unknown or gone. */
export function processStartTime(pid: number): string | null {
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  if (process.platform === 'linux') {
    const fields = statFields(pid);
    // starttime is field 22 of the whole line, index 19 after the command name; a zombie has no future.
    if (fields === null || fields[0] === 'Z' || fields[19] === undefined) return null;
    return `linux:${fields[19]}`;
  }
  if (process.platform === 'win32') return null;
  const started = psField(pid, 'lstart');
  return started === null ? null : `ps:${started}`;
}

/** The process group this process is in; null when the platform does not say. */
export function ownProcessGroup(): number | null {
  if (process.platform === 'linux') {
    const pgrp = Number(statFields(process.pid)?.[2]);
    return Number.isSafeInteger(pgrp) ? pgrp : null;
  }
  if (process.platform === 'win32') return null;
  const pgid = Number(psField(process.pid, 'pgid'));
  return Number.isSafeInteger(pgid) && pgid > 0 ? pgid : null;
}
