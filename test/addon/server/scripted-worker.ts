/**
 * A local stand-in for UrlFetchApp that answers as the worker would, from handlers a test
 * registers, without a network: unit tests of the server code need to script failures (402, 500,
 * a refused connection) that the real worker would make hard to produce. It keeps UrlFetchApp's
 * rule that matters here: without `muteHttpExceptions`, a 4xx/5xx answer throws.
 * (worker/playground/apps-script/url-fetch/url-fetch-app.ts is the real-HTTP fake the bundle tests use.)
 */

export interface RecordedRequest {
  method: string;
  url: string;
  /** Path after the worker URL, without the query: `api/jobs/j1/rows`. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Parsed JSON payload, or undefined. */
  body: unknown;
  muted: boolean;
}

export type Answer = { status?: number; body?: unknown; text?: string } | { throws: string };
export type Handler = (request: RecordedRequest) => Answer;

interface Route {
  method: string;
  path: string | RegExp;
  handler: Handler;
}

export interface FetchParams {
  method?: string;
  headers?: Record<string, string>;
  payload?: string;
  contentType?: string;
  muteHttpExceptions?: boolean;
}

class ScriptedResponse {
  constructor(
    private readonly status: number,
    private readonly text: string,
  ) {}

  getResponseCode(): number {
    return this.status;
  }

  getContentText(): string {
    return this.text;
  }
}

export class ScriptedWorker {
  readonly requests: RecordedRequest[] = [];
  private readonly routes: Route[] = [];

  constructor(readonly baseUrl: string) {}

  /** Answers requests to `path` (exact, or a pattern) with `answer`; later routes win. */
  on(method: string, path: string | RegExp, answer: Answer | Handler): this {
    const handler = typeof answer === 'function' ? answer : () => answer;
    this.routes.unshift({ method: method.toLowerCase(), path, handler });
    return this;
  }

  /** Requests to `path` made so far. */
  calls(path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((request) =>
      typeof path === 'string' ? request.path === path : path.test(request.path),
    );
  }

  fetch(url: string, params: FetchParams = {}): ScriptedResponse {
    const method = (params.method ?? 'get').toLowerCase();
    if (url.indexOf(this.baseUrl) !== 0) throw new Error(`Address unavailable: ${url}`);
    const [path, search = ''] = url.slice(this.baseUrl.length).split('?');
    const query: Record<string, string> = {};
    for (const part of search.split('&')) {
      if (part === '') continue;
      const [name, value = ''] = part.split('=');
      query[decodeURIComponent(name)] = decodeURIComponent(value);
    }
    const request: RecordedRequest = {
      method,
      url,
      path,
      query,
      headers: { ...(params.headers ?? {}) },
      body: params.payload === undefined ? undefined : (JSON.parse(params.payload) as unknown),
      muted: params.muteHttpExceptions === true,
    };
    this.requests.push(request);
    const route = this.routes.find(
      (candidate) =>
        candidate.method === method &&
        (typeof candidate.path === 'string' ? candidate.path === path : candidate.path.test(path)),
    );
    const answer: Answer = route
      ? route.handler(request)
      : {
          status: 404,
          body: { error: { code: 'not_found', message: `No route ${method.toUpperCase()} /${path}` } },
        };
    if ('throws' in answer) throw new Error(answer.throws);
    const status = answer.status ?? 200;
    const text = answer.text ?? JSON.stringify(answer.body ?? {});
    if (status >= 400 && !request.muted) {
      throw new Error(
        `Request failed for ${url} returned code ${status}. Truncated server response: ${text}`,
      );
    }
    return new ScriptedResponse(status, text);
  }
}

/** The worker's error body. */
export function workerError(status: number, code: string, message: string): Answer {
  return { status, body: { error: { code, message } } };
}
