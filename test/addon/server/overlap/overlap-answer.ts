import { OVERLAP_COLUMNS, overlapToRows } from '../../../../shared/rows/overlap-rows';
import type { OverlapAnswer } from '../../../../shared/worker-api/overlap';

/**
 * What the worker answers for `handles`, made with the real row mapping: creator i has
 * 1,000 x (i + 1) followers, 40 + i % unique; a cached answer costs nothing.
 */
export function overlapAnswer(handles: string[], fromCache = false): OverlapAnswer {
  const data = handles.map((username, i) => ({
    userId: `id-${username}`,
    username,
    followers: 1000 * (i + 1),
    uniquePercentage: 40 + i,
    overlappingPercentage: 60 - i,
  }));
  const reportInfo = {
    totalFollowers: 1000 * handles.length * 2,
    totalUniqueFollowers: 1500 * handles.length,
  };
  return {
    header: OVERLAP_COLUMNS.map((col) => col.label),
    columns: [...OVERLAP_COLUMNS],
    rows: overlapToRows({ reportInfo, data }),
    reportInfo,
    unreadable: null,
    fromCache,
    storedAt: 0,
    credits: fromCache ? 0 : 1,
    pending: 0,
    awaitingApproval: 0,
  };
}
