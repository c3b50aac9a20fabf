import { inspect } from 'node:util';
import { z } from 'zod';
import { optional, wanted } from '../../../../shared/responses/tolerant';
import { setup, failure } from './upstream-client-fixture';

describe('answers that are not retried', () => {
  test.each([
    [400, 'bad_request', 'filter.influencer.followers.left_number must be a number'],
    [402, 'not_enough_credits', 'Not enough credits for this request'],
    [403, 'private_account', 'The account is private'],
    [404, 'handle_not_found', 'Unknown handle "@nobody_here" on instagram'],
    [409, 'retry_later', 'The account is being processed; try again in a few hours'],
  ])('%i %s is surfaced after one call, with the API code and message', async (status, code, message) => {
    const { time, upstream, client } = setup({ fault: () => ({ kind: 'status', status, code, message }) });
    const error = await failure(
      client.request('report', { platform: 'instagram', params: { userId: 'nobody_here' } }),
      time,
    );
    expect(upstream.calls).toHaveLength(1);
    expect(error).toMatchObject({ status, code, message, attempts: 1, operationId: 'report' });
  });

  test('401 for a wrong token is surfaced after one call', async () => {
    const { time, upstream, client } = setup({ client: { token: 'tok_wrong' } });
    const error = await failure(client.request('userInfo'), time);
    expect(upstream.calls).toHaveLength(1);
    expect(error).toMatchObject({
      status: 401,
      code: 'api_token_invalid',
      message: 'The API token is invalid',
    });
  });

  test('a 200 that does not fit the schema fails once as unreadable_answer, carrying the body for billing', async () => {
    const { time, upstream, client, events } = setup();
    const schema = z.looseObject({ error: z.literal(false), credits: z.number() });
    const error = await failure(
      client.request('report', { platform: 'instagram', params: { userId: 'ada' }, schema }),
      time,
    );
    expect(upstream.calls).toHaveLength(1);
    expect(error.status).toBe(200);
    expect(error.code).toBe('unreadable_answer');
    expect(error.message).toMatch(
      /^the Discovery API answered report in a shape this version could not read \(credits: /,
    );
    expect(error.unreadableBody).toMatchObject({
      status: 200,
      problems: [expect.stringMatching(/^credits: /)],
    });
    expect(JSON.parse(error.unreadableBody?.text ?? '')).toMatchObject({ operation: 'report' });
    // The body never travels with the error's JSON or its inspection (it may quote what was sent).
    expect(JSON.stringify(error)).not.toContain('"operation":"report"');
    expect(inspect(error)).not.toContain('/instagram/profile/');
    expect(events.filter((event) => event.type === 'read')).toEqual([
      expect.objectContaining({
        operationId: 'report',
        findings: [],
        unreadable: [expect.stringMatching(/^credits/)],
      }),
    ]);
  });

  test('a readable 200 is reported as read, with what it lacked against the contract', async () => {
    const { time, client, events } = setup();
    const schema = z.looseObject({
      error: optional(z.boolean()),
      operation: wanted(z.string()),
      missing: wanted(z.number()),
    });
    const result = await time.run(client.request('userInfo', { schema }));
    expect(result.operation).toBe('userInfo');
    expect(events.filter((event) => event.type === 'read')).toEqual([
      expect.objectContaining({
        operationId: 'userInfo',
        findings: [{ kind: 'missing', path: 'missing' }],
        unreadable: null,
      }),
    ]);
  });

  test.each([200, 201])(
    "a %i carrying `error: true` is the service's error: code and message as written, one call, no answer",
    async (status) => {
      const { time, upstream, client } = setup({
        fault: () => ({
          kind: 'body',
          status,
          body: { error: true, code: 'handle_not_found', message: 'No such handle: @ghost' },
        }),
      });
      const schema = z.looseObject({ profile: z.looseObject({}) });
      const error = await failure(
        client.request('report', { platform: 'instagram', params: { userId: 'ghost' }, schema }),
        time,
      );
      expect(upstream.calls).toHaveLength(1);
      expect(error).toMatchObject({ status, code: 'handle_not_found', message: 'No such handle: @ghost' });
      expect(error.unreadableBody).toBeUndefined();
    },
  );

  test('`error: true` without a code or message still fails, with a sentence of its own', async () => {
    const { time, client } = setup({ fault: () => ({ kind: 'body', status: 200, body: { error: true } }) });
    const error = await failure(client.request('userInfo'), time);
    expect(error).toMatchObject({ status: 200, code: 'service_error' });
    expect(error.message).toBe('the Discovery API answered userInfo with an error and no message');
  });

  test('an error status with a loose error body keeps whatever code and message it has', async () => {
    const { time, client } = setup({
      client: { maxAttempts: 1 },
      fault: () => ({ kind: 'body', status: 404, body: { error: true, message: 'Gone', extra: 1 } }),
    });
    const error = await failure(client.request('userInfo'), time);
    expect(error).toMatchObject({ status: 404, code: 'http_404', message: 'Gone' });
  });
});
