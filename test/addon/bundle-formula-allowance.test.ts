import type {
  FormulaAllowanceView,
  FormulaApprovalView,
} from '../../addon/bridge-contract/formula-allowance-api';
import type { AppsScriptFakes } from '../../worker/playground/apps-script/create-fakes';
import { makeSigningKey, TEST_CLIENT_ID } from '../../worker/playground/fake-google';
import { upstreamCalls, useBundleWorld } from './bundle-world';

/**
 * Issue 13's formula allowance from the built bundle, a whole team in one spreadsheet: Olga owns
 * it, Bo connected its formulas (his budget pays), Cy edits. Sheets evaluates the formulas (the
 * fakes' evaluator); the real worker enforces FORMULA_ALLOWANCE_DAY=2 and the sandbox counts what
 * was paid for.
 */

const OWNER = 'olga@team.com';
const BO = 'bo@team.com';
const CY = 'cy@team.com';

const world = useBundleWorld({
  googleKeys: [makeSigningKey('bundle-allowance-key')],
  env: {
    GOOGLE_CLIENT_IDS: TEST_CLIENT_ID,
    ALLOWED_DOMAINS: 'team.com',
    FORMULA_ALLOWANCE_DAY: '2',
    BUNDLE_HANDLES: '12',
    BUNDLE_EMAILS: '0',
  },
});

function teamSheet(): AppsScriptFakes {
  const fakes = world.load({
    connected: false,
    session: { activeUserEmail: BO },
    properties: { ownerEmail: OWNER },
  });
  fakes.evaluateFormulas();
  return fakes;
}

describe('A formula past its document’s allowance', () => {
  it('fetches nothing new, says what it needs, and fills in once whoever pays approves it in Settings', async () => {
    const fakes = teamSheet();
    expect(fakes.runtime.callFromClient('connect')).toMatchObject({ formulas: { email: BO, byYou: true } });
    const handles = world.handles.instagram.slice(0, 7).map((handle) => `@${handle}`);
    const sheet = fakes.spreadsheet.insertSheet('Creators');
    sheet.getRange(1, 1, handles.length, 1).setValues(handles.map((handle) => [handle]));
    await world.resetStats();

    // Cy, an editor who never connected, types a formula over 7 new creators: 7 credits > 2.
    fakes.session.actAs(CY);
    sheet.getRange('C1').setFormula('=INFLUENCER_REPORT(A1:A7, "instagram", "followers", FALSE)');

    expect(fakes.evaluator.errors).toEqual([]);
    const waiting = sheet
      .getRange(1, 3, 7, 1)
      .getValues()
      .map(([cell]) => cell);
    for (const cell of waiting) expect(String(cell)).toMatch(/^Needs approval: up to 7 credits/);
    expect(upstreamCalls(await world.stats(), 'report')).toBe(0);

    // Cy connects for the sidebar: Bo's formulas stay Bo's, so Cy sees the ask but may not approve
    // what Bo's budget pays.
    expect(fakes.runtime.callFromClient('connect')).toMatchObject({ formulas: { email: BO, byYou: false } });
    const cyView = fakes.runtime.callFromClient('getFormulaAllowance') as FormulaAllowanceView;
    expect(cyView).toMatchObject({ connectedBy: BO, mayChange: false, perDay: 2, askedCredits: 7 });
    // The ask names the formula by its cell (issue 25), so whoever approves sees which one waits.
    expect(cyView.asks).toEqual([
      expect.objectContaining({
        operation: 'report',
        credits: 7,
        items: 7,
        source: { kind: 'formula', cell: 'Creators!C1' },
      }),
    ]);
    expect(() => fakes.runtime.callFromClient('approveFormulas', [7])).toThrow(`Only ${BO}`);
    expect(upstreamCalls(await world.stats(), 'report')).toBe(0);

    // Bo approves the 7 credits of that ask: the add-on's formulas recalculate at once and fill in.
    fakes.session.actAs(BO);
    const approved = fakes.runtime.callFromClient('approveFormulas', [
      7,
      [cyView.asks[0].key],
    ]) as FormulaApprovalView;
    expect(approved.refreshed).toBe(1);
    expect(approved.startedSchedules).toEqual([]);
    expect(approved.allowance).toMatchObject({ approvedToday: 7, asks: [] });
    const filled = sheet
      .getRange(1, 3, 7, 1)
      .getValues()
      .map(([cell]) => cell);
    expect(filled.every((cell) => typeof cell === 'number')).toBe(true);
    expect(upstreamCalls(await world.stats(), 'report')).toBe(7);

    // Another recalculation (Sheets does them when it likes) is free: nothing is bought twice.
    fakes.spreadsheetApp.recalculate();
    expect(upstreamCalls(await world.stats(), 'report')).toBe(7);
    const view = fakes.runtime.callFromClient('getFormulaAllowance') as FormulaAllowanceView;
    expect(view).toMatchObject({ spentToday: 7, left: 2 });
  });
});
