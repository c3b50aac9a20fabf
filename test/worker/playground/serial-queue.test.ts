import { SerialQueue } from '../../../worker/playground/serial-queue';

/** One task at a time, in order, whatever the one before did. */

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SerialQueue', () => {
  it('starts a task only when the one before it has settled', async () => {
    const queue = new SerialQueue();
    const first = deferred<string>();
    const started: string[] = [];
    const a = queue.run(() => {
      started.push('a');
      return first.promise;
    });
    const b = queue.run(async () => {
      started.push('b');
      return 'b done';
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual(['a']);
    expect(queue.size).toBe(2);

    first.resolve('a done');
    await expect(a).resolves.toBe('a done');
    await expect(b).resolves.toBe('b done');
    expect(started).toEqual(['a', 'b']);
  });

  it('goes on after a task that failed, which fails only its own caller', async () => {
    const queue = new SerialQueue();
    const failing = queue.run(() => Promise.reject(new Error('script threw')));
    const next = queue.run(() => Promise.resolve(42));
    await expect(failing).rejects.toThrow('script threw');
    await expect(next).resolves.toBe(42);
    await Promise.resolve();
    expect(queue.size).toBe(0);
  });

  it('once closed, fails the waiting tasks and new ones with the reason; the running one finishes', async () => {
    const queue = new SerialQueue();
    const running = deferred<string>();
    let firstStarted = false;
    const first = queue.run(() => {
      firstStarted = true;
      return running.promise;
    });
    let waitingStarted = false;
    const waiting = queue.run(async () => {
      waitingStarted = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(firstStarted).toBe(true);

    queue.close(new Error('The playground is stopping'));
    running.resolve('finished');

    await expect(first).resolves.toBe('finished');
    await expect(waiting).rejects.toThrow('The playground is stopping');
    await expect(queue.run(async () => 1)).rejects.toThrow('The playground is stopping');
    expect(waitingStarted).toBe(false);
  });
});
