/**
 * Runs at most `limit` asynchronous tasks at once and starts the others in the order they came as
 * earlier ones settle. google.script.run allows 10 calls in flight per page; an 11th fails outright
 * instead of waiting, so the bridge waits for it.
 */
export interface CallQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks started and not yet settled. */
  readonly running: number;
  /** Tasks waiting for a free slot. */
  readonly waiting: number;
}

export function createCallQueue(limit: number): CallQueue {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new Error(`A call queue needs a limit of 1 or more, got ${limit}`);
  }
  const waiting: (() => void)[] = [];
  let running = 0;

  const release = (): void => {
    running -= 1;
    const next = waiting.shift();
    if (next !== undefined) next();
  };

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = (): void => {
          running += 1;
          let started: Promise<T>;
          try {
            started = task();
          } catch (error) {
            started = Promise.reject(error);
          }
          started.then(resolve, reject).finally(release);
        };
        if (running < limit) start();
        else waiting.push(start);
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
