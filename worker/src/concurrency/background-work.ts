/**
 * Work that outlives the request that started it: report fetches and e-mail batches still running
 * when a formula's deadline answered. Shutdown waits for it (bounded) before closing the store, so
 * what was paid for lands in the cache instead of being lost.
 */
export interface BackgroundWork {
  /** Keeps track of `work` until it settles; its failure is the caller's to handle (this ignores it). */
  track(work: Promise<unknown>): void;
  /** Tasks still running. */
  readonly pending: number;
  /** Resolves when nothing is running, or after `timeoutMs`; true when everything finished. */
  drain(timeoutMs: number): Promise<boolean>;
}

export function createBackgroundWork(): BackgroundWork {
  const running = new Set<Promise<unknown>>();
  return {
    track(work) {
      const tracked = work.then(
        () => undefined,
        () => undefined,
      );
      running.add(tracked);
      void tracked.then(() => running.delete(tracked));
    },
    get pending() {
      return running.size;
    },
    async drain(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        while (running.size > 0) {
          const finished = await Promise.race([Promise.all([...running]).then(() => true as const), timeout]);
          if (!finished) return false;
        }
        return true;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
