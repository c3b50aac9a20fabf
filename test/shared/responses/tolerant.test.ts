import { z } from 'zod';
import {
  type DriftFinding,
  findDrift,
  list,
  openEnum,
  optional,
  readAnswer,
  rowsFrom,
  wanted,
} from '../../../shared/responses/tolerant';

/**
 * A small answer schema with one field of each role, so each test names the role it checks:
 * `name`, `count` and `id` are wanted, `nickname` optional, `kind` a wanted open enum, `mood` an
 * optional one, and `a.b[].c` a wanted field inside a list inside an optional object.
 */
const itemSchema = z.looseObject({ c: wanted(z.string()), note: optional(z.string()) });
const answerSchema = z.looseObject({
  name: wanted(z.string()),
  count: wanted(z.number()),
  id: wanted(z.union([z.string(), z.number()])),
  nickname: optional(z.string()),
  kind: wanted(openEnum(['post', 'reel'] as const)),
  mood: optional(openEnum(['calm'] as const)),
  a: optional(z.looseObject({ b: wanted(z.array(itemSchema)) })),
  scores: optional(z.record(z.string(), wanted(z.number()))),
});

function completeAnswer() {
  return {
    name: 'Ada',
    count: 3,
    id: 42,
    nickname: 'ada.runs',
    kind: 'post',
    mood: 'calm',
    a: { b: [{ c: 'first' }, { c: 'second', note: 'n' }] },
    scores: { run: 1 },
  };
}

describe('wanted', () => {
  it('reads a field of the right type as it came, with no finding', () => {
    expect(answerSchema.parse(completeAnswer())).toEqual(completeAnswer());
    expect(findDrift(answerSchema, completeAnswer())).toEqual([]);
  });

  it.each<{ label: string; value: unknown; kind: DriftFinding['kind'] }>([
    { label: 'absent', value: undefined, kind: 'missing' },
    { label: 'null', value: null, kind: 'missing' },
    { label: 'of another type', value: '3', kind: 'wrong_type' },
    { label: 'an object', value: { value: 3 }, kind: 'wrong_type' },
  ])('reads a field that is $label as undefined and reports it as $kind', ({ value, kind }) => {
    const body: Record<string, unknown> = { ...completeAnswer(), count: value };
    if (value === undefined) delete body.count;
    const parsed = answerSchema.parse(body);
    expect(parsed.count).toBeUndefined();
    expect(parsed.name).toBe('Ada');
    expect(findDrift(answerSchema, body)).toEqual([{ kind, path: 'count' }]);
  });

  it('never rejects the answer, however many wanted fields are unreadable', () => {
    const body = { name: 7, count: 'many', id: true, kind: 12 };
    const parsed = answerSchema.parse(body);
    expect(parsed).toEqual({});
    expect(findDrift(answerSchema, body)).toEqual([
      { kind: 'wrong_type', path: 'name' },
      { kind: 'wrong_type', path: 'count' },
      { kind: 'wrong_type', path: 'id' },
      { kind: 'wrong_type', path: 'kind' },
    ]);
  });

  it('reports every wanted field of an empty answer as missing, and nothing of absent optional objects', () => {
    expect(findDrift(answerSchema, {})).toEqual([
      { kind: 'missing', path: 'name' },
      { kind: 'missing', path: 'count' },
      { kind: 'missing', path: 'id' },
      { kind: 'missing', path: 'kind' },
    ]);
  });

  it('accepts any option of a union and reports a value matching none', () => {
    expect(findDrift(answerSchema, { ...completeAnswer(), id: '42' })).toEqual([]);
    expect(findDrift(answerSchema, { ...completeAnswer(), id: false })).toEqual([
      { kind: 'wrong_type', path: 'id' },
    ]);
  });

  it('types the field as possibly undefined, so a row has one "not there" to handle', () => {
    const parsed = answerSchema.parse(completeAnswer());
    const count: number | undefined = parsed.count;
    const name: string | undefined = parsed.name;
    expect([count, name]).toEqual([3, 'Ada']);
  });
});

