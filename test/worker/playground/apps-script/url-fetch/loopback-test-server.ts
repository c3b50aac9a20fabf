import { Worker } from 'node:worker_threads';

/**
 * A small HTTP server for UrlFetchApp's tests, in its own thread: the fake's fetch blocks the
 * test's thread, so a server living there could never answer. Routes:
 * - `/status/:code` answers that status with a JSON error body;
 * - `/echo` answers 200 with `{ method, url, headers, body }` of the request;
 * - `/bytes/:n` answers n bytes of "x";
 * - `/slow/:ms` answers after that many real milliseconds;
 * - `/redirect` answers 302 to `/echo`;
 * - `/cookies` answers two Set-Cookie headers.
 */
const SERVER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const [, route, arg] = req.url.split('?')[0].split('/');
    if (route === 'status') {
      res.writeHead(Number(arg), { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'status_' + arg, message: 'answered ' + arg + ' ' + 'y'.repeat(300) } }));
    } else if (route === 'echo') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Echo': 'yes' });
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    } else if (route === 'bytes') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('x'.repeat(Number(arg)));
    } else if (route === 'slow') {
      setTimeout(() => { res.writeHead(200); res.end('slow'); }, Number(arg));
    } else if (route === 'redirect') {
      res.writeHead(302, { Location: '/echo' });
      res.end();
    } else if (route === 'cookies') {
      res.writeHead(200, [['Set-Cookie', 'a=1'], ['Set-Cookie', 'b=2'], ['Content-Type', 'text/plain']]);
      res.end('ok');
    } else {
      res.writeHead(404);
      res.end('no route');
    }
  });
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
parentPort.on('message', (message) => {
  if (message === 'close') { server.closeAllConnections(); server.close(() => process.exit(0)); }
});
`;

export interface LoopbackTestServer {
  /** e.g. `http://127.0.0.1:PORT/` */
  url: string;
  close(): Promise<void>;
}

export async function startLoopbackTestServer(): Promise<LoopbackTestServer> {
  const thread = new Worker(SERVER_SOURCE, { eval: true });
  const port = await new Promise<number>((resolve, reject) => {
    thread.once('message', (message: number) => resolve(message));
    thread.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      thread.postMessage('close');
      await exited;
    },
  };
}
