import type { DocumentStatusView } from '../../../../addon/bridge-contract/document-status-api';
import {
  createDocumentStatusFeed,
  STATUS_EVERY_MS,
} from '../../../../addon/sidebar/jobs/document-status-feed';
import { sheetTimeZone, setSheetTimeZone } from '../../../../addon/sidebar/ui/sheet-time';

/** One read a minute, and after actions (issue 25), counted as the bench counts UrlFetch calls. */
describe('the document status feed', () => {
  let now = 0;
  let hidden = false;
  let reads = 0;
  const status = (): DocumentStatusView =>
    ({ at: now, timeZone: 'Europe/Berlin', schedules: [], allowance: null }) as unknown as DocumentStatusView;
  const feed = () =>
    createDocumentStatusFeed({
      read: async () => {
        reads += 1;
        return status();
      },
      now: () => now,
      hidden: () => hidden,
    });

  beforeEach(() => {
    jest.useFakeTimers();
    now = 0;
    hidden = false;
    reads = 0;
  });
  afterEach(() => {
    jest.useRealTimers();
    setSheetTimeZone('UTC');
  });

  /** Moves the page's clock and its timers on together. */
  const pass = async (ms: number) => {
    now += ms;
    await jest.advanceTimersByTimeAsync(ms);
  };

  it('reads once on start and once a minute while open: 60 reads an hour', async () => {
    const shown: number[] = [];
    const fed = feed();
    fed.subscribe((read) => shown.push(read?.at ?? -1));
    fed.start();
    await pass(0);
    for (let minute = 0; minute < 60; minute++) await pass(STATUS_EVERY_MS);
    expect(reads).toBe(61);
    expect(shown).toHaveLength(61);
    expect(sheetTimeZone()).toBe('Europe/Berlin');
  });

  it('lets an action’s read stand for the minute’s, shares a read under way, and skips minutes while hidden', async () => {
    const fed = feed();
    fed.start();
    await pass(0);
    await pass(30_000);
    await Promise.all([fed.refresh(), fed.refresh()]);
    expect(reads).toBe(2);
    // The minute comes 30 s after the action's read: too fresh to read again.
    await pass(30_000);
    expect(reads).toBe(2);
    hidden = true;
    for (let minute = 0; minute < 5; minute++) await pass(STATUS_EVERY_MS);
    expect(reads).toBe(2);
    hidden = false;
    await pass(STATUS_EVERY_MS);
    expect(reads).toBe(3);
  });

  it('tells the minute to lines that age (uptime), read or not, and failures to who listens', async () => {
    let minutes = 0;
    const errors: unknown[] = [];
    const failing = createDocumentStatusFeed({
      read: async () => {
        throw new Error('The worker did not answer');
      },
      now: () => now,
      hidden: () => true,
    });
    failing.onMinute(() => (minutes += 1));
    failing.onError((error) => errors.push(error));
    failing.start();
    for (let minute = 0; minute < 3; minute++) await pass(STATUS_EVERY_MS);
    expect(minutes).toBe(3);
    expect(errors).toHaveLength(1);
    expect(failing.current).toBeNull();
  });
});