describe('optional', () => {
  it.each([
    ['absent', undefined],
    ['null', null],
    ['of another type', 12],
  ])('reads a field that is %s as undefined and never reports it', (_, value) => {
    const body: Record<string, unknown> = { ...completeAnswer(), nickname: value };
    if (value === undefined) delete body.nickname;
    expect(answerSchema.parse(body).nickname).toBeUndefined();
    expect(findDrift(answerSchema, body)).toEqual([]);
  });

  it('leaves no key behind for a null field', () => {
    const parsed = answerSchema.parse({ ...completeAnswer(), nickname: null });
    expect(parsed.nickname).toBeUndefined();
  });
});

describe('openEnum', () => {
  it('passes a known value without a finding', () => {
    expect(findDrift(answerSchema, { ...completeAnswer(), kind: 'reel' })).toEqual([]);
  });

  it('passes an unknown value through as text and reports it with the value', () => {
    const body = { ...completeAnswer(), kind: 'carousel' };
    expect(answerSchema.parse(body).kind).toBe('carousel');
    expect(findDrift(answerSchema, body)).toEqual([
      { kind: 'unknown_value', path: 'kind', value: 'carousel' },
    ]);
  });

  it('cuts the reported value at 60 characters, but keeps it whole in the parsed answer', () => {
    const long = `new-kind-${'x'.repeat(100)}`;
    const body = { ...completeAnswer(), kind: long };
    expect(answerSchema.parse(body).kind).toBe(long);
    expect(findDrift(answerSchema, body)).toEqual([
      { kind: 'unknown_value', path: 'kind', value: long.slice(0, 60) },
    ]);
  });

  it('reports an unknown value of an optional enum too, but not its absence or wrong type', () => {
    expect(findDrift(answerSchema, { ...completeAnswer(), mood: 'stormy' })).toEqual([
      { kind: 'unknown_value', path: 'mood', value: 'stormy' },
    ]);
    expect(findDrift(answerSchema, { ...completeAnswer(), mood: 5 })).toEqual([]);
    const noMood: Record<string, unknown> = completeAnswer();
    delete noMood.mood;
    expect(findDrift(answerSchema, noMood)).toEqual([]);
  });

  it('reads a wanted enum that is not text as undefined and reports its type', () => {
    const body = { ...completeAnswer(), kind: 1 };
    expect(answerSchema.parse(body).kind).toBeUndefined();
    expect(findDrift(answerSchema, body)).toEqual([{ kind: 'wrong_type', path: 'kind' }]);
  });

  it('is text on its own: any string passes, other types do not', () => {
    const schema = openEnum(['a', 'b'] as const);
    expect(schema.parse('zzz')).toBe('zzz');
    expect(schema.safeParse(5).success).toBe(false);
  });
});

