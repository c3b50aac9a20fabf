import { overlapResponseSchema } from '../../../shared/responses/overlap';
import { withValue, without } from './fixtures/edit-path';

function overlapOfTwoRunners() {
  return {
    error: false,
    reportInfo: { totalFollowers: 73000, totalUniqueFollowers: 65000 },
    data: [
      {
        userId: '173560420',
        username: 'ada.runs',
        followers: 52000,
        uniquePercentage: 0.86,
        overlappingPercentage: 0.14,
      },
      { userId: '99887766', followers: 21000, uniquePercentage: 0.7, overlappingPercentage: 0.3 },
    ],
  };
}

describe('overlapResponseSchema', () => {
  it('reads an overlap result, with and without usernames', () => {
    const result = overlapResponseSchema.parse(overlapOfTwoRunners());
    expect(result.reportInfo.totalUniqueFollowers).toBe(65000);
    expect(result.data[1]?.username).toBeUndefined();
  });

  it('rejects an empty userId or username, a missing share and a string follower count', () => {
    const parse = (body: unknown) => overlapResponseSchema.safeParse(body).success;
    expect(parse(withValue(overlapOfTwoRunners(), ['data', 0, 'userId'], ''))).toBe(false);
    expect(parse(withValue(overlapOfTwoRunners(), ['data', 0, 'username'], ''))).toBe(false);
    expect(parse(without(overlapOfTwoRunners(), ['data', 0, 'overlappingPercentage']))).toBe(false);
    expect(parse(without(overlapOfTwoRunners(), ['reportInfo']))).toBe(false);
    expect(parse(withValue(overlapOfTwoRunners(), ['reportInfo', 'totalFollowers'], '73000'))).toBe(false);
  });

  it('keeps unknown fields', () => {
    let body = withValue(overlapOfTwoRunners(), ['platform'], 'instagram');
    body = withValue(body, ['reportInfo', 'overlap'], 0.11);
    expect(overlapResponseSchema.parse(body)).toMatchObject({
      platform: 'instagram',
      reportInfo: { overlap: 0.11 },
    });
  });
});
