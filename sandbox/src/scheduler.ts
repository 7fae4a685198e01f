/** Timers the sandbox owns, so close() can cancel every pending status, retry and batch at once. */
export class Scheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly waiters = new Set<() => void>();
  private closed = false;

  /** Resolves after `ms`, or at once when the sandbox closes (so a held request never keeps it alive). */
  wait(ms: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  after(ms: number, task: () => void | Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        void Promise.resolve()
          .then(task)
          .catch(() => undefined);
      },
      Math.max(0, ms),
    );
    this.timers.add(timer);
  }

  get pending(): number {
    return this.timers.size;
  }

  cancelAll(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  close(): void {
    this.closed = true;
    this.cancelAll();
    for (const release of [...this.waiters]) release();
  }
}
