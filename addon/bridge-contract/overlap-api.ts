/**
 * The audience overlap part of the sidebar's contract (see sidebar-api.ts): which creators to
 * compare on which platform, what it will cost, and what was written where.
 */
import type { OverlapPlatform } from '../../shared/platforms';
import type { UnreadableCreator } from './overlap-creators';
import type { TabWriteMode } from './tab-output';

/** Where the creators come from. */
export type OverlapCreators =
  /** The selected cells: one column (a header row is detected and skipped) or one row. */
  | { kind: 'selection' }
  /** Typed in the sidebar, one per line. */
  | { kind: 'typed'; text: string };

export interface OverlapCheck {
  platform: OverlapPlatform;
  creators: OverlapCreators;
}

/** What an overlap would compare and cost, before it runs. */
export interface OverlapEstimate {
  /** Where the creators were read: "Creators!A2:A6", "the typed list". */
  source: string;
  /** Values that are not blank. */
  rows: number;
  blanks: number;
  repeats: number;
  /** Different creators to compare. */
  creators: number;
  /** The first few unreadable values (`unreadableCount` counts them all). */
  unreadable: UnreadableCreator[];
  unreadableCount: number;
  /** Why it cannot run as it is (too few, too many, unreadable values), or null. */
  problem: string | null;
  /** The most it can cost: one paid call for the whole set. */
  maxCredits: number;
  needsConfirmation: boolean;
  /** A sentence that says all of the above. */
  summary: string;
}

export interface OverlapRun extends OverlapCheck {
  /** The tab's name; blank: named after the platform. */
  tabName: string;
  /** A new tab each run (when left out), or the tab `tabName` names replaced or added to (issue 15). */
  tabMode?: TabWriteMode;
  /** Pay for fresh figures even when the worker holds this set's overlap already. */
  refresh: boolean;
  confirmedCost: boolean;
  /**
   * The source the estimate named ("Creators!A2:A6"): the run stops when the creators are now read
   * from elsewhere (the selection moved), since the user accepted a cost for those. null: no check.
   */
  expectedSource: string | null;
}

/** One creator's shares, for the sidebar's short table (the tab has every column). */
export interface OverlapShare {
  handle: string;
  followers: number | null;
  /** Fractions: 0.4 is 40%. */
  unique: number | null;
  overlapping: number | null;
}

export interface OverlapOutcome {
  sheetName: string;
  /** Where the first creator's row is, e.g. "'Audience overlap'!A2". */
  destination: string;
  creators: OverlapShare[];
  totals: { followers: number | null; uniqueFollowers: number | null; uniqueShare: number | null };
  /** Answered from the worker's cache, for free. */
  fromCache: boolean;
  credits: number;
  /**
   * The API answered (and billed) in a shape this version cannot read: the id under which the
   * worker kept the body for an admin. The message and the tab's one row say so; there are no
   * figures to show.
   */
  unreadableAnswerId: string | null;
  /** A sentence for the status line. */
  message: string;
}

export interface OverlapApi {
  /** What an overlap of these creators compares and costs; reads the selection, calls no API. */
  estimateOverlap(check: OverlapCheck): OverlapEstimate;
  /** Compares the audiences (one paid call) and writes the table with totals into a tab. */
  runOverlap(run: OverlapRun): OverlapOutcome;
}
