import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { toBuffer } from '../services/blob';
import { FakeHttpResponse } from './http-response';
import type { FakeRuntime } from '../runtime/runtime';
import {
  SyncHttpClient,
  SyncHttpError,
  type SyncHttpRequest,
  type SyncHttpResponse,
  type WhileWaiting,
} from './sync-http';

/** Consumer accounts: 20,000 fetches a day (Workspace: 100,000). */
const URL_FETCH_DAILY_QUOTA = 20_000;
const URL_FETCH_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;
/** Apps Script's quotas for one request: a 2 KB URL and a 50 MB payload. */
const URL_FETCH_MAX_URL_LENGTH = 2 * 1024;
const URL_FETCH_MAX_PAYLOAD_BYTES = 50 * 1024 * 1024;
/** Apps Script gives up on a request after about 60 s. */
const URL_FETCH_TIMEOUT_MS = 60_000;

const METHODS = ['get', 'delete', 'patch', 'post', 'put', 'head', 'options'] as const;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
const DAY_MS = 24 * 60 * 60 * 1000;

interface FetchParams {
  method?: string;
  headers?: Record<string, unknown>;
  contentType?: string;
  payload?: unknown;
  muteHttpExceptions?: boolean;
  followRedirects?: boolean;
  validateHttpsCertificates?: boolean;
  escaping?: boolean;
}

interface FetchRecord {
  method: string;
  url: string;
  /** null when no answer came (refused, timed out). */
  status: number | null;
  /** Real milliseconds the request took. */
  realMs: number;
}

/**
 * UrlFetchApp, synchronous like Apps Script's (see sync-http.ts), over real HTTP to loopback only.
 * It holds to the manifest's urlFetchWhitelist (when the manifest has one), the daily quota and
 * the 50 MB response cap, throws on 4xx/5xx unless `muteHttpExceptions`, and charges the time a
 * request takes to the run's clock, so a slow worker makes a run hit its time limit.
 */
export class FakeUrlFetchApp {
  /** Every request made, in order. */
  readonly requests: FetchRecord[] = [];
  dailyQuota = URL_FETCH_DAILY_QUOTA;
  maxResponseBytes = URL_FETCH_MAX_RESPONSE_BYTES;
  /**
   * Fake milliseconds each fetch takes on the run's clock; null charges the real time it took.
   * Tests set it to make runs long without waiting.
   */
  latencyMs: number | null = null;
  /**
   * What this thread must keep doing while a fetch blocks it (see sync-http.ts): the playground
   * answers its Sheets API emulator there, which the worker may call before it answers the fetch.
   */
  whileWaiting: WhileWaiting | null = null;
  private readonly http = new SyncHttpClient();
  private quotaDay = -1;
  private usedToday = 0;

  constructor(private readonly runtime: FakeRuntime) {}

  fetch(url: string, params: FetchParams = {}): FakeHttpResponse {
    this.runtime.enter('UrlFetchApp.fetch', ['auth-none']);
    const request = this.prepare(url, params);
    this.countQuota(1);
    const started = Date.now();
    let answer: SyncHttpResponse | SyncHttpError;
    try {
      answer = this.http.request(request, this.whileWaiting);
    } catch (error) {
      answer = error instanceof SyncHttpError ? error : new SyncHttpError(String(error));
    }
    const realMs = Date.now() - started;
    this.requests.push({
      method: request.method,
      url,
      status: answer instanceof SyncHttpError ? null : answer.status,
      realMs,
    });
    this.runtime.spend(this.latencyMs ?? realMs);
    return this.respond(url, answer, params.muteHttpExceptions === true);
  }

  /** The requests go out together; the run waits for the slowest. */
  fetchAll(requests: (string | (FetchParams & { url: string }))[]): FakeHttpResponse[] {
    this.runtime.enter('UrlFetchApp.fetchAll', ['auth-none']);
    if (!Array.isArray(requests)) throw new Error('Invalid argument: requests');
    const prepared = requests.map((entry) => {
      const { url, ...params } = typeof entry === 'string' ? { url: entry } : entry;
      return { url, params: params as FetchParams, request: this.prepare(url, params as FetchParams) };
    });
    this.countQuota(prepared.length);
    const started = Date.now();
    const answers = this.http.requestAll(
      prepared.map((p) => p.request),
      this.whileWaiting,
    );
    const realMs = Date.now() - started;
    answers.forEach((answer, i) =>
      this.requests.push({
        method: prepared[i].request.method,
        url: prepared[i].url,
        status: answer instanceof SyncHttpError ? null : answer.status,
        realMs,
      }),
    );
    this.runtime.spend(this.latencyMs ?? realMs);
    return answers.map((answer, i) =>
      this.respond(prepared[i].url, answer, prepared[i].params.muteHttpExceptions === true),
    );
  }

