import express from 'express';
import request from 'supertest';
import { BudgetExceededError } from '../../../../worker/src/request-io/budget-exceeded-error';
import { errorHandler, toWorkerError } from '../../../../worker/src/request-io/error-answer';
import { WorkerError } from '../../../../worker/src/request-io/worker-error';
import { createLogger } from '../../../../worker/src/logging/logger';
import { StoreUnavailableError } from '../../../../worker/src/store/store-availability';
import { UpstreamError } from '../../../../worker/src/upstream/upstream-error';

const upstream = (status: number | null, code: string, extra: { retryAfterMs?: number } = {}) =>
  new UpstreamError({ status, code, message: `the API said ${code}`, operationId: 'report', ...extra });

describe('toWorkerError', () => {
  it.each([
    [upstream(402, 'not_enough_credits'), 402, 'not_enough_credits'],
    [upstream(403, 'not_enough_credits'), 402, 'not_enough_credits'],
    [upstream(429, 'rate_limited', { retryAfterMs: 3500 }), 429, 'rate_limited'],
    [upstream(null, 'timeout'), 504, 'upstream_timeout'],
    [upstream(null, 'network_error'), 502, 'upstream_failed'],
    [upstream(500, 'internal_server_error'), 502, 'upstream_failed'],
    [upstream(200, 'malformed_response'), 502, 'upstream_failed'],
    [upstream(200, 'unreadable_answer'), 502, 'upstream_failed'],
    [upstream(503, 'http_503'), 502, 'upstream_failed'],
    [upstream(200, 'empty_audience'), 502, 'empty_audience'],
    [upstream(409, 'retry_later'), 502, 'retry_later'],
    [upstream(401, 'api_token_invalid'), 502, 'upstream_auth'],
    [upstream(400, 'bad_request'), 400, 'bad_request'],
    [upstream(404, 'handle_not_found'), 404, 'handle_not_found'],
    [upstream(403, 'raw_access_denied'), 403, 'raw_access_denied'],
    [upstream(null, 'aborted'), 503, 'unavailable'],
  ])('answers %s with %i %s', (error, status, code) => {
    const answer = toWorkerError(error);
    expect([answer.status, answer.code]).toEqual([status, code]);
  });

  it('words an error the service wrote (`error: true` on a 200) as it wrote it', () => {
    expect(toWorkerError(upstream(200, 'empty_audience')).message).toBe(
      'The Discovery API answered "empty_audience": the API said empty_audience',
    );
  });

  it('passes the retry delay the API asked for on', () => {
    expect(toWorkerError(upstream(429, 'rate_limited', { retryAfterMs: 3500 })).retryAfterSeconds).toBe(4);
  });

  it("tells an admin, not the caller, to fix the worker's token", () => {
    expect(toWorkerError(upstream(401, 'api_token_invalid')).message).toBe(
      "The Discovery API refused the worker's API token; an admin must check DISCOVERY_API_TOKEN",
    );
  });

  it("keeps a budget's sentence as it is", () => {
    const error = new BudgetExceededError({
      scope: 'user',
      period: 'day',
      limit: 5,
      committed: 5,
      estimate: 1,
      resetsAt: 0,
    });
    expect(toWorkerError(error)).toMatchObject({
      status: 402,
      code: 'budget_exceeded',
      message: 'Budget for today reached (5 credits)',
    });
  });

  it('answers the store out of reach 503 with Retry-After and a sentence, wherever it is among the causes', () => {
    const lost = new StoreUnavailableError('connection lost', {
      cause: new Error('57P01 terminating connection'),
    });
    for (const error of [lost, new Error('the report could not be cached', { cause: lost })]) {
      const answer = toWorkerError(error);
      expect([answer.status, answer.code, answer.retryAfterSeconds]).toEqual([503, 'store_unavailable', 5]);
      expect(answer.message).toMatch(
        /^The worker's database is not answering just now .*; try again in a moment/,
      );
      expect(answer.message).not.toContain('57P01');
    }
  });

  it('hides the details of anything unexpected', () => {
    const answer = toWorkerError(new Error('SQLITE_CORRUPT at /var/lib/secret/path'));
    expect(answer.status).toBe(500);
    expect(answer.code).toBe('internal');
    expect(answer.message).not.toContain('SQLITE');
  });
});

describe('errorHandler', () => {
  it('answers { error: { code, message } } with the status, and logs an unexpected error once with its stack', async () => {
    const lines: string[] = [];
    const app = express();
    app.get('/worker', () => {
      throw new WorkerError(409, 'conflict', 'Already running');
    });
    app.get('/rate', () => {
      throw upstream(429, 'rate_limited', { retryAfterMs: 2000 });
    });
    app.get('/bug', async () => {
      throw new Error('a bug');
    });
    app.get('/store', async () => {
      throw new StoreUnavailableError('connect ECONNREFUSED');
    });
    app.use(errorHandler(createLogger({ destination: { write: (line: string) => lines.push(line) } })));

    const worker = await request(app).get('/worker');
    expect(worker.status).toBe(409);
    expect(worker.body).toEqual({ error: { code: 'conflict', message: 'Already running' } });
    const rate = await request(app).get('/rate');
    expect(rate.headers['retry-after']).toBe('2');
    const bug = await request(app).get('/bug');
    expect(bug.status).toBe(500);
    const store = await request(app).get('/store');
    expect([store.status, store.headers['retry-after'], store.body.error.code]).toEqual([
      503,
      '5',
      'store_unavailable',
    ]);
    // An outage is a passing state, not a bug: a warning without a stack.
    expect(lines.filter((line) => line.includes('unexpected error'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('answered while the store is unavailable'))).toHaveLength(1);
    expect(lines.join('')).toContain('a bug');
  });
});
