import { debounce } from '../../../../addon/sidebar/server-calls/debounce';

describe('debounce', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('calls once, with the last arguments, when calls stop for the wait', () => {
    const lookups: string[] = [];
    const lookUp = debounce((query: string) => lookups.push(query), 300);
    lookUp('b');
    jest.advanceTimersByTime(200);
    lookUp('be');
    jest.advanceTimersByTime(200);
    lookUp('ber');
    jest.advanceTimersByTime(299);
    expect(lookups).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(lookups).toEqual(['ber']);
    jest.advanceTimersByTime(5000);
    expect(lookups).toEqual(['ber']);
  });

  it('calls again for typing after a pause', () => {
    const lookups: string[] = [];
    const lookUp = debounce((query: string) => lookups.push(query), 300);
    lookUp('ber');
    jest.advanceTimersByTime(300);
    lookUp('berlin');
    jest.advanceTimersByTime(300);
    expect(lookups).toEqual(['ber', 'berlin']);
  });

  it('drops the pending call on cancel and makes it at once on flush', () => {
    const lookups: string[] = [];
    const lookUp = debounce((query: string) => lookups.push(query), 300);
    lookUp('par');
    expect(lookUp.pending).toBe(true);
    lookUp.cancel();
    expect(lookUp.pending).toBe(false);
    jest.advanceTimersByTime(1000);
    expect(lookups).toEqual([]);

    lookUp('paris');
    lookUp.flush();
    expect(lookups).toEqual(['paris']);
    jest.advanceTimersByTime(1000);
    expect(lookups).toEqual(['paris']);
    lookUp.flush();
    expect(lookups).toEqual(['paris']);
  });
});
