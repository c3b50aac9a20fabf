import { createCallQueue } from '../../../../addon/sidebar/server-calls/call-queue';

describe('createCallQueue', () => {
  it('counts running and waiting tasks, and runs a waiting one when a slot frees', async () => {
    const queue = createCallQueue(1);
    let release = (): void => {};
    const first = queue.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    const second = queue.run(async () => 'second');
    expect([queue.running, queue.waiting]).toEqual([1, 1]);
    release();
    await expect(first).resolves.toBe('first');
    await expect(second).resolves.toBe('second');
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a task that throws before returning a promise', async () => {
    const queue = createCallQueue(1);
    await expect(
      queue.run(() => {
        throw new Error('google.script.run is not available');
      }),
    ).rejects.toThrow('google.script.run is not available');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });

  it('refuses a limit below 1', () => {
    expect(() => createCallQueue(0)).toThrow('A call queue needs a limit of 1 or more, got 0');
  });
});
