// Handlers may report progress in a tight loop; the store and the browsers need it only a
// couple of times a second. This keeps the latest report and writes it at most every
// `intervalMs`, with a trailing write so the last report is never lost.
import type { JobProgress } from './jobTypes.js';

export interface ProgressThrottle {
  report(update: JobProgress): void;
  /** Writes a report still waiting and stops the timer (the job is ending). */
  flush(): Promise<void>;
}

export function createProgressThrottle(intervalMs: number, write: (update: JobProgress) => Promise<void>): ProgressThrottle {
  let lastWriteAt = 0;
  let pending: JobProgress | null = null;
  let timer: NodeJS.Timeout | undefined;
  // Writes run one after another, so an older report can never land after a newer one.
  let writing: Promise<void> = Promise.resolve();

  const writeNow = () => {
    clearTimeout(timer);
    timer = undefined;
    const update = pending;
    pending = null;
    if (!update) return writing;
    lastWriteAt = Date.now();
    writing = writing.then(() => write(update)).catch(() => undefined);
    return writing;
  };

  return {
    report(update) {
      const fraction = Number.isFinite(update.fraction) ? Math.min(1, Math.max(0, update.fraction)) : 0;
      pending = { fraction, message: update.message, ...(update.detail !== undefined ? { detail: update.detail } : {}) };
      const wait = lastWriteAt + intervalMs - Date.now();
      if (wait <= 0) void writeNow();
      else timer ??= setTimeout(() => void writeNow(), wait);
    },
    flush: () => writeNow(),
  };
}
