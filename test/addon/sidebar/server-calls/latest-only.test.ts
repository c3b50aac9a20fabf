import { latestOnly, STALE } from '../../../../addon/sidebar/server-calls/latest-only';

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('latestOnly', () => {
  it('lets only the answer to the latest call through, whatever order the answers come in', async () => {
    const answers = new Map<string, ReturnType<typeof deferred<string[]>>>();
    const lookUp = latestOnly((query: string) => {
      const answer = deferred<string[]>();
      answers.set(query, answer);
      return answer.promise;
    });
    const slow = lookUp('ber');
    const fast = lookUp('berlin');
    answers.get('berlin')?.resolve(['Berlin']);
    answers.get('ber')?.resolve(['Bern', 'Berlin', 'Bergamo']);
    await expect(fast).resolves.toEqual(['Berlin']);
    await expect(slow).resolves.toBe(STALE);
  });

  it('passes on the failure of the latest call and hides those of older ones', async () => {
    const answers: ReturnType<typeof deferred<number>>[] = [];
    const estimate = latestOnly(() => {
      const answer = deferred<number>();
      answers.push(answer);
      return answer.promise;
    });
    const older = estimate();
    const latest = estimate();
    answers[0].reject(new Error('Worker unreachable'));
    answers[1].reject(new Error('Not connected: open Settings'));
    await expect(older).resolves.toBe(STALE);
    await expect(latest).rejects.toThrow('Not connected: open Settings');
  });
});
