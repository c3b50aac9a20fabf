import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScheduleRequest } from '../../../../shared/worker-api/schedules';
import type { Clock } from '../../../../worker/common/clock';

/** A clock the test moves by hand. */
export class ManualClock implements Clock {
  constructor(private current = Date.UTC(2025, 4, 14, 10, 0, 0)) {}
  now(): number {
    return this.current;
  }
  set(at: number): void {
    this.current = at;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** An hourly schedule of reports on the creators of column A (from row 2), written at A1 of "Report". */
export function hourlyReportsRequest(over: Partial<ScheduleRequest> = {}): ScheduleRequest {
  return {
    name: 'Creators',
    kind: 'reports',
    input: { sheetName: 'Creators', row: 2, column: 1 },
    output: { sheetName: 'Report', row: 1, column: 1 },
    mode: 'replace',
    cadence: { every: 'hour' },
    timeZone: 'Europe/Berlin',
    ...over,
  };
}

/** A fresh directory under the OS temp dir; `cleanup` removes it. */
export function makeTempDir(prefix = 'creator-sheets-store-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
