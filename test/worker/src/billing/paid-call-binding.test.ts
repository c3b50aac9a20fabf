import { currentPaidCall, withPaidCallBinding } from '../../../../worker/src/billing/paid-call-binding';
import { openStore } from '../../../../worker/src/store/store';

/**
 * The journal sits on a database that can go away (Postgres over the network): an answer the API
 * billed must come back to the caller even when the journal cannot keep it, or the request core
 * would take the call for a failure and buy it a second time.
 */
describe('a paid call’s journal binding', () => {
  it('hands the answer on when the journal cannot write it', async () => {
    const store = openStore({ memory: true });
    const run = await withPaidCallBinding(
      {
        journal: store.paidCalls,
        context: { identity: { email: 'ana@team.com' }, requestId: 'req-1' },
        operation: 'search',
        estimate: { credits: 0.15, rawRequests: 0 },
      },
      async () => {
        const recorder = currentPaidCall();
        expect(await recorder?.begin('search GET /search {}')).toBeNull();
        // The database goes away between the call and its answer.
        await store.close();
        await recorder?.answered(200, '{"error":false}');
        return 'the answer';
      },
    );
    expect(run).toMatchObject({ value: 'the answer' });
    expect(run.binding.callId).toMatch(/^call_/);
  });
});
