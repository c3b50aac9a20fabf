import {
  createConnectionWatch,
  isConnectionLoss,
} from '../../../../../worker/src/store/postgres/connection-watch';
import { createAvailabilityState } from '../../../../../worker/src/store/store-availability';

/** pg's errors as it makes them: a DatabaseError carries its SQLSTATE in `code`. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('isConnectionLoss', () => {
  it.each([
    [
      'the server shutting down under a session',
      pgError('57P01', 'terminating connection due to administrator command'),
    ],
    ['the server starting', pgError('57P03', 'the database system is starting up')],
    ['a connection exception', pgError('08006', 'connection failure')],
    ['a refused connection', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset socket', pgError('ECONNRESET', 'read ECONNRESET')],
    ["pg's own words for a dropped connection", new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['a loss wrapped by the caller', new Error('could not save', { cause: pgError('57P01', 'terminating') })],
  ])('is true for %s', (_what, error) => {
    expect(isConnectionLoss(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a serialization failure (tried again, not an outage)', pgError('40001', 'could not serialize access')],
    ['a syntax error', pgError('42601', 'syntax error at or near "SELEC"')],
    ['a bug', new TypeError('cannot read properties of undefined')],
    ['no error at all', 'ECONNREFUSED'],
  ])('is false for %s', (_what, error) => {
    expect(isConnectionLoss(error)).toBe(false);
  });
});

describe('createConnectionWatch', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('marks the store away on a lost connection, probes every second, and hears it come back', async () => {
    const state = createAvailabilityState();
    const back = jest.fn();
    state.onBack(back);
    let serverUp = false;
    let probes = 0;
    const watch = createConnectionWatch(state, async () => {
      probes += 1;
      if (!serverUp) throw pgError('ECONNREFUSED', 'connect ECONNREFUSED');
      watch.answered();
    });
    watch.lost(pgError('57P01', 'terminating connection due to administrator command'));
    expect(state.problem).toBe(
      'the database connection failed: 57P01 terminating connection due to administrator command',
    );
    expect(() => state.check()).toThrow("The worker's database is not answering just now");
    await jest.advanceTimersByTimeAsync(3000);
    expect(probes).toBe(3);
    expect(back).not.toHaveBeenCalled();
    serverUp = true;
    await jest.advanceTimersByTimeAsync(1000);
    expect(state.problem).toBeNull();
    expect(back).toHaveBeenCalledTimes(1);
    // Back: no more probes.
    await jest.advanceTimersByTimeAsync(5000);
    expect(probes).toBe(4);
    watch.stop();
  });

  it('stays away while another condition (the run lock) still fails', () => {
    const state = createAvailabilityState();
    const watch = createConnectionWatch(state, async () => undefined);
    state.failing('run lock', "this instance's run lock was lost; taking it again");
    watch.lost(pgError('ECONNRESET', 'read ECONNRESET'));
    watch.answered();
    expect(state.problem).toBe("this instance's run lock was lost; taking it again");
    state.fine('run lock');
    expect(state.problem).toBeNull();
    watch.stop();
  });
});
