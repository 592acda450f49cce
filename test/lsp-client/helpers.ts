// Shared by the lsp-client tests: fixture paths and process-group checks.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures-lsp');

export function fixture(name: string): string {
  return path.join(FIXTURES, name);
}

// State and process group of a pid from /proc (Linux), or undefined when it is gone.
function procStat(pid: number): { state: string; pgrp: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', pgrp: Number(fields[2]) };
  } catch {
    return undefined;
  }
}

/**
 * True while any LIVE process of the group led by `pid` exists. A zombie is not counted: it has exited and
 * only waits to be reaped, which PID 1 of a container may never do for re-parented grandchildren.
 */
export function groupAlive(pid: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat && stat.pgrp === pid && stat.state !== 'Z') return true;
  }
  return false;
}

/** True while the process itself exists and is not a zombie. */
export function processAlive(pid: number): boolean {
  const stat = procStat(pid);
  return stat !== undefined && stat.state !== 'Z';
}
