import { overlapResponseSchema } from '../../../shared/responses/overlap';
import { readAnswer } from '../../../shared/responses/tolerant';
import { driftByPath } from './drift-by-path';
import { withValue, without } from './fixtures/edit-path';
import { overlapOfTwoRunners, overlapWithoutReportInfo } from './fixtures/overlap';

const schema = overlapResponseSchema;
const drift = (body: unknown) => driftByPath(schema, body);

describe('overlapResponseSchema', () => {
  it('reads an overlap result, with and without usernames, with no drift', () => {
    const result = schema.parse(overlapOfTwoRunners());
    expect(result.reportInfo?.totalUniqueFollowers).toBe(65000);
    expect(result.data[0]?.uniquePercentage).toBe(0.86);
    expect(result.data[1]?.username).toBeUndefined();
    expect(drift(overlapOfTwoRunners())).toEqual([]);
  });

  it('reads an answer without reportInfo, and reports it', () => {
    const result = schema.parse(overlapWithoutReportInfo());
    expect(result.reportInfo).toBeUndefined();
    expect(result.data).toHaveLength(1);
    expect(drift(overlapWithoutReportInfo())).toEqual([{ kind: 'missing', path: 'reportInfo' }]);
  });

  it('reads empty usernames and ids as they came, with no drift', () => {
    let body = withValue(overlapOfTwoRunners(), ['data', 0, 'userId'], '');
    body = withValue(body, ['data', 0, 'username'], '');
    expect(schema.parse(body).data[0]).toMatchObject({ userId: '', username: '' });
    expect(drift(body)).toEqual([]);
  });

  it('reports missing shares and totals of another type', () => {
    let body = without(overlapOfTwoRunners(), ['data', 0, 'overlappingPercentage']);
    body = without(body, ['data', 1, 'userId']);
    body = withValue(body, ['reportInfo', 'totalFollowers'], '73000');
    const result = schema.parse(body);
    expect(result.reportInfo).toEqual({ totalUniqueFollowers: 65000 });
    expect(result.data[1]?.followers).toBe(21000);
    expect(drift(body)).toEqual([
      { kind: 'missing', path: 'data[].overlappingPercentage' },
      { kind: 'missing', path: 'data[].userId' },
      { kind: 'wrong_type', path: 'reportInfo.totalFollowers' },
    ]);
  });

  it('keeps unknown fields', () => {
    let body = withValue(overlapOfTwoRunners(), ['platform'], 'instagram');
    body = withValue(body, ['reportInfo', 'overlap'], 0.11);
    body = withValue(body, ['data', 0, 'picture'], 'https://cdn.example/ada.jpg');
    expect(schema.parse(body)).toMatchObject({
      platform: 'instagram',
      reportInfo: { overlap: 0.11 },
      data: [{ picture: 'https://cdn.example/ada.jpg' }, { userId: '99887766' }],
    });
  });

  it.each<[string, unknown]>([
    ['no data', without(overlapOfTwoRunners(), ['data'])],
    ['data as an object', withValue(overlapOfTwoRunners(), ['data'], { 173560420: {} })],
    ['a list body', overlapOfTwoRunners().data],
  ])('rejects an answer with %s: there are no creators to write', (_, body) => {
    expect(readAnswer(schema, body).ok).toBe(false);
  });
});
