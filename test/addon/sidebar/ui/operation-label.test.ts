import { operationLabel, operationPath } from '../../../../addon/sidebar/ui/operation-label';
import { OPERATION_IDS } from '../../../../shared/operations';

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

  it('names a raw operation in words even when it arrives as its API path', () => {
    expect(operationLabel('/raw/ig/user-feed')).toBe('Instagram user posts (raw data)');
    expect(operationLabel('/raw/tiktok/music-feed?id=1')).toBe('TikTok sound videos (raw data)');
    for (const id of OPERATION_IDS) expect(operationLabel(id)).not.toMatch(/\/raw\//);
  });

  it('keeps the API call for a tooltip', () => {
    expect(operationPath('rawIgUserFeed')).toBe('GET /raw/ig/user-feed');
    expect(operationPath('search')).toBe('POST /:platform/search');
    expect(operationPath('creatorStatsV2')).toBeNull();
  });

  it('spells out an operation a newer worker knows', () => {
    expect(operationLabel('creatorStatsV2')).toBe('Creator stats v2');
    expect(operationLabel('brand_search')).toBe('Brand search');
  });
});
