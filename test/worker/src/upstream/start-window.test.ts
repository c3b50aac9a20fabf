import { StartWindow, windowOfRate } from '../../../../worker/src/upstream/start-window';

/** 2 a second at 97%: the request two turns after another starts at least 1000 / 0.97 ms later. */
const SPAN = 1000 / 0.97;

function twoPerSecond(): StartWindow {
  return new StartWindow(windowOfRate(2), 0.97);
}

describe('windowOfRate', () => {
  it('reads a rate as the service counts it: so many in a second, or one in so many seconds', () => {
    expect(windowOfRate(2)).toEqual({ limit: 2, windowMs: 1000 });
    expect(windowOfRate(10)).toEqual({ limit: 10, windowMs: 1000 });
    expect(windowOfRate(0.5)).toEqual({ limit: 1, windowMs: 2000 });
  });
});

describe('StartWindow', () => {
  it('holds nothing back until a whole window of requests has gone', () => {
    const window = twoPerSecond();
    expect(window.earliest()).toBe(Number.NEGATIVE_INFINITY);
    window.letGo(0, 0, 'search');
    expect(window.earliest()).toBe(Number.NEGATIVE_INFINITY);
    window.letGo(515, 515, 'search');
    expect(window.earliest()).toBeCloseTo(SPAN, 6);
  });

  it('counts a window from when a request really started, however late after its turn', () => {
    const window = twoPerSecond();
    const first = window.letGo(0, 0, 'search');
    window.letGo(515, 515, 'search');
    // The event loop ran the first request's send 80 ms after it was let go.
    expect(window.started(first, 80)).toBe(80);
    expect(window.earliest()).toBeCloseTo(80 + SPAN, 6);
  });

  it('books ahead by an answer that came later than its kind can come, at most a fifth of the window', () => {
    const window = twoPerSecond();
    // Four answers of the same kind in 100 ms each: the quickest it comes.
    for (let i = 0; i < 4; i += 1) {
      const record = window.letGo(i * 600, i * 600, 'search');
      window.started(record, i * 600);
      expect(window.answered(record, i * 600 + 100)).toBe(0);
    }
    const late = window.letGo(3000, 3000, 'search');
    window.started(late, 3000);
    // 160 ms: 60 ms over the quickest, less the 31 ms of slack the window already leaves.
    expect(window.answered(late, 3160)).toBeCloseTo(160 - 100 - (SPAN - 1000), 6);
    const later = window.letGo(3600, 3600, 'search');
    window.started(later, 3600);
    expect(window.answered(later, 4600)).toBe(200);
    expect(window.earliest()).toBeCloseTo(3000 + 160 - 100 - (SPAN - 1000) + SPAN, 6);
  });

  it('takes a slow answer as late even when most answers lately were as slow (a busy machine)', () => {
    const window = twoPerSecond();
    [300, 100, 300, 300].forEach((took, i) => {
      const record = window.letGo(i * 600, i * 600, 'search');
      window.started(record, i * 600);
      window.answered(record, i * 600 + took);
    });
    const slow = window.letGo(3000, 3000, 'search');
    window.started(slow, 3000);
    expect(window.answered(slow, 3300)).toBeCloseTo(300 - 100 - (SPAN - 1000), 6);
  });

  it('compares an answer only with answers of its own kind', () => {
    const window = twoPerSecond();
    const quick = window.letGo(0, 0, 'dictionary');
    window.started(quick, 0);
    window.answered(quick, 20);
    // A search that takes 400 ms is not late for a search, whatever dictionaries take.
    const search = window.letGo(600, 600, 'search');
    window.started(search, 600);
    expect(window.answered(search, 1000)).toBe(0);
  });
});
