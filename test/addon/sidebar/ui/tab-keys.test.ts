import { nextTabIndex } from '../../../../addon/sidebar/ui/tab-keys';

describe('nextTabIndex', () => {
  it('moves with the arrows, wrapping at both ends', () => {
    expect(nextTabIndex(0, 'ArrowRight', 5)).toBe(1);
    expect(nextTabIndex(4, 'ArrowRight', 5)).toBe(0);
    expect(nextTabIndex(0, 'ArrowLeft', 5)).toBe(4);
    expect(nextTabIndex(3, 'ArrowLeft', 5)).toBe(2);
  });

  it('goes to the first and the last tab with Home and End', () => {
    expect(nextTabIndex(2, 'Home', 5)).toBe(0);
    expect(nextTabIndex(2, 'End', 5)).toBe(4);
  });

  it('leaves other keys to the page', () => {
    expect(nextTabIndex(2, 'Enter', 5)).toBeNull();
    expect(nextTabIndex(2, 'ArrowDown', 5)).toBeNull();
    expect(nextTabIndex(0, 'ArrowRight', 0)).toBeNull();
  });
});
