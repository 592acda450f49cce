// A command's process tree, read from /proc. Killing the process group misses a grandchild that called
// setsid (its own session and group): it is still a descendant, found by walking parent ids. A child of an
// exited parent is re-parented and drops out of the walk, so a run samples its tree while it works and
// remembers every descendant it saw (with its start time, so a recycled pid is never signalled).
import { readdirSync, readFileSync } from 'node:fs';

interface ProcessEntry {
  pid: number;
  ppid: number;
  pgid: number;
  sid: number;
  /** Clock ticks after boot; with the pid, identifies one process for its whole life. */
  startTime: number;
  /** R, S, D, Z, … */
  state: string;
}

function readEntry(pid: string): ProcessEntry | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // Fields after the parenthesised command name (which may hold spaces and parentheses).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      pid: Number(pid),
      state: fields[0] ?? '',
      ppid: Number(fields[1]),
      pgid: Number(fields[2]),
      sid: Number(fields[3]),
      startTime: Number(fields[19]),
    };
  } catch {
    return undefined;
  }
}

/** Every process on the machine by pid (Linux); empty where there is no /proc. */
export function readProcessTable(): Map<number, ProcessEntry> {
  const table = new Map<number, ProcessEntry>();
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return table;
  }
  for (const name of names) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
    const entry = readEntry(name);
    if (entry) table.set(entry.pid, entry);
  }
  return table;
}

/** The living descendants of `pid` (children, their children, …), found through parent ids. */
export function descendantsOf(pid: number, table: Map<number, ProcessEntry> = readProcessTable()): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table.values()) {
    const list = children.get(entry.ppid);
    if (list) list.push(entry);
    else children.set(entry.ppid, [entry]);
  }
  const found: ProcessEntry[] = [];
  const queue = [pid];
  const seen = new Set(queue);
  while (queue.length > 0) {
    for (const child of children.get(queue.pop()!) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      if (child.state !== 'Z') found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

/** Remembers the descendants of one root seen over time, so re-parented ones can still be ended. */
export class ProcessTreeWatch {
  private readonly seen = new Map<number, number>();

  constructor(private readonly rootPid: number) {}

  /** Reads the tree now and remembers what is in it. */
  sample(table: Map<number, ProcessEntry> = readProcessTable()): void {
    for (const entry of descendantsOf(this.rootPid, table)) this.seen.set(entry.pid, entry.startTime);
  }

  /** The remembered descendants still alive as the same process (same start time), sampling once more first. */
  alive(): number[] {
    const table = readProcessTable();
    this.sample(table);
    const living: number[] = [];
    for (const [pid, startTime] of this.seen) {
      const entry = table.get(pid);
      if (entry && entry.startTime === startTime && entry.state !== 'Z') living.push(pid);
      else this.seen.delete(pid);
    }
    return living;
  }
}

/** Signals each pid; a process already gone is fine. */
export function signalProcesses(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone already, or not ours.
    }
  }
}
