import {
  type BulkFlowState,
  type BulkStartCheck,
  estimated,
  forInput,
  INITIAL_BULK_FLOW,
  inputKey,
  occupiedBeside,
  startBlocker,
  tabTargetProblem,
} from '../../../../addon/sidebar/bulk/bulk-flow-state';
import type { BulkEstimate } from '../../../../addon/bridge-contract/sidebar-api';

const HANDLES = { singular: 'handle', plural: 'handles' };
const COLUMN_B = inputKey({ kind: 'column', sheetName: 'Creators', column: 'B', firstRow: 2 }, null, {
  platform: 'instagram',
  fields: [],
});

/** The flow as Start judges it: with the consent the costed run holds, none unless said. */
function judged(state: BulkFlowState, confirmedCost = false): BulkStartCheck {
  return { ...state, confirmedCost };
}

function estimate(change: Partial<BulkEstimate> = {}): BulkEstimate {
  return {
    rows: 50,
    blanks: 0,
    invalid: 0,
    unique: 50,
    maxCredits: 50,
    needsConfirmation: true,
    summary: '',
    ...change,
  };
}

describe('the Check -> confirm -> Start rules', () => {
  it('asks for a check first', () => {
    expect(startBlocker(judged(INITIAL_BULK_FLOW), COLUMN_B, HANDLES, 'beside')).toBe(
      'Press Check first: it counts the rows and shows the most it can cost.',
    );
  });

  it('asks for the consent the estimate calls for, then lets Start run', () => {
    const checked = estimated(COLUMN_B, estimate());
    expect(startBlocker(judged(checked), COLUMN_B, HANDLES, 'beside')).toBe(
      'Tick the box to accept the cost, then press Start.',
    );
    expect(startBlocker(judged(checked, true), COLUMN_B, HANDLES, 'beside')).toBeNull();
  });

  it('needs no consent for an estimate below the threshold', () => {
    expect(
      startBlocker(
        judged(estimated(COLUMN_B, estimate({ needsConfirmation: false, maxCredits: 1 }))),
        COLUMN_B,
        HANDLES,
        'beside',
      ),
    ).toBeNull();
  });

  it('refuses an estimate made for another input: another column, options or selection', () => {
    const checked = judged(estimated(COLUMN_B, estimate()), true);
    const otherPlatform = inputKey(
      { kind: 'column', sheetName: 'Creators', column: 'B', firstRow: 2 },
      null,
      {
        platform: 'tiktok',
        fields: [],
      },
    );
    expect(startBlocker(checked, otherPlatform, HANDLES, 'beside')).toBe(
      'The input changed since the check: press Check again.',
    );
    const selection = inputKey({ kind: 'selection' }, 'Creators!B2:B51', null);
    const moved = inputKey({ kind: 'selection' }, 'Creators!B2:B80', null);
    expect(startBlocker(judged(estimated(selection, estimate()), true), moved, HANDLES, 'beside')).toContain(
      'press Check again',
    );
  });

  it('does not start when nothing would be looked up', () => {
    const empty = estimated(
      COLUMN_B,
      estimate({ rows: 4, invalid: 4, unique: 0, maxCredits: 0, needsConfirmation: false }),
    );
    expect(startBlocker(judged(empty), COLUMN_B, HANDLES, 'beside')).toBe(
      'None of the 4 rows holds a valid handle: check the column.',
    );
  });

  it('asks before writing beside the input over cells that hold data, not when writing to a new tab', () => {
    const occupied = estimate({
      needsConfirmation: false,
      besideOccupied: 37,
      besideRange: 'Creators!C1:H51',
    });
    expect(occupiedBeside(occupied)).toEqual({ cells: 37, range: 'Creators!C1:H51' });
    const checked = judged(estimated(COLUMN_B, occupied));
    expect(startBlocker(checked, COLUMN_B, HANDLES, 'beside')).toBe(
      'Tick the box to write over the cells that hold data, or choose "In another tab".',
    );
    expect(startBlocker({ ...checked, confirmedOverwrite: true }, COLUMN_B, HANDLES, 'beside')).toBeNull();
    expect(startBlocker(checked, COLUMN_B, HANDLES, 'newTab')).toBeNull();
  });

  it('starts beside the input without asking when the area there is empty or not reported', () => {
    expect(occupiedBeside(estimate({ besideOccupied: 0 }))).toBeNull();
    expect(occupiedBeside(estimate())).toBeNull();
    const checked = judged(estimated(COLUMN_B, estimate({ besideOccupied: 0 })), true);
    expect(startBlocker(checked, COLUMN_B, HANDLES, 'beside')).toBeNull();
  });

  it('forgets consent and any overwrite question with a new estimate', () => {
    const state = estimated(COLUMN_B, estimate());
    expect(state).toEqual({
      checked: { key: COLUMN_B, estimate: estimate() },
      confirmedOverwrite: false,
      overwriteQuestion: null,
    });
  });

  it('drops the figures of a check, its overwrite warning and question, once the input changes', () => {
    const before = inputKey({ kind: 'selection' }, 'Leads!A1:A21', null);
    const after = inputKey({ kind: 'selection' }, 'Sheet7!C5:C9', null);
    const checked: BulkFlowState = {
      ...estimated(before, estimate({ besideOccupied: 37, besideRange: 'Leads!B1:J21' })),
      confirmedOverwrite: true,
      overwriteQuestion: 'Overwrite?',
    };
    expect(forInput(checked, after)).toEqual(INITIAL_BULK_FLOW);
    // Fields that are no input (a column letter being typed) have no figures either.
    expect(forInput(checked, null)).toEqual(INITIAL_BULK_FLOW);
  });

  it('keeps the check while the input is the same (the same selection read again)', () => {
    const key = inputKey({ kind: 'selection' }, 'Leads!A1:A21', null);
    const checked = estimated(key, estimate());
    expect(forInput(checked, key)).toBe(checked);
    expect(forInput(INITIAL_BULK_FLOW, key)).toBe(INITIAL_BULK_FLOW);
  });
});