  /** Fetches left today under the quota. */
  get remainingToday(): number {
    this.rollQuotaDay();
    return this.dailyQuota - this.usedToday;
  }

  /** Stops the thread that makes the requests. */
  close(): void {
    this.http.close();
  }

  private prepare(url: string, params: FetchParams): SyncHttpRequest {
    if (typeof url !== 'string') throw new Error('Invalid argument: url');
    if (url.length > URL_FETCH_MAX_URL_LENGTH) throw new Error('Limit Exceeded: URLFetch URL Length.');
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new Error(`Invalid argument: ${url}`);
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw new Error(`Invalid argument: ${url}`);
    this.checkWhitelist(url);
    if (!LOOPBACK.has(target.hostname)) {
      throw new Error(`The test bench fetches only loopback addresses, not ${target.hostname} (${url})`);
    }
    const method = (params.method ?? 'get').toLowerCase();
    if (!(METHODS as readonly string[]).includes(method)) {
      throw new Error(`Attribute provided with invalid value: method`);
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(params.headers ?? {})) headers[name] = String(value);
    let body: Buffer | null = null;
    if (params.payload !== undefined && params.payload !== null) {
      const payload = params.payload;
      const isObject =
        typeof payload === 'object' && !Array.isArray(payload) && !(payload instanceof Uint8Array);
      body = isObject
        ? Buffer.from(
            new URLSearchParams(
              Object.entries(payload as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
            ).toString(),
          )
        : toBuffer(payload, 'payload');
      if (body.length > URL_FETCH_MAX_PAYLOAD_BYTES) throw new Error('Limit Exceeded: URLFetch POST Size.');
      const hasType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
      if (!hasType) headers['Content-Type'] = params.contentType ?? 'application/x-www-form-urlencoded';
    }
    return {
      url,
      method: method.toUpperCase(),
      headers,
      body: body === null ? null : new Uint8Array(body),
      followRedirects: params.followRedirects !== false,
      timeoutMs: URL_FETCH_TIMEOUT_MS,
      maxResponseBytes: this.maxResponseBytes,
    };
  }

  private respond(url: string, answer: SyncHttpResponse | SyncHttpError, mute: boolean): FakeHttpResponse {
    if (answer instanceof SyncHttpError) {
      if (answer.message === 'TIMEOUT') throw new Error(`Timeout: ${url}`);
      if (answer.message === 'RESPONSE_TOO_LARGE') {
        throw new Error(
          `UrlFetch failed because the response is larger than ${this.maxResponseBytes} bytes: ${url}`,
        );
      }
      throw new Error(`Address unavailable: ${url}`);
    }
    const response = new FakeHttpResponse(answer);
    if (!mute && answer.status >= 400) {
      // Apps Script names the origin only and cuts the body short.
      const origin = new URL(url).origin;
      throw new Error(
        `Request failed for ${origin} returned code ${answer.status}. Truncated server response: ${response
          .getContentText()
          .slice(0, 200)} (use muteHttpExceptions option to examine full response)`,
      );
    }
    return response;
  }

  /** A manifest with urlFetchWhitelist allows only URLs under one of its prefixes. */
  private checkWhitelist(url: string): void {
    const prefixes = this.whitelist();
    if (prefixes === null || prefixes.some((prefix) => url === prefix || url.startsWith(prefix))) return;
    throw new Error(
      `Request to ${url} failed because the URL has not been whitelisted in the script manifest.`,
    );
  }

  private whitelist(): string[] | null {
    if (!this.runtime.attached) return null;
    const file = path.join(this.runtime.project, 'appsscript.json');
    if (!existsSync(file)) return null;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { urlFetchWhitelist?: unknown };
    const list = manifest.urlFetchWhitelist;
    return Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === 'string') : null;
  }

  private countQuota(calls: number): void {
    this.rollQuotaDay();
    if (this.usedToday + calls > this.dailyQuota) {
      throw new Error('Service invoked too many times for one day: urlfetch.');
    }
    this.usedToday += calls;
  }

  private rollQuotaDay(): void {
    const day = Math.floor(this.runtime.clock.now() / DAY_MS);
    if (day !== this.quotaDay) {
      this.quotaDay = day;
      this.usedToday = 0;
    }
  }
}
