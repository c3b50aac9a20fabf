import { inspect } from 'node:util';
import { TOKEN } from './fake-upstream';
import { setup, firstCalls, failure } from './upstream-client-fixture';

describe('events and logs', () => {
  test('report each attempt, response, retry and the end, for counting calls', async () => {
    const { time, client, events } = setup({ fault: firstCalls(1, { kind: 'status', status: 500 }) });
    await time.run(client.request('userInfo'));
    expect(events.map((event) => event.type)).toEqual([
      'attempt',
      'response',
      'retry',
      'attempt',
      'response',
      'settled',
    ]);
    expect(events[0]).toEqual({
      type: 'attempt',
      operationId: 'userInfo',
      family: 'free',
      attempt: 1,
      method: 'GET',
      path: '/user/info',
    });
    expect(events[5]).toMatchObject({ type: 'settled', ok: true, attempts: 2, status: 200, code: null });
  });

  test('a listener that throws does not fail the request', async () => {
    const { time, client, logs } = setup({
      client: {
        onEvent: () => {
          throw new Error('metrics down');
        },
      },
    });
    await expect(time.run(client.request('userInfo'))).resolves.toMatchObject({ error: false });
    expect(logs.some((line) => line.includes('metrics down'))).toBe(true);
  });

  test('the token and request bodies never appear in errors, logs or events', async () => {
    const { time, client, events, logs } = setup({
      client: { maxAttempts: 2 },
      fault: () => ({ kind: 'network' }),
    });
    const error = await failure(
      client.request('emailSearch', { body: { emails: ['jane.doe@example.com'] }, query: { note: 'x' } }),
      time,
    );
    expect(error.code).toBe('network_error');
    expect(error.message).toMatch(/^could not reach the Discovery API for emailSearch: fetch failed/);
    const printed = [
      error.message,
      error.stack,
      JSON.stringify(error),
      inspect(error, { depth: 10 }),
      JSON.stringify(events),
      ...logs,
    ].join('\n');
    expect(printed).not.toContain(TOKEN);
    expect(printed).not.toContain('jane.doe@example.com');
    expect(logs.length).toBeGreaterThan(0);
  });
});
