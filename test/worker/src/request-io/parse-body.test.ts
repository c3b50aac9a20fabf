import { z } from 'zod';
import { parseBody } from '../../../../worker/src/request-io/parse-body';
import { WorkerError } from '../../../../worker/src/request-io/worker-error';

const schema = z.looseObject({ emails: z.array(z.string()), withHeader: z.boolean().default(false) });

describe('parseBody', () => {
  it('gives the parsed body, defaults applied and unknown fields kept', () => {
    expect(parseBody(schema, { emails: ['a'], extra: 1 })).toEqual({
      emails: ['a'],
      withHeader: false,
      extra: 1,
    });
  });

  it('answers 400 naming the field and what it got', () => {
    expect(() => parseBody(schema, { emails: 'a' })).toThrow(WorkerError);
    try {
      parseBody(schema, { emails: ['a'], withHeader: 'yes' });
    } catch (error) {
      expect(error).toMatchObject({ status: 400, code: 'bad_request' });
      expect((error as Error).message).toMatch(/^withHeader /);
    }
  });

  it('asks for a JSON object when the body is none', () => {
    for (const body of [undefined, null, [], 'text']) {
      expect(() => parseBody(schema, body)).toThrow(
        'Send a JSON object as the body (Content-Type: application/json)',
      );
    }
  });
});
