import { Accounts, fromMillicredits, toMillicredits } from '../../../worker/sandbox/accounts';

describe('Accounts', () => {
  const make = () => new Accounts([{ token: 't', credits: 1, rawRequests: 2, rawAccess: true }]);

  it('keeps credits exact in thousandths', () => {
    expect(toMillicredits(0.025 * 3)).toBe(75);
    expect(toMillicredits(0.01 * 7)).toBe(70);
    expect(fromMillicredits(999_930)).toBe(999.93);
    expect(() => toMillicredits(0.0001)).toThrow(/thousandth/);
    expect(() => toMillicredits(-1)).toThrow(/at least 0/);
  });

  it('charges only what the balance covers, in one step', () => {
    const accounts = make();
    expect(accounts.canAfford('t', 1000)).toBe(true);
    expect(accounts.charge('t', 975)).toBe(true);
    expect(accounts.get('t')?.credits).toBe(0.025);
    expect(accounts.canAfford('t', 26)).toBe(false);
    expect(accounts.charge('t', 26)).toBe(false);
    expect(accounts.get('t')?.credits).toBe(0.025);
    expect(accounts.charge('unknown', 0)).toBe(false);
  });

  it('reserves raw units, refuses without access or at zero, and refunds', () => {
    const accounts = make();
    accounts.set('plain', { credits: 5 });
    expect(accounts.reserveRawUnit('plain')).toBe('denied');
    expect(accounts.reserveRawUnit('t')).toBe('reserved');
    expect(accounts.reserveRawUnit('t')).toBe('reserved');
    expect(accounts.reserveRawUnit('t')).toBe('exhausted');
    accounts.refundRawUnit('t');
    expect(accounts.get('t')?.rawRequests).toBe(1);
  });

  it('creates or changes accounts and validates what it is given', () => {
    const accounts = make();
    expect(accounts.set('t', { rawAccess: false })).toEqual({
      token: 't',
      credits: 1,
      rawRequests: 2,
      rawAccess: false,
    });
    expect(accounts.set('new', {})).toEqual({ token: 'new', credits: 0, rawRequests: 0, rawAccess: false });
    expect(() => accounts.set('t', { rawRequests: 1.5 })).toThrow(/whole number/);
    expect(() => accounts.set('', {})).toThrow(/empty/);
    expect(accounts.list().map((a) => a.token)).toEqual(['t', 'new']);
  });
});
