import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OPERATIONS, type OperationId } from '../../../../shared/operations';
import { PRICE_TABLE } from '../../../../shared/pricing';

/**
 * A local Discovery API over real HTTP that answers each operation with recorded answers: the
 * shapes public clients and the vendor's examples show (api-notes "Seen from the real service"),
 * not our sandbox's. It keeps the service's documented rules that matter to money: a bearer token
 * is required (401 `api_token_invalid` otherwise), and a call is billed only when it answers 2xx
 * without `error: true` ("failed requests are not billed"), at the price the answer says.
 */

export const RECORDED_TOKEN = 'live-recorded-token';

export interface UpstreamCall {
  operation: OperationId;
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export interface RecordedAnswer {
  status?: number;
  /** Sent as JSON, or as it is when a string (a body that is not JSON). */
  body: unknown;
  /** Credits the service bills for this answer, if it is billed at all (2xx, not `error: true`). */
  credits?: number;
}

export type Answerer = (call: UpstreamCall, index: number) => RecordedAnswer;

export interface RecordedUpstream {
  /** `http://127.0.0.1:<port>/v1` */
  baseUrl: string;
  calls: UpstreamCall[];
  callsOf(operation: OperationId): number;
  /** What the service billed, in credits (thousandths exact) and raw requests. */
  charged(): { credits: number; rawRequests: number };
  /** Answers for an operation; every call of it goes through `answerer`, counting from 0. */
  answer(operation: OperationId, answerer: Answerer | RecordedAnswer): void;
  close(): Promise<void>;
}

const ROUTES = (Object.keys(OPERATIONS) as OperationId[]).map((id) => {
  const spec = OPERATIONS[id];
  const pattern = new RegExp(`^/v1${spec.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
  return { id, method: spec.method, pattern };
});

function operationOf(method: string, path: string): OperationId | null {
  // Fixed paths (`/instagram/brands`) win over patterns (`/:platform/languages`) that could match them.
  const matches = ROUTES.filter((route) => route.method === method && route.pattern.test(path));
  matches.sort((a, b) => OPERATIONS[b.id].path.split(':').length - OPERATIONS[a.id].path.split(':').length);
  return matches.length === 0 ? null : matches[matches.length - 1].id;
}

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

const isServiceError = (body: unknown) =>
  typeof body === 'object' && body !== null && (body as { error?: unknown }).error === true;

export async function startRecordedUpstream(): Promise<RecordedUpstream> {
  const calls: UpstreamCall[] = [];
  const answerers = new Map<OperationId, Answerer>();
  const served = new Map<OperationId, number>();
  let milliCredits = 0;
  let rawRequests = 0;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const send = (status: number, body: unknown) => {
        const text = typeof body === 'string' ? body : JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/json' }).end(text);
      };
      const operation = operationOf(req.method ?? 'GET', url.pathname);
      if (operation === null) return send(404, { error: true, code: 'not_found', message: 'No such route' });
      if (OPERATIONS[operation].auth && req.headers.authorization !== `Bearer ${RECORDED_TOKEN}`) {
        return send(401, { error: true, code: 'api_token_invalid', message: 'The API token is invalid' });
      }
      const call: UpstreamCall = {
        operation,
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: await bodyOf(req),
      };
      calls.push(call);
      const answerer = answerers.get(operation);
      if (answerer === undefined) {
        return send(500, {
          error: true,
          code: 'internal_server_error',
          message: `no recording for ${operation}`,
        });
      }
      const index = served.get(operation) ?? 0;
      served.set(operation, index + 1);
      const answer = answerer(call, index);
      const status = answer.status ?? 200;
      if (status >= 200 && status < 300 && !isServiceError(answer.body)) {
        milliCredits += Math.round((answer.credits ?? 0) * 1000);
        if (PRICE_TABLE[operation].kind === 'rawRequest') rawRequests += 1;
      }
      send(status, answer.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    callsOf: (operation) => calls.filter((call) => call.operation === operation).length,
    charged: () => ({ credits: milliCredits / 1000, rawRequests }),
    answer(operation, answerer) {
      answerers.set(operation, typeof answerer === 'function' ? answerer : () => answerer);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
