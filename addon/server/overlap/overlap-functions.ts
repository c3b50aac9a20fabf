import type {
  OverlapCheck,
  OverlapEstimate,
  OverlapOutcome,
  OverlapRun,
} from '../../bridge-contract/overlap-api';
import { estimateOverlapCheck, runOverlapCheck } from './overlap-run';

/**
 * The server functions of the sidebar's Overlap section (addon/bridge-contract/overlap-api.ts). Every function
 * here becomes a top-level Apps Script function, so this file holds those only.
 */

/** Sidebar: how many creators an audience overlap compares and what it costs, before it runs. */
export function estimateOverlap(check: OverlapCheck): OverlapEstimate {
  return estimateOverlapCheck(check);
}

/** Sidebar: compares the creators' audiences (one paid call) and writes the table into a new tab. */
export function runOverlap(run: OverlapRun): OverlapOutcome {
  return runOverlapCheck(run);
}
