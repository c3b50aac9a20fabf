import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { WhileWaiting } from '../apps-script/url-fetch/sync-http';
import {
  MAX_REQUEST_BYTES,
  MAX_TOKEN_REQUEST_BYTES,
  type EmulatorRequest,
  type EmulatorResponse,
} from './emulator-core';

/**
 * The emulator's HTTP server for a thread that also runs the Apps Script fakes (the playground's
 * Apps Script process). The fakes' UrlFetchApp blocks that thread while the worker answers, and
 * the worker may call Google before it answers (the sharing check, a delivery): a server on the
 * blocked thread's event loop would never answer, and both would wait for a minute. So the server
 * listens in a thread of its own, reads and parses each request, and hands it over a MessagePort
 * to the fakes' thread, which answers with the synchronous core (emulator-core.ts) from its event
 * loop, or, while blocked in a fetch, from inside the wait (`whileWaiting`, for UrlFetchApp): the
 * server thread bumps the shared signal the wait sleeps on.
 */
export interface EmulatorThread {
  /** e.g. "http://127.0.0.1:PORT/": the worker's GOOGLE_API_URL. */
  readonly url: string;
  /** Hand it to UrlFetchApp: requests are answered while a fetch waits. */
  readonly whileWaiting: WhileWaiting;
  close(): Promise<void>;
}

interface Forwarded {
  id: number;
  request: EmulatorRequest;
}

// Plain JavaScript: the thread runs it as is (Jest's transform does not reach worker threads).
// Bodies are read as the Express shell reads them (sheets-api-emulator.ts): JSON for the API, any
// content type, objects and lists only, an empty body as {}; a form for /token; queries as
// Express's "simple" parser (node:querystring) gives them.
const THREAD_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const http = require('node:http');
const querystring = require('node:querystring');
const { port, wake, maxApiBytes, maxTokenBytes } = workerData;
const waiting = new Map();
let nextId = 0;

port.on('message', ({ id, status, headers, body }) => {
  const res = waiting.get(id);
  if (res === undefined) return;
  waiting.delete(id);
  if (res.destroyed) return;
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
  });
  res.end(body);
});

function parsed(req, url, raw, tooLarge) {
  const request = { method: req.method, path: url.pathname, query: { ...querystring.parse(url.search.slice(1)) } };
  if (req.headers.authorization !== undefined) request.authorization = req.headers.authorization;
  const hasBody = req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined;
  if (!hasBody || req.method === 'GET' || req.method === 'HEAD') return request;
  if (tooLarge) {
    request.bodyProblem = { kind: 'too-large' };
    return request;
  }
  const text = raw.toString('utf8');
  if (url.pathname === '/token') {
    const form = /^application\\/x-www-form-urlencoded/i.test(req.headers['content-type'] || '');
    if (form) request.body = { ...querystring.parse(text) };
    return request;
  }
  if (text.length === 0) {
    request.body = {};
    return request;
  }
  const first = text.trimStart().charAt(0);
  if (first !== '{' && first !== '[') {
    request.bodyProblem = { kind: 'invalid-json', detail: 'Unexpected token ' + JSON.stringify(first) + ', expected an object or a list' };
    return request;
  }
  try {
    request.body = JSON.parse(text);
  } catch (error) {
    request.bodyProblem = { kind: 'invalid-json', detail: String(error && error.message ? error.message : error) };
  }
  return request;
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url || '/', 'http://127.0.0.1');
  const limit = url.pathname === '/token' ? maxTokenBytes : maxApiBytes;
  const chunks = [];
  let size = 0;
  req.on('data', (chunk) => {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
    else chunks.length = 0;
  });
  req.on('end', () => {
    const id = ++nextId;
    waiting.set(id, res);
    port.postMessage({ id, request: parsed(req, url, Buffer.concat(chunks), size > limit) });
    Atomics.add(wake, 0, 1);
    Atomics.notify(wake, 0);
  });
  req.on('error', () => res.destroy());
});
server.on('error', (error) => parentPort.postMessage({ error: String(error.message || error) }));
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ listening: server.address().port }));
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
`;

/** The server thread, answering with `handle` on the calling thread. */
export function startEmulatorThread(
  handle: (request: EmulatorRequest) => EmulatorResponse,
): Promise<EmulatorThread> {
  const wake = new Int32Array(new SharedArrayBuffer(4));
  const { port1: port, port2 } = new MessageChannel();
  const thread = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { port: port2, wake, maxApiBytes: MAX_REQUEST_BYTES, maxTokenBytes: MAX_TOKEN_REQUEST_BYTES },
    transferList: [port2],
  });
  // Neither keeps a process alive that has nothing else to do (a test's).
  thread.unref();
  port.unref();

  // An answer's own work may wait in a fetch (a formula the API wrote runs a custom function):
  // requests that come meanwhile are answered after it, from the event loop, never inside it.
  let answering = false;
  const answer = ({ id, request }: Forwarded): void => {
    answering = true;
    let response: EmulatorResponse;
    try {
      response = handle(request);
    } catch (error) {
      response = internalError(error);
    } finally {
      answering = false;
    }
    port.postMessage({
      id,
      status: response.status,
      headers: response.headers,
      body: JSON.stringify(response.body),
    });
  };
  const answerWaiting = (): void => {
    if (answering) return;
    for (;;) {
      const received = receiveMessageOnPort(port);
      if (received === undefined) return;
      answer(received.message as Forwarded);
    }
  };
  port.on('message', answer);

  return new Promise((resolve, reject) => {
    const failed = (error: Error) => {
      port.close();
      void thread.terminate();
      reject(error);
    };
    thread.once('error', failed);
    thread.once('message', (message: { listening?: number; error?: string }) => {
      thread.off('error', failed);
      if (message.listening === undefined) {
        failed(new Error(`The Sheets API emulator could not listen: ${message.error ?? 'no reason given'}`));
        return;
      }
      resolve({
        url: `http://127.0.0.1:${message.listening}/`,
        whileWaiting: { signal: wake, work: answerWaiting },
        close: async () => {
          thread.postMessage('close');
          await Promise.race([
            new Promise((done) => thread.once('exit', done)),
            new Promise((done) => setTimeout(done, 1000).unref()),
          ]);
          port.close();
          await thread.terminate();
        },
      });
    });
  });
}

/** What Google answers when it fails itself; the emulator failing is a bug to see, not to hide. */
function internalError(error: unknown): EmulatorResponse {
  return {
    status: 500,
    headers: {},
    body: {
      error: {
        code: 500,
        message: `Internal error encountered: ${error instanceof Error ? error.message : String(error)}`,
        status: 'INTERNAL',
      },
    },
  };
}
