// Background runs while they print (`faultline run --background`): each poll, a running job in an open folder
// whose output grew is located as it is so far and published under its command, the same key its recorded end
// (run-watch.ts) later replaces. A job whose end is already recorded is left to that record.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { artifactDirFor, list, type RunRecord } from '../capture/index.js';
import { folderOf } from './runs.js';

// Larger outputs wait for the run's end: locating a growing log again each poll must stay cheap.
const MAX_LIVE_BYTES = 8 * 1024 * 1024;

interface BackgroundWatchOptions {
  cacheDir?: string;
  env?: NodeJS.ProcessEnv;
  pollMs?: number;
  folders: () => readonly string[];
  /** True once the run's end is in the history. */
  ended: (id: string) => boolean;
  onRuns: (runs: RunRecord[]) => void;
}

export class BackgroundWatcher {
  private timer: NodeJS.Timeout | undefined;
  /** Output size last published per running job; only jobs listed now are kept. */
  private sizes = new Map<string, number>();
  private busy = false;

  constructor(private readonly options: BackgroundWatchOptions) {}

  start(): void {
    this.timer = setInterval(() => void this.poll(), this.options.pollMs ?? 500);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async poll(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const store = {
        ...(this.options.cacheDir ? { cacheDir: this.options.cacheDir } : {}),
        ...(this.options.env ? { env: this.options.env } : {}),
      };
      const jobs = (await list(store).catch(() => [])).filter(
        (job) => job.status === 'running' && folderOf(job.cwd, this.options.folders()) !== undefined,
      );
      const sizes = new Map<string, number>();
      const runs: RunRecord[] = [];
      for (const job of jobs) {
        const artifactPath = join(artifactDirFor(store), `${job.id}.log`);
        const size = (await stat(artifactPath).catch(() => null))?.size ?? 0;
        sizes.set(job.id, size);
        if (size === this.sizes.get(job.id) || size > MAX_LIVE_BYTES || this.options.ended(job.id)) continue;
        const now = new Date().toISOString();
        runs.push({
          command: [job.command],
          cwd: job.cwd,
          exitCode: null,
          failed: true,
          startedAt: job.startedAt,
          endedAt: now,
          artifactId: job.id,
          artifactPath,
        });
      }
      this.sizes = sizes;
      if (runs.length > 0) this.options.onRuns(runs);
    } finally {
      this.busy = false;
    }
  }
}
