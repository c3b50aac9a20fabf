import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  fetchImage,
  isLoopbackAddress,
  isPublicAddress,
  type ImageFetchRules,
} from '../../../../../worker/src/operations/ai-search/image-fetch';
import { WorkerError } from '../../../../../worker/src/request-io/worker-error';

/**
 * The worker's image fetch for AI image search, against a local image server on loopback. In
 * sandbox mode plain http to loopback is allowed (that is how these tests reach the server); live
 * mode's address rules are checked with a resolver that maps test names to chosen addresses, so
 * nothing leaves the machine.
 */

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('a tiny test image'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg body')]);

let server: Server;
let base: string;
const hits = new Map<string, number>();
/** Resolved when /hang is asked for, so a test knows the request reached the server. */
let hung: () => void = () => undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop !== null) {
      const left = Number(hop[1]);
      res.writeHead(302, { Location: left === 0 ? '/png' : `/hop/${left - 1}` });
      res.end();
    } else if (path === '/png') {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': PNG.length });
      res.end(PNG);
    } else if (path === '/jpeg-called-png') {
      res.writeHead(200, { 'Content-Type': 'image/png; charset=binary' });
      res.end(JPEG);
    } else if (path === '/html') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html>not an image</html>');
    } else if (path === '/text-called-png') {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end('plain text');
    } else if (path === '/gif') {
      res.writeHead(200, { 'Content-Type': 'image/gif' });
      res.end('GIF89a');
    } else if (path === '/large-declared') {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(6 * 1024 * 1024) });
      res.write(PNG);
      // Never finishes: the fetch must give up on the header alone.
    } else if (path === '/large-streamed') {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.write(PNG);
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      const more = () => {
        while (sent < 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    } else if (path === '/missing') {
      res.writeHead(404, { 'Content-Type': 'text/html' });
      res.end('gone');
    } else if (path === '/to') {
      res.writeHead(301, { Location: query.get('url') ?? '/' });
      res.end();
    } else if (path === '/hang') {
      hung();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => hits.clear());

const sandbox: ImageFetchRules = { mode: 'sandbox' };

/** The WorkerError a fetch fails with. */
async function failure(url: string, rules: ImageFetchRules): Promise<WorkerError> {
  try {
    await fetchImage(url, rules);
  } catch (error) {
    if (error instanceof WorkerError) return error;
    throw error;
  }
  throw new Error(`fetching ${url} did not fail`);
}

describe('fetchImage', () => {
  it('fetches an image from loopback over http in sandbox mode, as base64 with its type', async () => {
    const image = await fetchImage(`${base}/png`, sandbox);
    expect(image).toEqual({
      imageType: 'image/png',
      base64Image: PNG.toString('base64'),
      bytes: PNG.length,
      finalUrl: `${base}/png`,
    });
  });

  it('takes the type from the bytes when the server names another accepted one', async () => {
    const image = await fetchImage(`${base}/jpeg-called-png`, sandbox);
    expect(image.imageType).toBe('image/jpeg');
  });

  it('follows up to 3 redirects and refuses a fourth', async () => {
    expect((await fetchImage(`${base}/hop/2`, sandbox)).finalUrl).toBe(`${base}/png`);
    const error = await failure(`${base}/hop/3`, sandbox);
    expect(error.status).toBe(422);
    expect(error.message).toBe('The image URL redirects more than 3 times: link to the image itself.');
    // The fourth hop is never requested.
    expect(hits.get('/png')).toBe(1);
  });

  it('checks every redirect again: no http away from loopback, no other schemes', async () => {
    const resolve = jest.fn(async (host: string) => (host === 'cdn.example' ? ['93.184.216.34'] : []));
    const toHttp = await failure(`${base}/to?url=${encodeURIComponent('http://cdn.example/cat.png')}`, {
      mode: 'sandbox',
      resolve,
    });
    expect(toHttp.message).toBe('The image URL must start with https://, not http:// (cdn.example).');
    expect(resolve).toHaveBeenCalledWith('cdn.example');

    const toFile = await failure(`${base}/to?url=${encodeURIComponent('file:///etc/passwd')}`, sandbox);
    expect(toFile.status).toBe(400);
    expect(toFile.message).toBe('The image URL must start with https://, got file://.');
  });

  it('refuses plain http, loopback and private addresses in live mode, before connecting', async () => {
    const names: Record<string, string[]> = {
      'intranet.example': ['10.1.2.3'],
      'metadata.example': ['169.254.169.254'],
      'sneaky.example': ['93.184.216.34', '192.168.1.20'],
      'local6.example': ['::1'],
    };
    const live: ImageFetchRules = { mode: 'live', resolve: async (host) => names[host] ?? [] };

    expect((await failure(`${base}/png`, live)).message).toBe(
      'The image URL must start with https://, not http:// (127.0.0.1).',
    );
    const port = (server.address() as AddressInfo).port;
    expect((await failure(`https://127.0.0.1:${port}/png`, live)).message).toBe(
      'The image URL points to a private or local network address (127.0.0.1 is 127.0.0.1): only public https:// addresses are fetched.',
    );
    expect((await failure('https://intranet.example/cat.png', live)).message).toContain(
      '(intranet.example is 10.1.2.3)',
    );
    expect((await failure('https://metadata.example/latest', live)).message).toContain('169.254.169.254');
    // One private address among public ones is enough to refuse: a connection could pick it.
    expect((await failure('https://sneaky.example/cat.png', live)).message).toContain('192.168.1.20');
    expect((await failure('https://local6.example/cat.png', live)).message).toContain('::1');
    expect((await failure('https://[::ffff:7f00:1]/cat.png', live)).status).toBe(400);
    expect(hits.size).toBe(0);
  });

  it('refuses what is not a JPEG, PNG or WebP image, and error pages', async () => {
    expect((await failure(`${base}/html`, sandbox)).message).toBe(
      `The link at 127.0.0.1 gives text/html, not a JPEG, PNG or WebP image: link to the image file itself.`,
    );
    expect((await failure(`${base}/gif`, sandbox)).message).toContain('gives image/gif');
    expect((await failure(`${base}/text-called-png`, sandbox)).message).toBe(
      'The file at 127.0.0.1 says it is image/png but does not hold a JPEG, PNG or WebP image.',
    );
    expect((await failure(`${base}/missing`, sandbox)).message).toBe(
      'The image at 127.0.0.1 answered HTTP 404 instead of the image: check the link.',
    );
  });

  it('stops at the size limit, whether the server says its length or not', async () => {
    const declared = await failure(`${base}/large-declared`, sandbox);
    expect(declared.status).toBe(422);
    expect(declared.message).toBe(
      'The image at 127.0.0.1 is 6 MB; AI search takes at most 3.75 MB (5 MB once encoded as base64): use a smaller image.',
    );
    const streamed = await failure(`${base}/large-streamed`, { mode: 'sandbox', maxBytes: 100_000 });
    expect(streamed.message).toBe(
      'The image at 127.0.0.1 is larger than 0.1 MB; AI search takes at most 0.1 MB (5 MB once encoded as base64): use a smaller image.',
    );
  });

  it('gives up after its deadline with a sentence that says what to do', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const arrived = new Promise<void>((resolve) => {
        hung = resolve;
      });
      const result = failure(`${base}/hang`, sandbox);
      await arrived;
      jest.advanceTimersByTime(15_000);
      const error = await result;
      expect(error.status).toBe(502);
      expect(error.message).toBe(
        'The image at 127.0.0.1 did not arrive within 15 s: try again, or upload the image instead.',
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('says so when the server cannot be reached or the link is no URL', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect((await failure(`http://127.0.0.1:${port}/x.png`, sandbox)).message).toBe(
      'The image at 127.0.0.1 could not be fetched: the connection was refused.',
    );
    expect((await failure('cat.png', sandbox)).message).toBe(
      'The image URL "cat.png" is not a web address: give a link that starts with https://.',
    );
    expect((await failure('https://user:pw@cdn.example/cat.png', sandbox)).message).toBe(
      'The image URL must not carry a user name or password.',
    );
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['93.184.216.34', true],
    ['8.8.8.8', true],
    ['2606:4700::1111', true],
    ['10.0.0.1', false],
    ['172.16.5.4', false],
    ['172.32.0.1', true],
    ['192.168.0.1', false],
    ['127.0.0.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd12:3456::1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:93.184.216.34', true],
    ['64:ff9b::a9fe:a9fe', false],
    ['not an address', false],
  ])('%s -> %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('knows loopback in both families', () => {
    expect(isLoopbackAddress('127.8.9.10')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('10.0.0.1')).toBe(false);
  });
});
