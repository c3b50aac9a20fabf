import { OPERATIONS, OPERATION_IDS, type OperationId, type RateFamily } from '../../../../shared/operations';
import type { UpstreamFetch, UpstreamRequestInit } from '../../../../worker/src/upstream/upstream-attempt';
import type { FakeTime } from './fake-time';

export const BASE_URL = 'https://api.example.test/v1';
export const TOKEN = 'tok_live_5f2b9c7d1e8a4b3c';

/** What the fake does with one call instead of answering normally. */
export type Fault =
  | { kind: 'status'; status: number; code?: string; message?: string; retryAfter?: string }
  /** An error body that is not JSON, as a proxy in front of the service would send. */
  | { kind: 'html'; status: number }
  | { kind: 'network' }
  | { kind: 'hang' }
  | { kind: 'not-json' }
  /** Any status with this JSON body, as the service may answer (`error: true` on a 200...). */
  | { kind: 'body'; status: number; body: unknown };

export interface RecordedCall {
  at: number;
  operationId: OperationId | undefined;
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
  /** HTTP status answered, or what happened instead. */
  outcome: number | 'network' | 'hang';
  /** Seconds of the Retry-After header answered, if any. */
  retryAfter?: number;
}

interface FakeUpstreamOptions {
  time: FakeTime;
  /** The service's limits per family (requests/s, sliding 1 s window like the real one). */
  limits?: Partial<Record<RateFamily, number>>;
  /** Decides a fault for the n-th call (0-based) that passed auth and the rate limit. */
  fault?: (index: number, call: RecordedCall) => Fault | undefined;
}

const ROUTES = OPERATION_IDS.map((id) => ({
  id,
  method: OPERATIONS[id].method,
  pattern: new RegExp(`^${OPERATIONS[id].path.replace(/:[A-Za-z]+/g, '[^/]+')}$`),
}));

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * A small Discovery API with the real rules: bearer auth, a sliding-window rate limit per family
 * that answers 429 with Retry-After in whole seconds (counting arrivals on the fake clock), the
 * documented error body, and scripted faults. It echoes what it received on success.
 */
export class FakeUpstream {
  readonly calls: RecordedCall[] = [];
  private readonly admitted = new Map<RateFamily, number[]>();
  private served = 0;
  private readonly limits: Partial<Record<RateFamily, number>>;

  constructor(private readonly options: FakeUpstreamOptions) {
    this.limits = options.limits ?? { ai: 1, discovery: 2, dictionaryFast: 10 };
  }

  get rateLimited(): RecordedCall[] {
    return this.calls.filter((call) => call.outcome === 429);
  }

  readonly fetch: UpstreamFetch = (url, init) => this.handle(url, init);

  private async handle(rawUrl: string, init: UpstreamRequestInit): Promise<Response> {
    const url = new URL(rawUrl);
    const now = this.options.time.now;
    const path = url.pathname.replace(/^\/v1/, '');
    const route = ROUTES.find(
      (candidate) => candidate.method === init.method && candidate.pattern.test(path),
    );
    const call: RecordedCall = {
      at: now,
      operationId: route?.id,
      method: init.method,
      url,
      headers: { ...init.headers },
      body: init.body,
      outcome: 0,
    };
    this.calls.push(call);
    const answer = (response: Response) => {
      call.outcome = response.status;
      return response;
    };

    if (route === undefined)
      return answer(json(404, { error: true, code: 'not_found', message: 'No such path' }));
    const spec = OPERATIONS[route.id];
    if (spec.auth && init.headers.Authorization !== `Bearer ${TOKEN}`) {
      return answer(
        json(401, { error: true, code: 'api_token_invalid', message: 'The API token is invalid' }),
      );
    }

    const limit = this.limits[spec.rate];
    if (limit !== undefined) {
      const recent = (this.admitted.get(spec.rate) ?? []).filter((at) => at > now - 1000);
      if (recent.length >= Math.floor(limit)) {
        const retryAfter = Math.max(
          1,
          Math.ceil((recent[recent.length - Math.floor(limit)] + 1000 - now) / 1000),
        );
        this.admitted.set(spec.rate, recent);
        call.retryAfter = retryAfter;
        return answer(
          json(
            429,
            { error: true, code: 'rate_limited', message: 'Too many requests' },
            { 'retry-after': String(retryAfter) },
          ),
        );
      }
      recent.push(now);
      this.admitted.set(spec.rate, recent);
    }

    const fault = this.options.fault?.(this.served++, call);
    switch (fault?.kind) {
      case 'status':
        return answer(
          json(
            fault.status,
            {
              error: true,
              code: fault.code ?? 'internal_server_error',
              message: fault.message ?? 'Something broke',
            },
            fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter },
          ),
        );
      case 'html':
        return answer(new Response('<html>Bad gateway</html>', { status: fault.status }));
      case 'network':
        call.outcome = 'network';
        // Like some HTTP stacks, the error quotes the request, credentials included.
        throw new TypeError(`fetch failed for ${rawUrl} (Authorization: ${init.headers.Authorization})`, {
          cause: Object.assign(
            new Error(`socket hang up; credential ${init.headers.Authorization?.slice(7)}`),
            {
              code: 'ECONNRESET',
            },
          ),
        });
      case 'hang':
        call.outcome = 'hang';
        return new Promise<Response>((_, reject) => {
          init.signal.addEventListener(
            'abort',
            () => reject(new DOMException('The operation was aborted', 'AbortError')),
            {
              once: true,
            },
          );
        });
      case 'not-json':
        return answer(new Response('<html>Service Unavailable</html>', { status: 200 }));
      case 'body':
        return answer(json(fault.status, fault.body));
      case undefined:
        break;
    }
    return answer(
      json(200, {
        error: false,
        operation: route.id,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: init.body === undefined ? null : (JSON.parse(init.body) as unknown),
      }),
    );
  }
}
