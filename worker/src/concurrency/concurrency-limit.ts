/**
 * Runs at most `limit` tasks at once, in the order they were queued. The throttle already paces
 * upstream calls; this bounds how many of one request wait in it, so one big request cannot fill
 * the queue ahead of everyone else's and memory stays flat.
 */
type ConcurrencyLimit = <T>(task: () => Promise<T>) => Promise<T>;

export function createConcurrencyLimit(limit: number): ConcurrencyLimit {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`a concurrency limit must be a whole number of at least 1, got ${limit}`);
  }
  let active = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    if (active >= limit) return;
    const start = queue.shift();
    if (start === undefined) return;
    active += 1;
    start();
  };
  return (task) =>
    new Promise((resolve, reject) => {
      queue.push(() => {
        task()
          .then(resolve, reject)
          .finally(() => {
            active -= 1;
            next();
          });
      });
      next();
    });
}
