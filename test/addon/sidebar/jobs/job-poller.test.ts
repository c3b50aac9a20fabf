import { pollJob } from '../../../../addon/sidebar/jobs/job-poller';
import type { JobView } from '../../../../addon/bridge-contract/sidebar-api';

function job(status: JobView['status'], done: number): JobView {
  return {
    id: 'job-1',
    kind: 'bulk-reports',
    status,
    done,
    total: 3,
    creditsSpent: done,
    errors: 0,
    lastError: null,
    rowsWritten: done,
    destination: 'Reports!B2',
    message: '',
  };
}

/** Lets the promise callbacks of an answered poll run. */
async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('pollJob', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('polls every 2 s, counted from the end of the previous poll, until the job is done', async () => {
    const answers = [job('running', 1), job('running', 2), job('done', 3)];
    const polled: number[] = [];
    const updates: number[] = [];
    let now = 0;
    const poller = pollJob('job-1', {
      poll: async () => {
        polled.push(now);
        return answers.shift() ?? job('done', 3);
      },
      onUpdate: (view) => updates.push(view.done),
      onGiveUp: () => {
        throw new Error('must not give up');
      },
    });
    for (let step = 0; step < 10; step++) {
      now += 1000;
      await jest.advanceTimersByTimeAsync(1000);
      await flush();
    }
    expect(polled).toEqual([2000, 4000, 6000]);
    expect(updates).toEqual([1, 2, 3]);
    expect(poller.stopped).toBe(true);
  });

  it('never starts a poll while the previous one is still running', async () => {
    let running = 0;
    let mostRunning = 0;
    let polls = 0;
    pollJob('job-1', {
      poll: () => {
        polls += 1;
        running += 1;
        mostRunning = Math.max(mostRunning, running);
        // A poll that writes a block can take longer than the interval.
        return new Promise((resolve) =>
          setTimeout(() => {
            running -= 1;
            resolve(job(polls < 3 ? 'running' : 'done', polls));
          }, 5000),
        );
      },
      onUpdate: () => {},
      onGiveUp: () => {},
    });
    await jest.advanceTimersByTimeAsync(30000);
    expect(polls).toBe(3);
    expect(mostRunning).toBe(1);
  });

  it('polls at once when asked to (a job resumed on open)', async () => {
    let polls = 0;
    pollJob(
      'job-1',
      {
        poll: async () => {
          polls += 1;
          return job('done', 3);
        },
        onUpdate: () => {},
        onGiveUp: () => {},
      },
      0,
    );
    await jest.advanceTimersByTimeAsync(0);
    expect(polls).toBe(1);
  });

  it('backs off after a failed poll and carries on when polls succeed again', async () => {
    const times: number[] = [];
    const retries: number[] = [];
    let elapsed = 0;
    let call = 0;
    const updates: string[] = [];
    pollJob('job-1', {
      poll: async () => {
        times.push(elapsed);
        call += 1;
        if (call === 1 || call === 2) throw new Error('Worker unreachable');
        return job(call < 4 ? 'running' : 'done', call);
      },
      onUpdate: (view) => updates.push(view.status),
      onRetry: (_error, delay) => retries.push(delay),
      onGiveUp: () => {},
    });
    for (let step = 0; step < 40; step++) {
      elapsed += 500;
      await jest.advanceTimersByTimeAsync(500);
    }
    expect(retries).toEqual([4000, 8000]);
    expect(times).toEqual([2000, 6000, 14000, 16000]);
    expect(updates).toEqual(['running', 'done']);
  });

  it('gives up after 5 failed polls in a row, once, with the reason', async () => {
    const reasons: string[] = [];
    let polls = 0;
    const poller = pollJob('job-1', {
      poll: async () => {
        polls += 1;
        throw new Error('Not connected: open Settings');
      },
      onUpdate: () => {},
      onGiveUp: (error) => reasons.push(error.message),
    });
    await jest.advanceTimersByTimeAsync(10 * 60 * 1000);
    expect(polls).toBe(5);
    expect(reasons).toEqual(['Not connected: open Settings']);
    expect(poller.stopped).toBe(true);
  });

  it('stops on stop(), ignoring an answer already on its way', async () => {
    const updates: number[] = [];
    const answers: ((view: JobView) => void)[] = [];
    const poller = pollJob('job-1', {
      poll: () => new Promise<JobView>((resolve) => answers.push(resolve)),
      onUpdate: (view) => updates.push(view.done),
      onGiveUp: () => {},
    });
    await jest.advanceTimersByTimeAsync(2000);
    poller.stop();
    expect(answers).toHaveLength(1);
    answers[0](job('running', 1));
    await jest.advanceTimersByTimeAsync(60000);
    expect(updates).toEqual([]);
  });
});

describe('pollJob and the UrlFetch quota (issue 13)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** A visibility the test switches, telling listeners as the browser would. */
  function switchable(hidden: boolean) {
    const listeners = new Set<() => void>();
    return {
      hidden: () => hidden,
      onChange(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      set(next: boolean) {
        hidden = next;
        for (const listener of [...listeners]) listener();
      },
      listeners,
    };
  }

  async function run(ms: number): Promise<void> {
    for (let elapsed = 0; elapsed < ms; elapsed += 1000) {
      await jest.advanceTimersByTimeAsync(1000);
      await flush();
    }
  }

  it('waits twice as long after each poll that shows nothing new, up to a minute, and speeds up on news', async () => {
    const polled: number[] = [];
    let now = 0;
    let view = job('running', 1);
    const timer = setInterval(() => (now += 1000), 1000);
    pollJob('job-1', {
      poll: async () => {
        polled.push(now);
        return view;
      },
      onUpdate: () => undefined,
      onGiveUp: () => undefined,
      visibility: switchable(false),
    });
    await run(200_000);
    // 2 s, then +2, +4, +8, +16, +32, +60, +60...
    const gaps = polled.slice(1).map((at, i) => at - (polled[i] ?? 0));
    expect(gaps.slice(0, 7)).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000]);
    const before = polled.length;
    view = job('running', 2);
    await run(120_000);
    const after = polled.slice(before - 1);
    const newGaps = after.slice(1).map((at, i) => at - (after[i] ?? 0));
    // The poll that saw news is followed by one 2 s later.
    expect(newGaps).toContain(2000);
    clearInterval(timer);
  });

  it('does not poll while the sidebar is hidden, and polls at once when it is seen again', async () => {
    const visibility = switchable(true);
    let polls = 0;
    const poller = pollJob('job-1', {
      poll: async () => {
        polls += 1;
        return job('running', polls);
      },
      onUpdate: () => undefined,
      onGiveUp: () => undefined,
      visibility,
    });
    await run(60_000);
    expect(polls).toBe(0);
    visibility.set(false);
    await flush();
    expect(polls).toBe(1);
    poller.stop();
    expect(visibility.listeners.size).toBe(0);
  });
});
