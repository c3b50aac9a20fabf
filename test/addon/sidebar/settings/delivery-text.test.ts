import { deliveryStateText } from '../../../../addon/sidebar/settings/delivery-text';

describe('server delivery text', () => {
  it('says the state in a word or three', () => {
    const base = { serviceAccount: 'sa@p.iam.gserviceaccount.com', message: '' };
    expect(deliveryStateText({ ...base, serviceAccount: null, shared: null })).toBe('Off');
    expect(deliveryStateText({ ...base, shared: true })).toBe('On for this spreadsheet');
    expect(deliveryStateText({ ...base, shared: false })).toBe('Not shared yet');
    expect(deliveryStateText({ ...base, shared: null })).toBe('Unknown');
  });
});
