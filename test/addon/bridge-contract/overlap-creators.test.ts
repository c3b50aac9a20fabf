import {
  countOverlapCreators,
  OVERLAP_MAX_CREATORS,
  OVERLAP_MIN_CREATORS,
  typedCreators,
} from '../../../addon/bridge-contract/overlap-creators';
import { OVERLAP_MIN_INFLUENCERS } from '../../../shared/requests/overlap';
import { MAX_OVERLAP_HANDLES } from '../../../shared/worker-api/request-limits';
import { overlapInfluencers } from '../../../worker/src/operations/overlap/overlap';

const at = (index: number) => `row ${index + 1}`;

describe('countOverlapCreators', () => {
  it('keeps the limits of the worker and the request schema', () => {
    expect(OVERLAP_MAX_CREATORS).toBe(MAX_OVERLAP_HANDLES);
    expect(OVERLAP_MIN_CREATORS).toBe(OVERLAP_MIN_INFLUENCERS);
  });

  it('compares the same set the worker will, so the count shown is the count paid for', () => {
    const values = [
      '@NASA',
      'https://www.instagram.com/nasa/',
      ' ',
      '12345',
      '@12345',
      'instagram.com/esa',
      'esa',
      1234567,
    ];
    const count = countOverlapCreators(values, 'instagram', at);
    expect(count.problem).toBeNull();
    expect([...count.handles].sort()).toEqual(overlapInfluencers('instagram', values));
    // What the sidebar sends is read back by the worker as the same set.
    expect(overlapInfluencers('instagram', count.handles)).toEqual(overlapInfluencers('instagram', values));
    expect(count).toMatchObject({ rows: 7, blanks: 1, repeats: 2, unreadable: [] });
    expect(count.handles).toEqual(['nasa', '12345', '@12345', 'esa', '1234567']);
  });

  it('names every unreadable value with where it is', () => {
    const count = countOverlapCreators(['nasa', 'not a handle!', 'esa'], 'instagram', at);
    expect(count.unreadable).toHaveLength(1);
    expect(count.unreadable[0]).toMatchObject({ where: 'row 2', value: 'not a handle!' });
    expect(count.problem).toMatch(/^row 2: .+\. Correct or remove it to compare\.$/);
    expect(count.suggestedPlatform).toBeNull();
  });

  it('suggests the other platform only when the URLs all point there', () => {
    const youtube = ['https://youtube.com/@nasa', 'youtube.com/@esa'];
    expect(countOverlapCreators(youtube, 'instagram', at).suggestedPlatform).toBe('youtube');
    const mixed = ['https://youtube.com/@nasa', 'https://www.tiktok.com/@esa'];
    expect(countOverlapCreators(mixed, 'instagram', at).suggestedPlatform).toBeNull();
  });

  it('counts the bounds: 2 and 100 pass, 1 and 101 do not', () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `creator${i}`);
    expect(countOverlapCreators(names(1), 'youtube', at).problem).toMatch(/only 1 is given/);
    expect(countOverlapCreators(names(2), 'youtube', at).problem).toBeNull();
    expect(countOverlapCreators(names(100), 'youtube', at).problem).toBeNull();
    expect(countOverlapCreators(names(101), 'youtube', at).problem).toMatch(/at most 100 creators/);
    expect(countOverlapCreators([], 'youtube', at).problem).toMatch(/none is given yet/);
  });
});

describe('typedCreators', () => {
  it('reads one creator per line, or several separated by commas, each with its line', () => {
    expect(typedCreators('@nasa\r\n@esa, @jaxa;cnsa\n')).toEqual({
      values: ['@nasa', '@esa', ' @jaxa', 'cnsa', ''],
      where: ['line 1', 'line 2', 'line 2', 'line 2', 'line 3'],
    });
  });
});
