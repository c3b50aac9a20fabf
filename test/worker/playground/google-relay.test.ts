import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startGoogleRelay, type GoogleRelay } from '../../../worker/playground/google-relay';

/**
 * The worker's address for the playground's Google, open before the emulator listens: a request
 * made early is answered once the emulator is up; with no emulator at all it fails, not hangs.
 */

const relays: GoogleRelay[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const relay of relays.splice(0)) await relay.close();
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function emulatorStandIn(): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => res.end(JSON.stringify({ method: req.method, url: req.url, body })));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe('the Google relay', () => {
  it('holds a request made before the emulator listens, and delivers it once it does', async () => {
    let listening: (url: string) => void = () => undefined;
    const relay = await startGoogleRelay(new Promise<string>((resolve) => (listening = resolve)));
    relays.push(relay);

    const early = fetch(`${relay.url}v4/spreadsheets/abc/values:batchUpdate`, {
      method: 'POST',
      body: '{"data":[]}',
    });
    listening(await emulatorStandIn());

    const answer = await early;
    expect(await answer.json()).toEqual({
      method: 'POST',
      url: '/v4/spreadsheets/abc/values:batchUpdate',
      body: '{"data":[]}',
    });
  });

  it('closes connections when the emulator could not start', async () => {
    const relay = await startGoogleRelay(Promise.reject(new Error('no emulator')));
    relays.push(relay);

    await expect(fetch(`${relay.url}token`, { method: 'POST' })).rejects.toThrow();
  });
});
