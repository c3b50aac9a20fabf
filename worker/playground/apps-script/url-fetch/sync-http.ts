import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

/**
 * Blocking HTTP for the fake UrlFetchApp: Apps Script's fetch is synchronous, Node's is not. A
 * worker thread makes the request while the calling thread sleeps in Atomics.wait; the thread
 * posts the answer on a MessagePort and wakes the caller, which takes it off the port with
 * receiveMessageOnPort. The caller's event loop does not turn meanwhile, so a server in the same
 * thread could never answer: the servers a script calls must live in another thread or process
 * (the bundle tests run the worker in a child process), or be served from the wait itself
 * (WhileWaiting: the playground answers its Sheets API emulator's requests there).
 */

/**
 * Work the waiting thread still owes others while it sleeps in a request: whoever has some bumps
 * `signal[0]` (Atomics.add, then Atomics.notify), which wakes the wait as an answer does, and
 * `work` runs on the waiting thread before it sleeps again.
 */
export interface WhileWaiting {
  /** On a SharedArrayBuffer; the request thread bumps it too, for the requests made with it. */
  readonly signal: Int32Array;
  work(): void;
}

export interface SyncHttpRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** Request body bytes, if any. */
  body: Uint8Array | null;
  followRedirects: boolean;
  timeoutMs: number;
  /** Reading stops with an error past this many bytes. */
  maxResponseBytes: number;
}

export interface SyncHttpResponse {
  status: number;
  /** Header names as the server sent them, in order; repeated headers appear repeatedly. */
  rawHeaders: [string, string][];
  body: Uint8Array;
}

export class SyncHttpError extends Error {}

interface Answer {
  id: number;
  response?: SyncHttpResponse;
  error?: string;
}

// Plain JavaScript: the thread runs it as is (Jest's transform does not reach worker threads).
const THREAD_SOURCE = `
const { workerData } = require('node:worker_threads');
const http = require('node:http');
const https = require('node:https');
const { signal: ownSignal, port } = workerData;

function once(request, url, redirectsLeft) {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    // Node sends no length for a DELETE body unless told, and servers then read no body; Apps
    // Script sends the payload's length with every method.
    const body = request.body ? Buffer.from(request.body) : null;
    const headers = body ? { ...request.headers, 'Content-Length': String(body.length) } : request.headers;
    const req = client.request(target, { method: request.method, headers, agent: false }, (res) => {
      const status = res.statusCode || 0;
      const location = res.headers.location;
      if (request.followRedirects && status >= 300 && status < 400 && location && redirectsLeft > 0) {
        res.resume();
        const next = new URL(location, target).toString();
        const method = status === 307 || status === 308 ? request.method : 'GET';
        const body = method === request.method ? request.body : null;
        once({ ...request, method, body }, next, redirectsLeft - 1).then(resolve, reject);
        return;
      }
      const chunks = [];
      let size = 0;
      res.on('data', (chunk) => {
        size += chunk.length;
        if (size > request.maxResponseBytes) {
          reject(new Error('RESPONSE_TOO_LARGE'));
          req.destroy();
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => {
        const rawHeaders = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) rawHeaders.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({ status, rawHeaders, body: new Uint8Array(Buffer.concat(chunks)) });
      });
      res.on('error', reject);
    });
    req.setTimeout(request.timeoutMs, () => req.destroy(new Error('TIMEOUT')));
    req.on('error', reject);
    if (body) req.end(body);
    else req.end();
  });
}

// Each request names the signal its caller sleeps on (its own, or one shared with others' work).
port.on('message', ({ id, request, signal }) => {
  const wake = signal || ownSignal;
  once(request, request.url, 10).then(
    (response) => port.postMessage({ id, response }),
    (error) => port.postMessage({ id, error: String(error && error.message ? error.message : error) }),
  ).finally(() => {
    Atomics.add(wake, 0, 1);
    Atomics.notify(wake, 0);
  });
});
`;

