import http from 'node:http';

export interface FreshAnswer {
  status: number;
  body: string;
}

/**
 * One HTTP request on a connection of its own, never a pooled keep-alive socket. The bundle tests
 * block their own event loop for seconds at a time (the fake UrlFetchApp and the formulas are
 * synchronous, as in Apps Script): a pooled socket that the server closes meanwhile, at its 5 s
 * idle timeout, cannot be noticed, and fetch then sends on it and fails with "other side closed".
 */
export function requestOnFreshConnection(
  url: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<FreshAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}