describe('findDrift in lists, objects and records', () => {
  it('reports one path for many list elements', () => {
    const body = { ...completeAnswer(), a: { b: [{}, { c: null }, { note: 'x' }, { c: 'ok' }] } };
    expect(findDrift(answerSchema, body)).toEqual([{ kind: 'missing', path: 'a.b[].c' }]);
  });

  it('reports each kind of problem once per path', () => {
    const body = { ...completeAnswer(), a: { b: [{}, { c: 1 }, { c: 2 }, {}] } };
    expect(findDrift(answerSchema, body)).toEqual([
      { kind: 'missing', path: 'a.b[].c' },
      { kind: 'wrong_type', path: 'a.b[].c' },
    ]);
  });

  it('reports each distinct unknown value of a path once', () => {
    const schema = z.looseObject({ posts: z.array(z.looseObject({ type: openEnum(['post'] as const) })) });
    const body = { posts: [{ type: 'live' }, { type: 'story' }, { type: 'live' }, { type: 'post' }] };
    expect(findDrift(schema, body)).toEqual([
      { kind: 'unknown_value', path: 'posts[].type', value: 'live' },
      { kind: 'unknown_value', path: 'posts[].type', value: 'story' },
    ]);
  });

  it('reports a wanted list of another type at its own path, and reads it as undefined', () => {
    const body = { ...completeAnswer(), a: { b: { c: 'not a list' } } };
    expect(answerSchema.parse(body).a).toEqual({});
    expect(findDrift(answerSchema, body)).toEqual([{ kind: 'wrong_type', path: 'a.b' }]);
  });

  it('looks into the values of a record with `.*`', () => {
    const body = { ...completeAnswer(), scores: { run: 1, swim: null, ride: 'fast' } };
    expect(answerSchema.parse(body).scores).toEqual({ run: 1 });
    expect(findDrift(answerSchema, body)).toEqual([
      { kind: 'missing', path: 'scores.*' },
      { kind: 'wrong_type', path: 'scores.*' },
    ]);
  });

  it('says nothing about a body that is not an object, and (root) for a wanted root', () => {
    expect(findDrift(answerSchema, null)).toEqual([]);
    expect(findDrift(answerSchema, [completeAnswer()])).toEqual([]);
    expect(findDrift(wanted(z.string()), null)).toEqual([{ kind: 'missing', path: '(root)' }]);
    expect(findDrift(wanted(z.string()), 5)).toEqual([{ kind: 'wrong_type', path: '(root)' }]);
  });

  it('stops at 50 findings', () => {
    const shape = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`field${i}`, wanted(z.number())]));
    const drift = findDrift(z.looseObject(shape), {});
    expect(drift).toHaveLength(50);
    expect(drift[0]).toEqual({ kind: 'missing', path: 'field0' });
    expect(drift[49]).toEqual({ kind: 'missing', path: 'field49' });
  });

  it('stops at 50 findings of unknown values too', () => {
    const schema = z.looseObject({ posts: z.array(z.looseObject({ type: openEnum(['post'] as const) })) });
    const body = { posts: Array.from({ length: 70 }, (_, i) => ({ type: `type-${i}` })) };
    const drift = findDrift(schema, body);
    expect(drift).toHaveLength(50);
    expect(drift[49]).toEqual({ kind: 'unknown_value', path: 'posts[].type', value: 'type-49' });
  });

  it('is pure: the same body gives the same findings and stays as it was', () => {
    const body = { ...completeAnswer(), count: null, kind: 'carousel', a: { b: [{}] } };
    const before = structuredClone(body);
    const first = findDrift(answerSchema, body);
    expect(findDrift(answerSchema, body)).toEqual(first);
    expect(body).toEqual(before);
  });

  it('reads a list element that is not an object as an empty one: the others are kept, the list keeps its length', () => {
    const listed = z.looseObject({ b: wanted(list(itemSchema)) });
    const body = { b: ['not an item', { c: 'kept' }, null] };
    expect(listed.parse(body).b).toEqual([{}, { c: 'kept' }, {}]);
    expect(findDrift(listed, body)).toEqual([{ kind: 'wrong_type', path: 'b[]' }]);
  });

  it('drops a whole plain list over one odd element, and says so: the reason `list` exists', () => {
    const body = { ...completeAnswer(), a: { b: ['not an item', { c: 'lost' }] } };
    expect(answerSchema.parse(body).a?.b).toBeUndefined();
    expect(findDrift(answerSchema, body)).toEqual([{ kind: 'wrong_type', path: 'a.b[]' }]);
  });
});

describe('rowsFrom', () => {
  const entry = z.looseObject({ id: wanted(z.string()) });
  const searchSchema = rowsFrom(
    z.looseObject({
      list: optional(list(entry)),
      users: optional(list(entry)),
      status: optional(z.string()),
    }),
    ['list', 'users'],
  );

  it('is quiet when any one of the keys holds the rows, an empty list included', () => {
    expect(findDrift(searchSchema, { list: [{ id: 'a' }] })).toEqual([]);
    expect(findDrift(searchSchema, { users: [{ id: 'a' }] })).toEqual([]);
    expect(findDrift(searchSchema, { users: [] })).toEqual([]);
  });

  it('reports an answer with none of them as missing at every key, so moved rows are never silent', () => {
    const moved = { status: 'ok', data: { list: [{ id: 'a' }] } };
    expect(readAnswer(searchSchema, moved)).toMatchObject({
      ok: true,
      drift: [{ kind: 'missing', path: 'list|users' }],
    });
    expect(findDrift(searchSchema, { list: null })).toEqual([{ kind: 'missing', path: 'list|users' }]);
  });

  it('reports the path of a nested declaration from the root', () => {
    const outer = z.looseObject({ page: wanted(searchSchema) });
    expect(findDrift(outer, { page: { status: 'ok' } })).toEqual([
      { kind: 'missing', path: 'page.list|users' },
    ]);
  });

  describe('with documentedEmpty', () => {
    const sidesSchema = rowsFrom(
      z.looseObject({ cursor: optional(z.string()), influencer: optional(entry), brand: optional(entry) }),
      ['influencer', 'brand'],
      { documentedEmpty: true },
    );

    it('takes an answer with neither side and nothing else for the documented empty answer', () => {
      expect(findDrift(sidesSchema, {})).toEqual([]);
      expect(findDrift(sidesSchema, { cursor: null, took_ms: 12, note: 'none' })).toEqual([]);
    });

    it('reports the sides missing when an object or a list sits under a key it does not name', () => {
      const missing = [{ kind: 'missing', path: 'influencer|brand' }];
      expect(findDrift(sidesSchema, { data: { influencer: { id: 'a' } } })).toEqual(missing);
      expect(findDrift(sidesSchema, { posts: [] })).toEqual(missing);
    });
  });
});

