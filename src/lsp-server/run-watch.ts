// Notices the runs `faultline run` records: every run renames a new history.json into the cache directory, so
// a directory watch hears it at once; a poll (stat of the file) covers file systems where watching is not
// available or events are lost. Only the newest run of each command is reported: an older one is superseded.
import { watch, type FSWatcher } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { allRuns, historyFileOf, type RunRecord } from '../capture/index.js';

interface RunWatchOptions {
  cacheDir?: string;
  env?: NodeJS.ProcessEnv;
  /** Poll interval for when watching misses an event (default 1000 ms). */
  pollMs?: number;
  onRuns: (runs: RunRecord[]) => void;
}

export function runKey(run: Pick<RunRecord, 'cwd' | 'command'>): string {
  return JSON.stringify([run.cwd, ...run.command]);
}

function identity(run: RunRecord): string {
  return run.artifactId ?? `${run.endedAt} ${runKey(run)}`;
}

export class RunWatcher {
  private readonly file: string;
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Runs already reported: only those still in the history (itself bounded), so this never grows past it. */
  private seen = new Set<string>();
  private lastStamp = '';
  private checking: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(private readonly options: RunWatchOptions) {
    this.file = historyFileOf({
      ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
      ...(options.env ? { env: options.env } : {}),
    });
  }

  /** Reports the newest run of every command already in the history, then watches for new ones. */
  async start(): Promise<void> {
    this.watchDirectory();
    this.timer = setInterval(() => {
      this.watchDirectory();
      void this.checkIfChanged();
    }, this.options.pollMs ?? 1000);
    this.timer.unref();
    await this.check();
  }

  stop(): void {
    this.stopped = true;
    this.watcher?.close();
    this.watcher = undefined;
    if (this.timer) clearInterval(this.timer);
  }

  /** Whether the history holds the end of the run with this artifact id. */
  hasEnded(artifactId: string): boolean {
    return this.seen.has(artifactId);
  }

  /** How many runs are remembered (a growth test counts them). */
  get remembered(): number {
    return this.seen.size;
  }

  private watchDirectory(): void {
    if (this.watcher || this.stopped) return;
    try {
      this.watcher = watch(dirname(this.file), (_event, name) => {
        if (name === null || name === basename(this.file)) void this.check();
      });
      this.watcher.on('error', () => {
        this.watcher?.close();
        this.watcher = undefined;
      });
    } catch {
      // No cache directory yet (no run ever made): the poll tries again.
    }
  }

  private async checkIfChanged(): Promise<void> {
    const info = await stat(this.file).catch(() => null);
    const stamp = info ? `${info.ino}:${info.mtimeMs}:${info.size}` : '';
    if (stamp !== this.lastStamp) await this.check();
  }

  /** One check at a time; a change during a check runs one more after it. */
  check(): Promise<void> {
    if (this.checking) {
      this.again = true;
      return this.checking;
    }
    this.checking = (async () => {
      do {
        this.again = false;
        await this.readOnce();
      } while (this.again && !this.stopped);
      this.checking = undefined;
    })();
    return this.checking;
  }

  private async readOnce(): Promise<void> {
    const info = await stat(this.file).catch(() => null);
    this.lastStamp = info ? `${info.ino}:${info.mtimeMs}:${info.size}` : '';
    const runs = await allRuns({
      ...(this.options.cacheDir ? { cacheDir: this.options.cacheDir } : {}),
      ...(this.options.env ? { env: this.options.env } : {}),
    });
    const fresh = runs.filter((run) => !this.seen.has(identity(run)));
    this.seen = new Set(runs.map(identity));
    if (fresh.length === 0 || this.stopped) return;
    const newest = new Map<string, RunRecord>();
    for (const run of [...fresh].sort((a, b) => (a.endedAt < b.endedAt ? -1 : a.endedAt > b.endedAt ? 1 : 0))) {
      newest.delete(runKey(run));
      newest.set(runKey(run), run);
    }
    this.options.onRuns([...newest.values()]);
  }
}
