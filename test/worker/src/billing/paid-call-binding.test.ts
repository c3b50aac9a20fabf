import { currentPaidCall, withPaidCallBinding } from '../../../../worker/src/billing/paid-call-binding';
import { openStore } from '../../../../worker/src/store/sqlite/sqlite-store';

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

/**
 * The binding is switched off while no paid call runs (on Node 20 an AsyncLocalStorage in use
 * costs every promise of the process a hook): calls that overlap, and calls after a pause, must
 * each still reach their own journal entry.
 */
describe('paid calls one after another and side by side', () => {
  const input = (requestId: string, journal: ReturnType<typeof openStore>['paidCalls']) => ({
    journal,
    context: { identity: { email: 'ana@team.com' }, requestId },
    operation: 'search' as const,
    estimate: { credits: 0.15, rawRequests: 0 },
  });

  it('each begin their own entry, however they overlap and end', async () => {
    const store = openStore({ memory: true });
    const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
    const call = (requestId: string, before: () => Promise<unknown>) =>
      withPaidCallBinding(input(requestId, store.paidCalls), async () => {
        await before();
        await currentPaidCall()?.begin(`search GET /search {"request":"${requestId}"}`);
        return requestId;
      });

    let firstEnded: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => (firstEnded = resolve));
    // The second begins its entry only after the first call is over.
    const second = call('req-2', () => ended.then(() => pause(5)));
    const first = await call('req-1', () => pause(1));
    firstEnded();
    const overlapping = [first, await second];
    await pause(10);
    // Later, none running meanwhile: a third still has its binding.
    const third = await call('req-3', () => pause(1));

    const ids = [...overlapping, third].map((run) => run.binding.callId);
    expect(ids.every((id) => id?.startsWith('call_'))).toBe(true);
    expect(new Set(ids).size).toBe(3);
    expect(currentPaidCall()).toBeUndefined();
    store.close();
  });
});
