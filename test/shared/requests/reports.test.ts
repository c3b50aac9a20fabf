import { reportPathSchema, reportQuerySchema } from '../../../shared/requests/reports';
import { accepted, rejected } from './expect-parse';

describe('report request', () => {
  it('defaults calculationMethod to median and keeps other query values', () => {
    expect(accepted(reportQuerySchema, {})).toEqual({ calculationMethod: 'median' });
    expect(accepted(reportQuerySchema, { calculationMethod: 'average', debug: '1' })).toEqual({
      calculationMethod: 'average',
      debug: '1',
    });
  });

  it('rejects another calculation method', () => {
    expect(rejected(reportQuerySchema, { calculationMethod: 'mean' })).toBe(
      'calculationMethod must be one of median, average, got "mean"',
    );
  });

  it('takes a platform and a non-blank userId in the path', () => {
    expect(accepted(reportPathSchema, { platform: 'tiktok', userId: ' @someone ' })).toEqual({
      platform: 'tiktok',
      userId: '@someone',
    });
    expect(rejected(reportPathSchema, { platform: 'facebook', userId: 'x' })).toBe(
      'platform must be one of instagram, tiktok, youtube, got "facebook"',
    );
    expect(rejected(reportPathSchema, { platform: 'youtube', userId: '' })).toBe('userId must not be empty');
  });
});
