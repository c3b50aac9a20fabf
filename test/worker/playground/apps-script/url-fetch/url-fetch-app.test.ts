import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createAppsScriptFakes,
  type AppsScriptFakes,
} from '../../../../../worker/playground/apps-script/create-fakes';
import { startLoopbackTestServer, type LoopbackTestServer } from './loopback-test-server';
import { EXCEEDED_MAXIMUM_EXECUTION_TIME } from '../../../../../worker/playground/apps-script/runtime/runtime';

let server: LoopbackTestServer;
const created: AppsScriptFakes[] = [];

beforeAll(async () => {
  server = await startLoopbackTestServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  for (const fakes of created.splice(0)) fakes.dispose();
});

function fakes(manifest?: object): AppsScriptFakes {
  const made = createAppsScriptFakes();
  created.push(made);
  if (manifest !== undefined) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'url-fetch-'));
    writeFileSync(path.join(dir, 'appsscript.json'), JSON.stringify(manifest));
    made.runtime.attach({}, dir);
  }
  return made;
}

describe('FakeUrlFetchApp', () => {
  it('fetches synchronously over real HTTP and gives status, text and headers', () => {
    const { urlFetchApp } = fakes();
    const response = urlFetchApp.fetch(`${server.url}echo?x=1`, {
      method: 'post',
      contentType: 'application/json',
      headers: { Authorization: 'Bearer k1' },
      payload: JSON.stringify({ a: 1 }),
    });
    expect(response.getResponseCode()).toBe(200);
    const echoed = JSON.parse(response.getContentText()) as {
      method: string;
      url: string;
      headers: Record<string, string>;
      body: string;
    };
    expect(echoed).toMatchObject({ method: 'POST', url: '/echo?x=1', body: '{"a":1}' });
    expect(echoed.headers).toMatchObject({ authorization: 'Bearer k1', 'content-type': 'application/json' });
    expect(response.getHeaders()).toMatchObject({ 'Content-Type': 'application/json', 'X-Echo': 'yes' });
    expect(urlFetchApp.requests).toEqual([
      expect.objectContaining({ method: 'POST', url: `${server.url}echo?x=1`, status: 200 }),
    ]);
  });

  it('form-encodes an object payload, as Apps Script does', () => {
    const { urlFetchApp } = fakes();
    const echoed = JSON.parse(
      urlFetchApp
        .fetch(`${server.url}echo`, { method: 'post', payload: { q: 'a b', n: 2 } })
        .getContentText(),
    ) as { body: string; headers: Record<string, string> };
    expect(echoed.body).toBe('q=a+b&n=2');
    expect(echoed.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('sends a payload with its length whatever the method, a DELETE included', () => {
    const { urlFetchApp } = fakes();
    const echoed = JSON.parse(
      urlFetchApp
        .fetch(`${server.url}echo`, {
          method: 'delete',
          contentType: 'application/json',
          payload: JSON.stringify({ ids: ['1'] }),
        })
        .getContentText(),
    ) as { method: string; body: string; headers: Record<string, string> };
    expect(echoed).toMatchObject({ method: 'DELETE', body: '{"ids":["1"]}' });
    expect(echoed.headers['content-length']).toBe('13');
  });

  it('throws on 4xx and 5xx with Apps Script message, naming the origin and cutting the body', () => {
    const { urlFetchApp } = fakes();
    let message = '';
    try {
      urlFetchApp.fetch(`${server.url}status/401?secret=1`);
    } catch (error) {
      message = (error as Error).message;
    }
    const origin = server.url.slice(0, -1);
    expect(message).toMatch(
      new RegExp(
        `^Request failed for ${origin.replace(/[.:/]/g, '\\$&')} returned code 401\\. Truncated server response: \\{"error"`,
      ),
    );
    expect(message).not.toContain('secret');
    expect(message).toContain('(use muteHttpExceptions option to examine full response)');
    expect(message.length).toBeLessThan(400);
    expect(() => urlFetchApp.fetch(`${server.url}status/503`)).toThrow('returned code 503');
  });

  it('returns 4xx and 5xx answers whole with muteHttpExceptions', () => {
    const { urlFetchApp } = fakes();
    const response = urlFetchApp.fetch(`${server.url}status/429`, { muteHttpExceptions: true });
    expect(response.getResponseCode()).toBe(429);
    expect((JSON.parse(response.getContentText()) as { error: { code: string } }).error.code).toBe(
      'status_429',
    );
  });

  it('follows redirects unless told not to', () => {
    const { urlFetchApp } = fakes();
    expect(urlFetchApp.fetch(`${server.url}redirect`).getResponseCode()).toBe(200);
    expect(urlFetchApp.fetch(`${server.url}redirect`, { followRedirects: false }).getResponseCode()).toBe(
      302,
    );
  });

  it('keeps repeated headers in getAllHeaders', () => {
    const { urlFetchApp } = fakes();
    const response = urlFetchApp.fetch(`${server.url}cookies`);
    expect(response.getAllHeaders()['Set-Cookie']).toEqual(['a=1', 'b=2']);
    expect(response.getHeaders()['Set-Cookie']).toBe('b=2');
  });

  it('sends fetchAll requests together and waits for the slowest', () => {
    const { urlFetchApp, runtime } = fakes();
    const started = Date.now();
    const [a, b, c] = runtime.run('full', () =>
      urlFetchApp.fetchAll([
        `${server.url}slow/300`,
        `${server.url}slow/300`,
        { url: `${server.url}status/404`, muteHttpExceptions: true },
      ]),
    );
    const took = Date.now() - started;
    expect([a.getContentText(), b.getContentText(), c.getResponseCode()]).toEqual(['slow', 'slow', 404]);
    expect(took).toBeLessThan(550);
    expect(urlFetchApp.requests).toHaveLength(3);
  });

  it('fetches only URLs under the manifest urlFetchWhitelist', () => {
    const { urlFetchApp } = fakes({ urlFetchWhitelist: [`${server.url}echo/`] });
    expect(urlFetchApp.fetch(`${server.url}echo/x`).getResponseCode()).toBe(200);
    expect(() => urlFetchApp.fetch(`${server.url}status/200`)).toThrow(
      `Request to ${server.url}status/200 failed because the URL has not been whitelisted in the script manifest.`,
    );
    expect(urlFetchApp.requests).toHaveLength(1);
  });

  it('reaches loopback only', () => {
    const { urlFetchApp } = fakes();
    expect(() => urlFetchApp.fetch('https://example.com/')).toThrow(
      'only loopback addresses, not example.com',
    );
    expect(() => urlFetchApp.fetch('ftp://127.0.0.1/')).toThrow('Invalid argument');
  });

  it('refuses a URL over 2 KB before sending it', () => {
    const { urlFetchApp } = fakes();
    const base = `${server.url}echo?q=`;
    expect(urlFetchApp.fetch(base + 'x'.repeat(2048 - base.length)).getResponseCode()).toBe(200);
    expect(() => urlFetchApp.fetch(base + 'x'.repeat(2049 - base.length))).toThrow(
      'Limit Exceeded: URLFetch URL Length.',
    );
    expect(urlFetchApp.requests).toHaveLength(1);
  });

  it('refuses a response over the size cap', () => {
    const { urlFetchApp } = fakes();
    urlFetchApp.maxResponseBytes = 1000;
    expect(urlFetchApp.fetch(`${server.url}bytes/1000`).getContentText()).toHaveLength(1000);
    expect(() => urlFetchApp.fetch(`${server.url}bytes/1001`)).toThrow('response is larger than 1000 bytes');
  });

  it('counts against the daily quota, which a new day resets', () => {
    const { urlFetchApp, clock } = fakes();
    urlFetchApp.dailyQuota = 2;
    urlFetchApp.fetch(`${server.url}echo`);
    urlFetchApp.fetch(`${server.url}echo`);
    expect(() => urlFetchApp.fetch(`${server.url}echo`)).toThrow(
      'Service invoked too many times for one day: urlfetch.',
    );
    expect(() => urlFetchApp.fetchAll([`${server.url}echo`])).toThrow('too many times');
    clock.advance(24 * 60 * 60 * 1000);
    expect(urlFetchApp.remainingToday).toBe(2);
    expect(urlFetchApp.fetch(`${server.url}echo`).getResponseCode()).toBe(200);
  });

  it('says so when nothing listens', () => {
    const { urlFetchApp } = fakes();
    expect(() => urlFetchApp.fetch('http://127.0.0.1:1/')).toThrow(
      'Address unavailable: http://127.0.0.1:1/',
    );
  });

  it('charges the wait to the run: a custom function past 30 s dies, whatever it catches', () => {
    const { urlFetchApp, runtime } = fakes();
    urlFetchApp.latencyMs = 12_000;
    const attempts: string[] = [];
    expect(() =>
      runtime.run('custom-function', () => {
        for (let i = 0; i < 5; i++) {
          try {
            urlFetchApp.fetch(`${server.url}echo`);
            attempts.push('ok');
          } catch (error) {
            attempts.push((error as Error).message);
          }
        }
        return 'done';
      }),
    ).toThrow(EXCEEDED_MAXIMUM_EXECUTION_TIME);
    // The third fetch reached the server but its wait passed 30 s; nothing after it went out.
    expect(attempts).toEqual([
      'ok',
      'ok',
      EXCEEDED_MAXIMUM_EXECUTION_TIME,
      EXCEEDED_MAXIMUM_EXECUTION_TIME,
      EXCEEDED_MAXIMUM_EXECUTION_TIME,
    ]);
    expect(urlFetchApp.requests).toHaveLength(3);
  });

  it('is out of reach of onOpen in AuthMode.NONE and within reach of a custom function', () => {
    const { urlFetchApp, runtime } = fakes();
    expect(() => runtime.run('auth-none', () => urlFetchApp.fetch(`${server.url}echo`))).toThrow(
      'You do not have permission to call UrlFetchApp.fetch',
    );
    expect(
      runtime.run('custom-function', () => urlFetchApp.fetch(`${server.url}echo`).getResponseCode()),
    ).toBe(200);
  });
});
