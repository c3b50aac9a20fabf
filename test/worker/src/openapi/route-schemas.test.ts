import { z } from 'zod';
import type { WorkerRoute } from '../../../../shared/worker-api/routes';
import { WORKER_ROUTES } from '../../../../shared/worker-api/routes';
import { ROUTE_SCHEMAS, type RouteSchemas, schemasOf } from '../../../../worker/src/openapi/route-schemas';

/**
 * Issue 12: the worker's request schemas are checked against shared/worker-api's request types at
 * compile time. The `@ts-expect-error` lines below are the test: if the check stopped catching a
 * drift, `npm run typecheck` would fail on an unused directive.
 */

const route = <S extends { body?: unknown; query?: object; answer: unknown }>(): WorkerRoute<S> => ({
  method: 'POST',
  path: '/api/example',
  summary: 'An example.',
  access: 'signed-in',
});

describe('schemasOf', () => {
  it('takes a schema that accepts the shared request and reads nothing else', () => {
    const schema = z.looseObject({ handles: z.array(z.unknown()), withHeader: z.boolean().optional() });
    const checked = schemasOf(route<{ body: { handles: string[]; withHeader?: boolean }; answer: null }>(), {
      body: schema,
    });
    expect(checked.body).toBe(schema);
  });

  it('refuses, at compile time, a schema that requires a field the shared type renamed', () => {
    const schema = z.looseObject({ handles: z.array(z.unknown()) });
    // @ts-expect-error the add-on sends `inputs`, the worker reads `handles`
    schemasOf(route<{ body: { inputs: string[] }; answer: null }>(), { body: schema });
    expect(schema.safeParse({ inputs: [] }).success).toBe(false);
  });

  it('refuses a schema narrower than what the add-on may send', () => {
    const schema = z.looseObject({ platform: z.enum(['instagram', 'tiktok']) });
    const tags = route<{ query: { platform: 'instagram' | 'tiktok' | 'youtube' }; answer: null }>();
    // @ts-expect-error the shared type allows youtube, the schema does not
    schemasOf(tags, { query: schema });
    expect(schema.safeParse({ platform: 'youtube' }).success).toBe(false);
  });

  it('refuses a schema that reads a field the shared type does not name', () => {
    const schema = z.looseObject({ emails: z.array(z.unknown()), header: z.boolean().optional() });
    // @ts-expect-error `header` is not in the shared type (it says `withHeader`)
    schemasOf(route<{ body: { emails: string[]; withHeader?: boolean }; answer: null }>(), { body: schema });
    expect(Object.keys(schema.shape)).toContain('header');
  });

  it('refuses a schema that ignores a field the shared type sends', () => {
    const schema = z.object({ emails: z.array(z.unknown()) });
    // @ts-expect-error the add-on sends `withHeader`, the schema would strip it unread
    schemasOf(route<{ body: { emails: string[]; withHeader?: boolean }; answer: null }>(), { body: schema });
    expect(schema.parse({ emails: [], withHeader: true })).toEqual({ emails: [] });
  });

  it('refuses a schema that ignores a field one member of a shared union sends', () => {
    const schema = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('ids'), ids: z.array(z.string()) }),
      z.object({ kind: z.literal('cells') }),
    ]);
    type Member = { kind: 'ids'; ids: string[] } | { kind: 'cells'; skipInvalid: boolean };
    // @ts-expect-error `skipInvalid` of the cells member is not read
    schemasOf(route<{ body: Member; answer: null }>(), { body: schema });
    expect(schema.parse({ kind: 'cells', skipInvalid: true })).toEqual({ kind: 'cells' });
  });
});

describe('ROUTE_SCHEMAS', () => {
  it('gives every route that takes a JSON body its body schema', () => {
    for (const [name, spec] of Object.entries(WORKER_ROUTES)) {
      const schemas: RouteSchemas = ROUTE_SCHEMAS[name as keyof typeof WORKER_ROUTES];
      // A DELETE of list members carries its ids as a body too (POST .../remove is the same); a
      // schedule's "run now", its search for the add-on and a proof of edit access are POSTs of
      // nothing but their path.
      const takesBody =
        ((spec.method === 'POST' || spec.method === 'PUT' || spec.method === 'PATCH') &&
          name !== 'runSchedule' &&
          name !== 'scheduleSearch' &&
          name !== 'takeOverSchedule' &&
          name !== 'proveEditAccess') ||
        name === 'deleteAiListMembers';
      expect({ name, body: schemas.body !== undefined }).toEqual({ name, body: takesBody });
    }
  });
});