describe('tabTargetProblem: the "Write into" choice against the input', () => {
  const EMAILS = { singular: 'e-mail address', plural: 'e-mail addresses' };

  it("refuses to replace or add to the input's own tab, named or meant by a blank name, in any case", () => {
    expect(
      tabTargetProblem(
        { kind: 'newTab', name: 'leads ', mode: 'replace' },
        'Leads',
        'E-mail enrichment',
        EMAILS,
      ),
    ).toBe(
      'The e-mail addresses are read from "Leads": replacing it would delete them. Name another tab, or write into a new tab each run.',
    );
    expect(tabTargetProblem({ kind: 'newTab', mode: 'append' }, 'Reports', 'Reports', HANDLES)).toBe(
      'The handles are read from "Reports": the results would mix with them. Name another tab, or write into a new tab each run.',
    );
  });

  it('lets a new tab each run, another tab, beside, or an unknown input tab through', () => {
    expect(tabTargetProblem({ kind: 'newTab', name: 'Leads' }, 'Leads', 'Reports', HANDLES)).toBeNull();
    expect(
      tabTargetProblem({ kind: 'newTab', name: 'Leads', mode: 'new' }, 'Leads', 'Reports', HANDLES),
    ).toBeNull();
    expect(
      tabTargetProblem({ kind: 'newTab', name: 'Enriched', mode: 'replace' }, 'Leads', 'Reports', HANDLES),
    ).toBeNull();
    expect(tabTargetProblem({ kind: 'beside' }, 'Leads', 'Reports', HANDLES)).toBeNull();
    expect(
      tabTargetProblem({ kind: 'newTab', name: 'Leads', mode: 'append' }, null, 'Reports', HANDLES),
    ).toBeNull();
  });
});
