import {
  bulkEstimateFacts,
  confirmCostLabel,
  maxCostText,
  nothingToLookUp,
  occupiedText,
  searchEstimateFacts,
  startLabel,
} from '../../../../addon/sidebar/ui/estimate-text';
import type { BulkEstimate } from '../../../../addon/bridge-contract/sidebar-api';

const EMAILS = { singular: 'e-mail address', plural: 'e-mail addresses' };

function estimate(change: Partial<BulkEstimate> = {}): BulkEstimate {
  return {
    rows: 1200,
    blanks: 12,
    invalid: 8,
    unique: 1180,
    maxCredits: 23.6,
    needsConfirmation: true,
    summary: '1,180 unique addresses; at most 23.6 credits.',
    ...change,
  };
}

describe('estimate text', () => {
  it('lists rows, blanks, invalid and unique inputs and the most it can cost', () => {
    expect(bulkEstimateFacts(estimate(), EMAILS)).toEqual([
      { label: 'Rows with data', value: '1,200' },
      { label: 'Blank rows', value: '12' },
      { label: 'Invalid e-mail addresses', value: '8' },
      { label: 'Unique e-mail addresses to look up', value: '1,180' },
      { label: 'Most it can cost', value: '23.6 credits' },
    ]);
  });

  it('lists pages, results and cost of a search', () => {
    expect(
      searchEstimateFacts({
        pages: 10,
        maxResults: 150,
        maxCredits: 1,
        needsConfirmation: false,
        summary: '',
      }),
    ).toEqual([
      { label: 'Pages', value: '10' },
      { label: 'Results, at most', value: '150' },
      { label: 'Most it can cost', value: '1 credit' },
    ]);
  });

  it('states the cost as a ceiling, and a free action as free', () => {
    expect(maxCostText(1180)).toBe(
      'At most 1,180 credits; results already cached cost nothing, so it often costs less.',
    );
    expect(maxCostText(0)).toBe('This costs no credits.');
  });

  it('puts the cost on the start button and in the consent box', () => {
    expect(startLabel('Start enrichment', null)).toBe('Start enrichment');
    expect(startLabel('Start enrichment', 1180)).toBe('Start enrichment (up to 1,180 credits)');
    expect(startLabel('Run search', 0)).toBe('Run search (free)');
    expect(confirmCostLabel(1)).toBe('I accept spending up to 1 credit');
  });

  it('explains when there is nothing to look up', () => {
    expect(nothingToLookUp(estimate(), EMAILS)).toBeNull();
    expect(nothingToLookUp(estimate({ rows: 0, unique: 0 }), EMAILS)).toBe(
      'The input has no e-mail addresses: pick the column that holds them, or select its cells.',
    );
    expect(nothingToLookUp(estimate({ rows: 3, invalid: 3, unique: 0 }), EMAILS)).toBe(
      'None of the 3 rows holds a valid e-mail address: check the column.',
    );
  });

  it('says how many cells would be written over, and where', () => {
    expect(occupiedText({ cells: 37, range: 'Leads!C1:H200' })).toBe(
      '37 cells of Leads!C1:H200 already hold data.',
    );
    expect(occupiedText({ cells: 1, range: 'Leads!C5' })).toBe('1 cell of Leads!C5 already holds data.');
  });
});
