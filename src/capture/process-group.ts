// Killing a command means killing its whole process group: a timed-out `npm test` must not leave its
// workers or a `sleep 60` grandchild behind. The child is spawned detached, so its pid is the group id.
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { signalProcesses, type ProcessTreeWatch } from './process-tree.js';

export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// kill(-pgid, 0) also succeeds while only zombies remain (reparented grandchildren wait for init to reap
// them, and some container inits never do), so on Linux look for a member that is not a zombie.
function hasLiveMember(pgid: number): boolean {
  if (process.platform !== 'linux') return true;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      // Fields after the parenthesised command name: state ppid pgrp …
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') return true;
    } catch {
      // The process ended while we looked.
    }
  }
  return false;
}

function groupAlive(pgid: number): boolean {
  return signalGroup(pgid, 0) && hasLiveMember(pgid);
}

/**
 * Sends `signal` to the group (and to the descendants `tree` saw that left it with setsid), waits up to
 * `graceMs` for all of them to end, then SIGKILLs whatever is left.
 */
export async function terminateGroup(pgid: number, signal: NodeJS.Signals, graceMs: number, tree?: ProcessTreeWatch): Promise<void> {
  const escaped = (): number[] => tree?.alive() ?? [];
  const groupSignalled = signalGroup(pgid, signal);
  let others = escaped();
  signalProcesses(others, signal);
  if (!groupSignalled && others.length === 0) return;
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    await sleep(25);
    others = escaped();
    if (!groupAlive(pgid) && others.length === 0) return;
  }
  signalGroup(pgid, 'SIGKILL');
  signalProcesses(escaped(), 'SIGKILL');
}
