/**
 * Keyboard of a horizontal ARIA tab list: Left/Right move to the previous/next tab and wrap, Home
 * and End go to the first and last. Returns the tab to focus, or null when the key is not the tab
 * list's.
 */
export function nextTabIndex(current: number, key: string, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
