import { z } from 'zod';
import {
  RAW_DATA_OPERATIONS,
  rawCursorParam,
  rawOperation,
  rawOperationGroups,
} from '../../../addon/bridge-contract/raw-data-operations';
import { buildRawPull, type RawFormValues } from '../../../addon/bridge-contract/raw-data-request';
import { OPERATIONS, RAW_OPERATION_IDS, type RawOperationId } from '../../../shared/operations';
import { RAW_QUERY_SCHEMAS } from '../../../shared/requests/raw';
import { isPagedRawOperation, RAW_PAGINATION } from '../../../shared/responses/raw';
import { rawColumns } from '../../../shared/rows/raw-rows';

/**
 * The Raw data form is built from RAW_DATA_OPERATIONS; these tests hold that table to the API's
 * contract: every raw operation, with exactly the parameters and required flags of its query
 * schema, paged exactly when RAW_PAGINATION pages it, by the parameter it names.
 */

type QuerySchema = z.ZodObject<Record<string, z.ZodType>>;

/**
 * The object that names an operation's parameters. A schema that rewrites its input first (the
 * hashtag feed reads an old `tag` as `hashtag` with z.preprocess) is a pipe: its output says what
 * is sent.
 */
function queryObject(schema: z.ZodType): QuerySchema {
  if (schema instanceof z.ZodObject) return schema as unknown as QuerySchema;
  if (schema instanceof z.ZodPipe) return queryObject(schema.out as z.ZodType);
  throw new Error(`A raw query schema is neither an object nor a pipe to one: ${schema.def.type}`);
}

/** Parameter name -> required, as the operation's zod schema says. */
function schemaParams(id: RawOperationId): Map<string, boolean> {
  return new Map(
    Object.entries(queryObject(RAW_QUERY_SCHEMAS[id]).shape).map(([name, field]) => [
      name,
      !field.safeParse(undefined).success,
    ]),
  );
}

/** What a test types into a parameter: any text, or for a choice (the feed's `type`) its first option. */
function sampleValue(id: RawOperationId, name: string): string {
  let field: z.ZodType | undefined = queryObject(RAW_QUERY_SCHEMAS[id]).shape[name];
  // Through `.optional()` and an empty-means-absent preprocess to the values it takes.
  while (field instanceof z.ZodOptional || field instanceof z.ZodPipe) {
    field = (field instanceof z.ZodPipe ? field.out : field.unwrap()) as z.ZodType;
  }
  return field instanceof z.ZodEnum ? String(field.options[0]) : `v-${name}`;
}

function values(operation: string, params: Record<string, string>): RawFormValues {
  return { operation, params, pages: '2', untilDone: false, allFields: false, tabName: '' };
}

describe('RAW_DATA_OPERATIONS', () => {
  it('lists each of the 32 raw operations once, on its own platform and path', () => {
    expect(RAW_OPERATION_IDS).toHaveLength(32);
    expect(RAW_DATA_OPERATIONS.map((operation) => operation.id).sort()).toEqual(
      [...RAW_OPERATION_IDS].sort(),
    );
    const prefix = { instagram: '/raw/ig/', tiktok: '/raw/tiktok/', youtube: '/raw/youtube/' };
    for (const operation of RAW_DATA_OPERATIONS) {
      expect(operation.path).toBe(OPERATIONS[operation.id].path);
      expect(operation.path.startsWith(prefix[operation.platform])).toBe(true);
    }
  });

  it.each(RAW_OPERATION_IDS.map((id) => [id]))(
    '%s has exactly the parameters and required flags of its query schema',
    (id) => {
      const operation = rawOperation(id);
      expect(operation).not.toBeNull();
      const mine = new Map(operation?.params.map((item) => [item.name, item.required]));
      expect(mine).toEqual(schemaParams(id as RawOperationId));
    },
  );

  it('pages exactly the operations RAW_PAGINATION pages, by the cursor parameter it names', () => {
    for (const operation of RAW_DATA_OPERATIONS) {
      expect([operation.id, operation.paged]).toEqual([operation.id, isPagedRawOperation(operation.id)]);
      const cursor = rawCursorParam(operation);
      if (isPagedRawOperation(operation.id)) {
        expect([operation.id, cursor?.name]).toEqual([operation.id, RAW_PAGINATION[operation.id].param]);
      } else {
        expect([operation.id, cursor]).toEqual([operation.id, null]);
      }
    }
  });

  it('gives every parameter a label, a hint and a unique field, and every operation columns', () => {
    for (const operation of RAW_DATA_OPERATIONS) {
      expect(operation.label).not.toBe('');
      expect(operation.description).toMatch(/\.$/);
      expect(new Set(operation.params.map((item) => item.label)).size).toBe(operation.params.length);
      for (const item of operation.params) {
        expect(item.label).not.toBe('');
        expect(item.hint).toMatch(/\.$/);
      }
      expect(rawColumns(operation.id).length).toBeGreaterThan(0);
    }
  });

  it('groups the picker by platform, in the platforms order, each operation once', () => {
    const groups = rawOperationGroups();
    expect(groups.map((group) => group.label)).toEqual(['Instagram', 'TikTok', 'YouTube']);
    expect(groups.map((group) => group.operations.length)).toEqual([11, 11, 10]);
    for (const group of groups) {
      expect(group.operations.every((operation) => operation.platform === group.platform)).toBe(true);
    }
  });
});

describe('the form against the query schemas', () => {
  it.each(RAW_OPERATION_IDS.map((id) => [id]))(
    '%s: the form accepts and refuses what the schema does, and sends what it accepts',
    (id) => {
      const operation = rawOperation(id);
      if (operation === null) throw new Error(`no ${id}`);
      const schema = RAW_QUERY_SCHEMAS[id as RawOperationId];
      const sample = (name: string) => sampleValue(id as RawOperationId, name);
      const filled = Object.fromEntries(
        operation.params.map((item) => [item.name, `  ${sample(item.name)} `]),
      );

      // Everything filled: accepted by both, values trimmed.
      const full = buildRawPull(values(id, filled));
      expect(full.ok).toBe(true);
      if (full.ok) {
        expect(schema.safeParse(full.request.query).success).toBe(true);
        expect(full.request.query).toEqual(
          Object.fromEntries(operation.params.map((item) => [item.name, sample(item.name)])),
        );
      }

      for (const item of operation.params) {
        // One parameter left blank: the schema refuses it exactly when the form does. The form
        // leaves a blank out (a choice such as the feed's `type` has no empty option), so the
        // schema is asked about the others, as the form sends them.
        const blank = buildRawPull(values(id, { ...filled, [item.name]: '   ' }));
        const others = operation.params.filter((other) => other.name !== item.name);
        const query = Object.fromEntries(others.map((other) => [other.name, sample(other.name)]));
        const refused = !schema.safeParse(query).success;
        expect([item.name, blank.ok]).toEqual([item.name, !refused]);
        if (!blank.ok) {
          expect(blank.errors).toEqual([
            { field: `param:${item.name}`, message: `${item.label} is required.` },
          ]);
        } else {
          // Left out, as the schema wants an absent optional value.
          expect(item.name in blank.request.query).toBe(false);
          expect(schema.safeParse(blank.request.query).success).toBe(true);
        }
      }
    },
  );
});
