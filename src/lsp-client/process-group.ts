// Servers run in their own process group (spawned detached). These helpers kill a whole group and
// make sure no group outlives faultline, even when a caller forgets to dispose the pool.

const live = new Set<number>();
let hooked = false;

/** SIGKILL to the process group led by `pid`; ESRCH (already gone) is fine. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}

/** True while any process of the group led by `pid` exists (zombies included). */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function trackGroup(pid: number): void {
  live.add(pid);
  if (!hooked) {
    hooked = true;
    // 'exit' handlers must be synchronous; process.kill is.
    process.once('exit', () => {
      for (const group of live) killGroup(group);
    });
  }
}

/** SIGKILLs every live server group at once (a signal handler's last act: nothing waits for a handshake). */
export function killTrackedGroups(): void {
  for (const group of live) killGroup(group);
}

export function untrackGroup(pid: number): void {
  live.delete(pid);
}

/** Resolves once the whole group is gone (killed members linger until reaped), at most `ms`. */
export async function waitGroupGone(pid: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (groupAlive(pid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
}
