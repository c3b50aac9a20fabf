import { operationLabel } from '../../../addon/sidebar/operation-label';
import { OPERATION_IDS } from '../../../shared/operations';

describe('operationLabel', () => {
  it('names the operations as people read them, raw ones as the Raw data section does', () => {
    expect(operationLabel('report')).toBe('Report');
    expect(operationLabel('emailSearch')).toBe('E-mail search');
    expect(operationLabel('audienceOverlap')).toBe('Audience overlap');
    expect(operationLabel('rawIgHashtagFeed')).toBe('Instagram hashtag posts (raw data)');
    expect(operationLabel('rawYoutubeChannelInfo')).toBe('YouTube channel info (raw data)');
  });

  it('gives every operation of the catalogue a name of its own', () => {
    const labels = OPERATION_IDS.map(operationLabel);
    expect(new Set(labels).size).toBe(OPERATION_IDS.length);
    for (const [index, id] of OPERATION_IDS.entries()) expect([id, labels[index]]).not.toEqual([id, id]);
  });

  it('spells out an operation a newer worker knows', () => {
    expect(operationLabel('creatorStatsV2')).toBe('Creator stats v2');
    expect(operationLabel('brand_search')).toBe('Brand search');
  });
});
