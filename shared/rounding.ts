import { FOLLOWER_STEPS } from './limits';

/**
 * AI search snaps follower and view bounds to FOLLOWER_STEPS. A minimum rounds down (12,000 means
 * "from 10,000"), a maximum rounds up (12,000 means "up to 15,000"), so the snapped range always
 * contains the asked one. Below the first step a minimum becomes the first step; above the last
 * step a maximum has no step to round up to, so it leaves the range open at the top (`null`).
 */
export function roundMinDown(value: number): number {
  let snapped: number = FOLLOWER_STEPS[0];
  for (const step of FOLLOWER_STEPS) {
    if (step <= value) snapped = step;
    else break;
  }
  return snapped;
}

export function roundMaxUp(value: number): number | null {
  for (const step of FOLLOWER_STEPS) {
    if (step >= value) return step;
  }
  return null;
}
