import http from 'node:http';
import { summarize, type LatencySummary } from './percentiles';

/**
 * A small closed-loop HTTP load generator: `connections` keep-alive connections, each sending the
 * next request as soon as the previous answer has been read, for a fixed time and at most
 * `maxRequests` requests. Loopback only: it is for comparing servers on this machine, not for
 * pointing at anyone else's.
 */

export interface LoadOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  durationMs: number;
  maxRequests: number;
}

export interface LoadResult {
  /** Answered 2xx. */
  ok: number;
  /** Other statuses and network errors. */
  failed: number;
  firstFailure: string | null;
  elapsedMs: number;
  /** 2xx answers per second over the whole run. */
  perSecond: number;
  latency: LatencySummary;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const target = new URL(options.url);
  if (!LOOPBACK.has(target.hostname))
    throw new Error(`the load generator only targets loopback, got ${target.hostname}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) headers['content-length'] = String(body.length);

  const send = () =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          agent,
          hostname: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method: options.method ?? 'GET',
          headers,
        },
        (response) => {
          response.on('data', () => undefined);
          response.once('end', () => resolve(response.statusCode ?? 0));
          response.once('error', reject);
        },
      );
      request.once('error', reject);
      request.end(body);
    });

  const samples: number[] = [];
  let started = 0;
  let failed = 0;
  let firstFailure: string | null = null;
  const begin = performance.now();
  const end = begin + options.durationMs;
  const connection = async () => {
    while (performance.now() < end && started < options.maxRequests) {
      started += 1;
      const sent = performance.now();
      try {
        const status = await send();
        if (status >= 200 && status < 300) samples.push(performance.now() - sent);
        else {
          failed += 1;
          firstFailure ??= `status ${status}`;
        }
      } catch (error) {
        failed += 1;
        firstFailure ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.connections }, connection));
  } finally {
    agent.destroy();
  }
  const elapsedMs = performance.now() - begin;
  return {
    ok: samples.length,
    failed,
    firstFailure,
    elapsedMs,
    perSecond: samples.length / (elapsedMs / 1000),
    latency: summarize(samples),
  };
}
