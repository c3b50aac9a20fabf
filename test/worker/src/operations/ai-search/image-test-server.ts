import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback server of test images for the worker's image fetch (sandbox mode allows http to
 * loopback): `/cat.png` is a small PNG, anything else a 404. It counts requests per path, so a
 * test can tell how often the worker fetched an image.
 */
export interface ImageTestServer {
  url(path: string): string;
  hits(path: string): number;
  /** The PNG served at /cat.png, as base64. */
  readonly pngBase64: string;
  close(): Promise<void>;
}

export const TEST_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('creator-sheets test image served by link'),
]);

export async function startImageTestServer(): Promise<ImageTestServer> {
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/cat.png') {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': TEST_PNG.length });
      res.end(TEST_PNG);
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${base}${path}`,
    hits: (path) => hits.get(path) ?? 0,
    pngBase64: TEST_PNG.toString('base64'),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
