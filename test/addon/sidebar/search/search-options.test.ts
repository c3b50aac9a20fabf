import {
  AUDIENCE_DEFAULT_WEIGHT_PERCENT,
  sortChoicesFor,
} from '../../../../addon/sidebar/search/search-options';
import { INSTAGRAM_SORT_FIELDS } from '../../../../shared/enums';
import { AUDIENCE_DEFAULT_WEIGHTS } from '../../../../shared/requests/search';

describe('search options', () => {
  it('starts the weights at the ones the API applies by default', () => {
    expect(AUDIENCE_DEFAULT_WEIGHT_PERCENT.location / 100).toBe(AUDIENCE_DEFAULT_WEIGHTS.location);
    expect(AUDIENCE_DEFAULT_WEIGHT_PERCENT.language / 100).toBe(AUDIENCE_DEFAULT_WEIGHTS.language);
    expect(AUDIENCE_DEFAULT_WEIGHT_PERCENT.gender / 100).toBe(AUDIENCE_DEFAULT_WEIGHTS.gender);
    expect(AUDIENCE_DEFAULT_WEIGHT_PERCENT.age / 100).toBe(AUDIENCE_DEFAULT_WEIGHTS.age);
    expect(AUDIENCE_DEFAULT_WEIGHT_PERCENT.interests / 100).toBe(AUDIENCE_DEFAULT_WEIGHTS.interests);
  });

  it('offers only sort fields the API documents', () => {
    for (const platform of ['instagram', 'tiktok', 'youtube'] as const) {
      for (const choice of sortChoicesFor(platform)) {
        expect(INSTAGRAM_SORT_FIELDS).toContain(choice.field);
      }
    }
  });
});
