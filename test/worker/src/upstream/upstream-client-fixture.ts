// The request core's tests (request-core, upstream-attempt, retry-loop, upstream-events): one upstream
// client over the fake service and fake time, and what the tests read of it.
import type { OperationId } from '../../../../shared/operations';
import { seededRandom } from '../../../../worker/common/seeded-random';
import {
  createUpstreamClient,
  type UpstreamClientOptions,
} from '../../../../worker/src/upstream/request-core';
import type { UpstreamEvent } from '../../../../worker/src/upstream/upstream-events';
import { UpstreamError } from '../../../../worker/src/upstream/upstream-error';
import { FakeTime } from './fake-time';
import { BASE_URL, FakeUpstream, TOKEN, type Fault, type RecordedCall } from './fake-upstream';

export const START = Date.parse('2025-03-01T12:00:00Z');

interface Setup {
  client?: Partial<UpstreamClientOptions>;
  limits?: ConstructorParameters<typeof FakeUpstream>[0]['limits'];
  fault?: (index: number, call: RecordedCall) => Fault | undefined;
}

export function setup(options: Setup = {}) {
  const time = new FakeTime(START);
  const upstream = new FakeUpstream({ time, limits: options.limits, fault: options.fault });
  const events: UpstreamEvent[] = [];
  const logs: string[] = [];
  const record = (message: string, fields: object) => logs.push(`${message} ${JSON.stringify(fields)}`);
  const client = createUpstreamClient({
    baseUrl: BASE_URL,
    token: TOKEN,
    fetch: upstream.fetch,
    clock: time.clock,
    sleep: time.sleep,
    random: seededRandom(7),
    logger: { debug: record, warn: record },
    onEvent: (event) => events.push(event),
    ...options.client,
  });
  return { time, upstream, client, events, logs };
}

/** The first `n` calls get `fault`, the rest are answered normally. */
export const firstCalls =
  (n: number, fault: Fault) =>
  (index: number): Fault | undefined =>
    index < n ? fault : undefined;

export async function failure(work: Promise<unknown>, time: FakeTime): Promise<UpstreamError> {
  try {
    await time.run(work);
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

export function gaps(calls: RecordedCall[]): number[] {
  return calls.slice(1).map((call, i) => call.at - calls[i].at);
}

/** Starts `n` requests of one operation at once; each carries its index as a query parameter. */
export function many(
  client: ReturnType<typeof setup>['client'],
  n: number,
  operationId: OperationId,
  platform?: 'instagram',
): Promise<unknown[]> {
  return Promise.all(
    Array.from({ length: n }, (_, i) => client.request(operationId, { platform, query: { i } })),
  );
}
