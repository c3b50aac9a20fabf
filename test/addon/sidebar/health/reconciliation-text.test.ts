import type { LedgerReconciliation } from '../../../../addon/bridge-contract/health-api';
import { reconciliationLines } from '../../../../addon/sidebar/health/reconciliation-text';

const at = (iso: string) => iso.slice(11, 16);

const found = (overrides: Partial<LedgerReconciliation> = {}): LedgerReconciliation => ({
  from: '2025-03-01T09:45:00.000Z',
  to: '2025-03-01T10:00:00.000Z',
  balanceDrop: 40,
  recorded: 20,
  unconfirmed: 0,
  difference: 20,
  raw: { drop: 5, recorded: 5, difference: 0 },
  ...overrides,
});

describe('reconciliationLines', () => {
  it('says the window, both figures, and what a higher charge can mean', () => {
    expect(reconciliationLines(found(), at)).toEqual([
      'From 09:45 to 10:00 the API balance went down by 40 credits; the ledger recorded 20 credits.',
      'The API charged 20 credits more than the ledger knows: another client using the same API token, or a call lost when the worker stopped just as its answer came.',
      'Raw requests: the allowance went down by 5 raw requests, the ledger recorded 5 raw requests: they agree.',
    ]);
  });

  it('names the unconfirmed part, and a ledger above the charge', () => {
    const lines = reconciliationLines(
      found({
        balanceDrop: 18,
        recorded: 20,
        unconfirmed: 2,
        difference: -2,
        raw: { drop: 3, recorded: 4, difference: -1 },
      }),
      at,
    );
    expect(lines[0]).toBe(
      'From 09:45 to 10:00 the API balance went down by 18 credits; the ledger recorded 20 credits (2 credits of it unconfirmed after a restart).',
    );
    expect(lines[1]).toBe(
      'The ledger counts 2 credits more than the API charged: calls counted unconfirmed that the API did not bill, or credits added to the account.',
    );
    expect(lines[2]).toMatch(/the ledger counts 1 more\.$/);
  });

  it('agrees, and does not compare raw requests across a renewal', () => {
    const lines = reconciliationLines(
      found({
        balanceDrop: -100,
        recorded: 0,
        difference: 100,
        raw: { drop: null, recorded: 2, difference: null },
      }),
      at,
    );
    expect(lines[0]).toMatch(/went up by 100 credits/);
    expect(reconciliationLines(found({ recorded: 40, difference: 0 }), at)[1]).toBe('They agree.');
    expect(lines[2]).toBe(
      'Raw requests: the ledger recorded 2 raw requests; not compared (the allowance was renewed, or the API did not say).',
    );
  });
});
