import { createServer, type Server } from 'node:http';

/** A chat webhook's stand-in on loopback (http: the worker allows it there only): keeps what is posted. */
export interface WebhookReceiver {
  /** `http://127.0.0.1:PORT/hooks/<secret>`: the path plays the part of a real webhook's secret. */
  url: string;
  posts: { path: string; body: unknown }[];
  /** The status it answers with from now on. */
  answer(status: number): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(secret = 'T0pSecretHookPath9xyz'): Promise<WebhookReceiver> {
  const posts: WebhookReceiver['posts'] = [];
  let status = 200;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      posts.push({ path: req.url ?? '', body: text === '' ? null : (JSON.parse(text) as unknown) });
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}/hooks/${secret}`,
    posts,
    answer: (next) => {
      status = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