export class SyncHttpClient {
  private thread: Worker | null = null;
  private port: MessagePort | null = null;
  private signal: Int32Array | null = null;
  private nextId = 0;
  /**
   * Answers taken off the port for requests other than the ones being waited for: those of an
   * outer wait, when `whileWaiting.work` made requests of its own.
   */
  private readonly unclaimed = new Map<number, SyncHttpResponse | SyncHttpError>();
  /** Requests whose callers still wait (a late answer of any other is dropped). */
  private readonly waitingFor = new Set<number>();

  /** Makes the request and blocks until the answer (or its timeout) comes. */
  request(request: SyncHttpRequest, whileWaiting: WhileWaiting | null = null): SyncHttpResponse {
    const [answer] = this.requestAll([request], whileWaiting);
    if (answer instanceof SyncHttpError) throw answer;
    return answer;
  }

  /**
   * Makes the requests at the same time, as UrlFetchApp.fetchAll does, and blocks until every one
   * is answered; a request that failed gives its error in its place. With `whileWaiting`, its work
   * is done whenever its signal is bumped meanwhile.
   */
  requestAll(
    requests: readonly SyncHttpRequest[],
    whileWaiting: WhileWaiting | null = null,
  ): (SyncHttpResponse | SyncHttpError)[] {
    const { port, signal: ownSignal } = this.start();
    const signal = whileWaiting?.signal ?? ownSignal;
    const ids = requests.map((request) => {
      const id = ++this.nextId;
      this.waitingFor.add(id);
      port.postMessage({ id, request, ...(whileWaiting === null ? {} : { signal }) });
      return id;
    });
    try {
      return this.wait(ids, requests, signal, port, whileWaiting);
    } finally {
      for (const id of ids) {
        this.waitingFor.delete(id);
        this.unclaimed.delete(id);
      }
    }
  }

  private wait(
    ids: number[],
    requests: readonly SyncHttpRequest[],
    signal: Int32Array,
    port: MessagePort,
    whileWaiting: WhileWaiting | null,
  ): (SyncHttpResponse | SyncHttpError)[] {
    const answers = new Map<number, SyncHttpResponse | SyncHttpError>();
    const deadline = Date.now() + Math.max(0, ...requests.map((r) => r.timeoutMs)) + 1000;
    while (answers.size < ids.length) {
      const seen = Atomics.load(signal, 0);
      whileWaiting?.work();
      // Answers may already be waiting (late ones of requests that timed out are dropped).
      this.drain(port, ids, answers);
      if (answers.size === ids.length) break;
      const left = deadline - Date.now();
      if (left <= 0) {
        for (const id of ids) if (!answers.has(id)) answers.set(id, new SyncHttpError('TIMEOUT'));
        break;
      }
      Atomics.wait(signal, 0, seen, left);
    }
    return ids.map((id) => answers.get(id) ?? new SyncHttpError('no response'));
  }

  /** Ends the thread; a later request starts a new one. */
  close(): void {
    this.port?.close();
    void this.thread?.terminate();
    this.thread = null;
    this.port = null;
    this.signal = null;
  }

  private drain(
    port: MessagePort,
    ids: number[],
    answers: Map<number, SyncHttpResponse | SyncHttpError>,
  ): void {
    for (const id of ids) {
      const kept = this.unclaimed.get(id);
      if (kept !== undefined) answers.set(id, kept);
    }
    for (;;) {
      const received = receiveMessageOnPort(port);
      if (received === undefined) return;
      const answer = received.message as Answer;
      const result = answer.response ?? new SyncHttpError(answer.error ?? 'no response');
      if (ids.includes(answer.id)) answers.set(answer.id, result);
      else if (this.waitingFor.has(answer.id)) this.unclaimed.set(answer.id, result);
    }
  }

  private start(): { port: MessagePort; signal: Int32Array } {
    if (this.thread !== null && this.port !== null && this.signal !== null) {
      return { port: this.port, signal: this.signal };
    }
    const signal = new Int32Array(new SharedArrayBuffer(4));
    const { port1, port2 } = new MessageChannel();
    const thread = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { signal, port: port2 },
      transferList: [port2],
    });
    // An idle thread must not keep the test process alive.
    thread.unref();
    port1.unref();
    thread.on('error', () => this.close());
    this.thread = thread;
    this.port = port1;
    this.signal = signal;
    return { port: port1, signal };
  }
}