describe('unknown fields', () => {
  it('are kept in the parsed answer at every level', () => {
    const body = {
      ...completeAnswer(),
      requestId: 'r-1',
      a: { b: [{ c: 'first', rank: 1 }], cursor: 'next' },
      scores: { run: 1 },
    };
    expect(answerSchema.parse(body)).toMatchObject({
      requestId: 'r-1',
      a: { cursor: 'next', b: [{ c: 'first', rank: 1 }] },
    });
    expect(findDrift(answerSchema, body)).toEqual([]);
  });
});

describe('readAnswer', () => {
  const pageSchema = z.looseObject({
    total: wanted(z.number()),
    items: z.array(z.looseObject({ id: z.string(), label: optional(z.string()) })),
  });

  it('gives the parsed value and its drift for a readable answer', () => {
    const body = { items: [{ id: 'a', label: 9, extra: true }] };
    expect(readAnswer(pageSchema, body)).toEqual({
      ok: true,
      value: { items: [{ id: 'a', extra: true }] },
      drift: [{ kind: 'missing', path: 'total' }],
    });
  });

  it('gives an empty drift for a complete answer', () => {
    const reading = readAnswer(pageSchema, { total: 1, items: [{ id: 'a' }] });
    expect(reading.ok && reading.drift).toEqual([]);
  });

  it('names each problem of an unreadable answer by its path and zod message', () => {
    expect(readAnswer(pageSchema, { total: 1, items: [{ id: 5 }] })).toEqual({
      ok: false,
      problems: ['items.0.id: Invalid input: expected string, received number'],
    });
    expect(readAnswer(pageSchema, 'a string body')).toEqual({
      ok: false,
      problems: ['(root): Invalid input: expected object, received string'],
    });
  });

  it('names at most three problems', () => {
    const strict = z.looseObject({ a: z.string(), b: z.string(), c: z.string(), d: z.string() });
    const reading = readAnswer(strict, {});
    expect(reading.ok).toBe(false);
    expect(reading.ok ? [] : reading.problems).toEqual([
      'a: Invalid input: expected string, received undefined',
      'b: Invalid input: expected string, received undefined',
      'c: Invalid input: expected string, received undefined',
    ]);
  });

  it('carries a refinement message as written', () => {
    const refined = z
      .looseObject({ left: optional(z.array(z.string())), right: optional(z.array(z.string())) })
      .refine((body) => body.left !== undefined || body.right !== undefined, { message: 'no list at all' });
    expect(readAnswer(refined, {})).toEqual({ ok: false, problems: ['(root): no list at all'] });
  });

  it('never quotes a value of the body in its problems', () => {
    const secrets = ['ada@example.com', 'token-abc-123', 'Private Name'];
    const body = { total: 'ada@example.com', items: [{ id: 404, label: 'Private Name' }, 'token-abc-123'] };
    const reading = readAnswer(pageSchema, body);
    expect(reading.ok).toBe(false);
    const problems = reading.ok ? [] : reading.problems;
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) {
      for (const secret of secrets) expect(problem).not.toContain(secret);
    }
    expect(readAnswer(pageSchema, { items: 'ada@example.com' })).toEqual({
      ok: false,
      problems: ['items: Invalid input: expected array, received string'],
    });
  });
});
