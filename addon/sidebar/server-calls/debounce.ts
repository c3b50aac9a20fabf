/**
 * Calls `fn` once the calls stop for `waitMs`, with the last arguments: typing "ber" then "berl"
 * within the wait asks the server once, for "berl".
 */
export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops the pending call, if any. */
  cancel(): void;
  /** Makes the pending call now, if any. */
  flush(): void;
  readonly pending: boolean;
}

export function debounce<A extends unknown[]>(fn: (...args: A) => void, waitMs: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastArgs: A | null = null;

  const fire = (): void => {
    timer = null;
    const args = lastArgs;
    lastArgs = null;
    if (args !== null) fn(...args);
  };

  const debounced = (...args: A): void => {
    lastArgs = args;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(fire, waitMs);
  };
  debounced.cancel = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    lastArgs = null;
  };
  debounced.flush = (): void => {
    if (timer === null) return;
    clearTimeout(timer);
    fire();
  };
  Object.defineProperty(debounced, 'pending', { get: () => timer !== null });
  return debounced as Debounced<A>;
}
