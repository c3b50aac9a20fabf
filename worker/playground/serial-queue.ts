/**
 * Runs tasks one at a time, in the order they were queued. The playground's Apps Script process
 * is one script runtime, as a spreadsheet's is: a sidebar call, a formula and a grid read must
 * not interleave, and a call waits for the one before it to finish, whatever its outcome.
 */
export class SerialQueue {
  private tail: Promise<void> = Promise.resolve();
  private queued = 0;
  private closedWith: Error | null = null;

  /** Tasks waiting or running. */
  get size(): number {
    return this.queued;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.closedWith !== null) return Promise.reject(this.closedWith);
    this.queued += 1;
    const result = this.tail.then(() => {
      if (this.closedWith !== null) throw this.closedWith;
      return task();
    });
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.tail = settled;
    void settled.then(() => {
      this.queued -= 1;
    });
    return result;
  }

  /** Refuses new tasks and fails those still waiting with `error`; a running task finishes. */
  close(error: Error): void {
    this.closedWith ??= error;
  }
}
