import type { BulkStart, JobView } from '../../addon/bridge-contract/sidebar-api';
import type { AppsScriptFakes } from '../../worker/playground/apps-script/create-fakes';
import type { Execution } from '../../worker/playground/apps-script/runtime/runtime';
import { startBundleWorld, type BundleWorld } from '../addon/bundle-world';
import { startSharedSheetBundle } from '../addon/shared-sheet-bundle';

/**
 * Google's quotas as cost (issue 13): the built add-on in the Apps Script fakes against the real
 * worker and sandbox, counting what Apps Script bills per day: UrlFetch calls (20,000 a day on
 * consumer accounts, 100,000 on Workspace) and property reads (50,000 / 500,000), shared by every
 * formula and sidebar of the user. Measured for a 10,000-row e-mail enrichment polled as the
 * sidebar polls it, and for a formula over 100 handles, first fetched and then recalculated.
 */

export interface QuotaResult {
  enrichment: { rows: number; polls: number; urlFetch: number; propertyReads: number };
  formulaFirst: { urlFetch: number; propertyReads: number };
  formulaRecalc: { urlFetch: number; propertyReads: number };
  /**
   * The sidebar's document status (issue 25, item 6), read once a minute while it is open: the
   * first read (with its proof of edit access) and the next ones, measured apart.
   */
  status: { reads: number; firstUrlFetch: number; laterUrlFetch: number; propertyReads: number };
}

const ENRICH_ROWS = 10_000;
const FORMULA_HANDLES = 100;
const FINAL = ['done', 'failed', 'cancelled'];

/** Property reads and UrlFetch calls of every execution from now on. */
function tally(fakes: AppsScriptFakes): { urlFetch: number; propertyReads: number } {
  const counts = { urlFetch: 0, propertyReads: 0 };
  fakes.runtime.onExecutionEnd((execution: Execution) => {
    for (const [call, n] of execution.calls) {
      if (call === 'UrlFetchApp.fetch') counts.urlFetch += n;
      if (/^Properties\.get(Property|Properties|Keys)$/.test(call)) counts.propertyReads += n;
    }
  });
  return counts;
}

function leadsColumn(fakes: AppsScriptFakes, emails: readonly string[]): void {
  const sheet = fakes.spreadsheet.insertSheet('Leads');
  sheet.insertRowsAfter(sheet.getMaxRows(), emails.length + 1 - sheet.getMaxRows());
  sheet.getRange(1, 1).setValue('E-mail');
  sheet.getRange(2, 1, emails.length, 1).setValues(emails.map((email) => [email]));
  fakes.spreadsheetApp.select('Leads!A:A');
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the enrichment and polls it as the sidebar does (every 2 s) until every row is written. */
async function enrich(world: BundleWorld): Promise<QuotaResult['enrichment']> {
  const fakes = world.load();
  const known = world.emails;
  leadsColumn(
    fakes,
    Array.from({ length: ENRICH_ROWS }, (_, i) => known[i % known.length] ?? `lead.${i}@prospects.example`),
  );
  const counts = tally(fakes);
  const start: BulkStart = {
    source: { kind: 'selection' },
    target: { kind: 'beside' },
    confirmedCost: true,
    confirmedOverwrite: false,
  };
  let view = fakes.runtime.callFromClient('startEnrichment', [start]) as JobView;
  let polls = 0;
  while (!(FINAL.includes(view.status) && view.rowsWritten >= view.total)) {
    if (polls > 500) throw new Error(`the enrichment did not finish: ${JSON.stringify(view)}`);
    await delay(2000);
    polls += 1;
    view = fakes.runtime.callFromClient('pollJob', [view.id]) as JobView;
  }
  return { rows: view.rowsWritten, polls, ...counts };
}

function formula(world: BundleWorld): Pick<QuotaResult, 'formulaFirst' | 'formulaRecalc'> {
  const fakes = world.load();
  const handles = world.handles.instagram.slice(0, FORMULA_HANDLES).map((handle) => [`@${handle}`]);
  const counts = tally(fakes);
  const run = () => fakes.runtime.call('INFLUENCER_REPORT', [handles, 'instagram'], 'custom-function');
  run();
  const formulaFirst = { ...counts };
  run();
  return {
    formulaFirst,
    formulaRecalc: {
      urlFetch: counts.urlFetch - formulaFirst.urlFetch,
      propertyReads: counts.propertyReads - formulaFirst.propertyReads,
    },
  };
}

const STATUS_READS = 10;

/**
 * The sidebar's minute read of the document's schedules and allowance (getDocumentStatus), in a
 * spreadsheet shared with the worker's service account: the first read with its proof of edit
 * access, then the reads of a sidebar left open.
 */
async function statusReads(): Promise<QuotaResult['status']> {
  const shared = await startSharedSheetBundle({ BUNDLE_HANDLES: '1', BUNDLE_EMAILS: '0' });
  try {
    const fakes = shared.world.load({ connected: false, session: { activeUserEmail: 'bo@team.com' } });
    shared.use(fakes);
    shared.emulator.share(fakes.spreadsheet.getId(), shared.account.clientEmail, 'writer');
    fakes.runtime.callFromClient('connect');
    const counts = tally(fakes);
    const read = () => {
      const status = fakes.runtime.callFromClient('getDocumentStatus');
      if (status === null) throw new Error('the document status read answered nothing: not connected');
    };
    read();
    const first = { ...counts };
    for (let i = 1; i < STATUS_READS; i += 1) read();
    return {
      reads: STATUS_READS,
      firstUrlFetch: first.urlFetch,
      laterUrlFetch: (counts.urlFetch - first.urlFetch) / (STATUS_READS - 1),
      propertyReads: counts.propertyReads / STATUS_READS,
    };
  } finally {
    await shared.close();
  }
}

export async function runQuotaBench(log: (line: string) => void): Promise<QuotaResult> {
  const world = await startBundleWorld({
    env: { BUNDLE_HANDLES: String(FORMULA_HANDLES), BUNDLE_EMAILS: '300' },
  });
  try {
    log('quota: enrichment of 10,000 rows, polled every 2 s ...');
    const enrichment = await enrich(world);
    log(`quota: ${JSON.stringify(enrichment)}`);
    const formulas = formula(world);
    log(`quota: formula ${JSON.stringify(formulas)}`);
    const status = await statusReads();
    log(`quota: sidebar status ${JSON.stringify(status)}`);
    return { enrichment, ...formulas, status };
  } finally {
    await world.close();
  }
}
