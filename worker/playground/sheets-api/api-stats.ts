/** Whether a method reads or changes a spreadsheet: Google's two quota groups. */
export type QuotaGroup = 'read' | 'write';

export interface AccountStats {
  calls: number;
  reads: number;
  writes: number;
  /** Answers 429 RESOURCE_EXHAUSTED. */
  rateLimited: number;
  byMethod: Record<string, number>;
}

/** Everything the emulator answered since it started or since `reset()`. */
export interface SheetsApiStats {
  /** Sheets API calls, whatever their answer (token requests are counted apart). */
  calls: number;
  reads: number;
  writes: number;
  rateLimited: number;
  /** By Google's method name, e.g. "spreadsheets.values.batchUpdate". */
  byMethod: Record<string, number>;
  /** By HTTP status, e.g. { "200": 12, "429": 1 }. */
  byStatus: Record<string, number>;
  /** By service account; calls without a valid token are under "(anonymous)". */
  byAccount: Record<string, AccountStats>;
  /** Cells written by successful writes (values and cleared cells). */
  cellsWritten: number;
  tokens: { issued: number; refused: number };
}

export interface CallRecord {
  method: string;
  group: QuotaGroup;
  clientEmail: string | null;
  httpStatus: number;
  cellsWritten: number;
}

const ANONYMOUS = '(anonymous)';

export class ApiStats {
  private current: SheetsApiStats = empty();

  recordCall(call: CallRecord): void {
    const stats = this.current;
    const account = (stats.byAccount[call.clientEmail ?? ANONYMOUS] ??= {
      calls: 0,
      reads: 0,
      writes: 0,
      rateLimited: 0,
      byMethod: {},
    });
    for (const counted of [stats, account]) {
      counted.calls += 1;
      if (call.group === 'read') counted.reads += 1;
      else counted.writes += 1;
      if (call.httpStatus === 429) counted.rateLimited += 1;
      counted.byMethod[call.method] = (counted.byMethod[call.method] ?? 0) + 1;
    }
    const status = String(call.httpStatus);
    stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
    stats.cellsWritten += call.cellsWritten;
  }

  recordToken(_clientEmail: string | null, issued: boolean): void {
    if (issued) this.current.tokens.issued += 1;
    else this.current.tokens.refused += 1;
  }

  /** A deep copy: later calls do not change what a test already read. */
  snapshot(): SheetsApiStats {
    return structuredClone(this.current);
  }

  reset(): void {
    this.current = empty();
  }
}

function empty(): SheetsApiStats {
  return {
    calls: 0,
    reads: 0,
    writes: 0,
    rateLimited: 0,
    byMethod: {},
    byStatus: {},
    byAccount: {},
    cellsWritten: 0,
    tokens: { issued: 0, refused: 0 },
  };
}
