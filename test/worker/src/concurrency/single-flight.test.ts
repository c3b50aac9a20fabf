import { createSingleFlight } from '../../../../worker/src/concurrency/single-flight';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createSingleFlight', () => {
  it('shares one run among callers of the same key while it is in flight', async () => {
    const flight = createSingleFlight();
    const gate = deferred<string>();
    let runs = 0;
    const work = () => {
      runs += 1;
      return gate.promise;
    };

    const calls = Array.from({ length: 10 }, () => flight.run('k', work));
    expect(flight.has('k')).toBe(true);
    gate.resolve('report');
    const results = await Promise.all(calls);

    expect(runs).toBe(1);
    expect(results.map((r) => r.value)).toEqual(Array(10).fill('report'));
    expect(results.filter((r) => !r.shared)).toHaveLength(1);
    expect(flight.size).toBe(0);
  });

  it('remembers nothing once a run settles: the next caller runs again', async () => {
    const flight = createSingleFlight();
    let runs = 0;
    await flight.run('k', async () => ++runs);
    const second = await flight.run('k', async () => ++runs);
    expect(second).toEqual({ value: 2, shared: false });
  });

  it('gives a failure to every caller of the run, and does not keep it', async () => {
    const flight = createSingleFlight();
    const gate = deferred<number>();
    const a = flight.run('k', () => gate.promise);
    const b = flight.run('k', () => Promise.resolve(99));
    gate.reject(new Error('upstream down'));
    await expect(a).rejects.toThrow('upstream down');
    await expect(b).rejects.toThrow('upstream down');
    await expect(flight.run('k', () => Promise.resolve(1))).resolves.toEqual({ value: 1, shared: false });
  });

  it('keeps keys apart, and turns a synchronous throw into a rejection', async () => {
    const flight = createSingleFlight();
    const [a, b] = await Promise.all([flight.run('a', async () => 'A'), flight.run('b', async () => 'B')]);
    expect([a.value, b.value]).toEqual(['A', 'B']);
    await expect(
      flight.run('c', () => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    expect(flight.has('c')).toBe(false);
  });

  it('runs work across instances through the lock it is given, once per key for all callers here', async () => {
    const locked: string[] = [];
    const flight = createSingleFlight({
      acrossInstances: async (key, work) => {
        locked.push(key);
        return work();
      },
    });
    const gate = deferred<string>();
    const calls = Array.from({ length: 3 }, () => flight.runAcrossInstances('report:1', () => gate.promise));
    gate.resolve('report');
    expect((await Promise.all(calls)).map((r) => r.shared)).toEqual([false, true, true]);
    expect(locked).toEqual(['report:1']);
    await flight.run('search:1', async () => 'page');
    expect(locked).toEqual(['report:1']);
  });
});
