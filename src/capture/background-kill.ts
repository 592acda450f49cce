// Ending a background command's processes without ending a stranger's. The state file records the command's
// process group id, but a group id is a pid and pids are reused: a run that ended and was not freed can
// name, later, somebody else's group. So the group is signalled only while its leader is the process that
// was spawned (same start time), never when it is ≤ 1 (kill(-1) is every process of the user) or this
// process's own group; otherwise only the processes carrying the command's marker (and their children) are.
import { setTimeout as sleep } from 'node:timers/promises';
import { type BackgroundState, commandProcesses, processAlive } from './background-state.js';
import { ownProcessGroup, processStartTime } from './process-identity.js';
import { signalGroup } from './process-group.js';

interface KillTarget {
  /** The group to signal, or null when it cannot be shown to be the command's. */
  pgid: number | null;
  /** Why the group was not signalled, for the result's notes. */
  note: string | null;
}

function workerAlive(state: BackgroundState): boolean {
  if (!Number.isSafeInteger(state.workerPid) || state.workerPid <= 1 || !processAlive(state.workerPid)) return false;
  const now = processStartTime(state.workerPid);
  return typeof state.workerStartTime === 'string' && now === state.workerStartTime;
}

/** The group kill may signal for `state` (see the file comment). */
export function killTarget(state: BackgroundState): KillTarget {
  const pgid = state.pgid;
  if (pgid === null) return { pgid: null, note: null };
  if (!Number.isSafeInteger(pgid) || pgid <= 1)
    return { pgid: null, note: `the recorded process group ${String(pgid)} is not a command's group; it was not signalled` };
  const own = ownProcessGroup();
  if (own === pgid) return { pgid: null, note: `the recorded process group ${pgid} is faultline's own; it was not signalled` };
  if (own === null)
    return { pgid: null, note: `this platform does not say which process group faultline is in, so group ${pgid} was not signalled` };
  const recorded = state.pgidStartTime;
  if (typeof recorded !== 'string')
    return {
      pgid: null,
      note: `no start time was recorded for process group ${pgid}, so it cannot be told from a reused one; it was not signalled`,
    };
  const now = processStartTime(pgid);
  if (now === recorded) return { pgid, note: null };
  // The leader (the `sh` that waits for the command) is gone. While the worker that spawned it still runs,
  // the group's members are the command's: a group id is not handed out again while the group has members.
  if (now === null && state.status === 'running' && workerAlive(state)) return { pgid, note: null };
  return {
    pgid: null,
    note: now === null ? null : `process group ${pgid} now belongs to another process (its start time differs); it was not signalled`,
  };
}

/** SIGTERM, `graceMs` to end, then SIGKILL: the verified group and every process carrying the marker. */
export async function endProcesses(id: string, pgid: number | null, graceMs: number): Promise<void> {
  const signalAll = (signal: NodeJS.Signals): number[] => {
    const pids = commandProcesses(id, pgid).filter((pid) => pid > 1);
    if (pgid !== null) signalGroup(pgid, signal);
    for (const pid of pids) {
      try {
        process.kill(pid, signal);
      } catch {
        // Already gone.
      }
    }
    return pids;
  };
  signalAll('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    await sleep(25);
    if (commandProcesses(id, pgid).length === 0) return;
  }
  signalAll('SIGKILL');
  for (let tries = 0; tries < 40 && commandProcesses(id, pgid).length > 0; tries++) await sleep(25);
}
