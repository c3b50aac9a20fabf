import path from 'node:path';
import {
  createAppsScriptFakes,
  type AppsScriptFakes,
} from '../../../worker/playground/apps-script/create-fakes';
import { loadBundle } from '../../../worker/playground/apps-script/load-bundle';
import { PlaygroundSession } from '../../../worker/playground/playground-session';
import { writeTinyProject, type TinyProject } from './tiny-project';

/** The playground's spreadsheet as one person uses it, over the fakes with a small script loaded. */

let project: TinyProject;
let fakes: AppsScriptFakes;
let session: PlaygroundSession;

beforeAll(() => {
  project = writeTinyProject();
});
afterAll(() => project.remove());

beforeEach(() => {
  fakes = createAppsScriptFakes({ spreadsheet: { sheets: ['Leads', 'Notes'] } });
  loadBundle(path.join(project.dir, 'Code.js'), fakes);
  fakes.evaluateFormulas();
  fakes.runtime.call('onOpen', [], 'auth-none');
  session = new PlaygroundSession(fakes);
});
afterEach(() => fakes.dispose());

describe('PlaygroundSession', () => {
  it('runs a sidebar call with plain values, and gives back what the function threw as an answer', () => {
    expect(session.run('readOnly', [])).toEqual({ ok: true, value: { sheets: 2 } });
    expect(session.run('refuse', ['no budget'])).toEqual({
      ok: false,
      error: { name: 'Error', message: 'Refused: no budget' },
    });
    expect(session.run('nowhere', [])).toMatchObject({
      ok: false,
      error: { message: 'Script function not found: nowhere' },
    });
  });

  it('counts a new version when a call writes to the spreadsheet, not when it only reads', () => {
    const start = session.snapshot().snapshot.version;
    session.run('readOnly', []);
    expect(session.snapshot().snapshot.version).toBe(start);

    session.select({ sheet: 'Leads', range: 'B3' });
    session.run('writeToSelection', ['from the script']);

    expect(session.snapshot().snapshot.version).toBe(start + 1);
    expect(session.window('Leads', { row: 3, column: 2, rows: 1, columns: 1 }).cells).toEqual([
      [{ v: 'from the script' }],
    ]);
  });

  it('follows the selection and the active tab the script sees', () => {
    session.select({ sheet: 'Notes', range: 'A:A' });
    expect(session.snapshot().snapshot).toMatchObject({ activeSheet: 'Notes', selection: 'A:A' });
    expect(session.run('writeToSelection', ['x'])).toEqual({ ok: true, value: 'Notes!A:A' });

    session.select({ sheet: 'Leads', range: null });
    expect(session.snapshot().snapshot).toMatchObject({ activeSheet: 'Leads', selection: 'A1' });
    expect(() => session.select({ sheet: 'Missing', range: null })).toThrow('No sheet "Missing"');
  });

  it('shows toasts once, and a menu item that throws as a script error', () => {
    session.menu({ menu: 'Creator Sheets', item: 'Say hello' });
    const first = session.snapshot().snapshot.notices;
    expect(first).toEqual([
      { id: 1, kind: 'toast', title: 'Tiny', message: 'Hello from the script', timeoutSeconds: 3 },
    ]);

    session.menu({ menu: 'Creator Sheets', item: 'Break' });
    const second = session.snapshot().snapshot.notices;
    expect(second).toHaveLength(2);
    expect(second[1]).toMatchObject({
      id: 2,
      kind: 'alert',
      title: 'Script error',
      message: 'Broken on purpose',
    });
  });

  it('hands over the page of a sidebar the script opened, once', () => {
    expect(session.snapshot().sidebar).toBeUndefined();
    session.menu({ menu: 'Creator Sheets', item: 'Open sidebar' });

    const { snapshot, sidebar } = session.snapshot();
    expect(sidebar).toMatchObject({ id: 1, title: 'Tiny', html: expect.stringContaining('Tiny sidebar') });
    expect(snapshot.sidebar).toEqual({ id: 1, title: 'Tiny' });
    expect(session.snapshot().sidebar).toBeUndefined();
  });

  it('lists the menus and tabs, with a new tab active after the "+"', () => {
    session.addSheet();
    const { snapshot } = session.snapshot();
    expect(snapshot.sheets.map((sheet) => sheet.name)).toEqual(['Leads', 'Notes', 'Sheet3']);
    expect(snapshot.activeSheet).toBe('Sheet3');
    expect(snapshot.menus).toEqual([
      {
        caption: 'Creator Sheets',
        addon: true,
        items: [
          { caption: 'Open sidebar', functionName: 'showSidebar' },
          { caption: 'Say hello', functionName: 'sayHello' },
          'separator',
          { caption: 'Break', functionName: 'breakDown' },
        ],
      },
    ]);
  });

  it('evaluates typed formulas through the script, again when the cells they read change', () => {
    session.edit({ sheet: 'Leads', row: 1, column: 1, values: [['2'], ['5']] });
    session.edit({ sheet: 'Leads', row: 1, column: 3, values: [['=DOUBLE(A1:A2)']] });
    expect(session.window('Leads', { row: 1, column: 3, rows: 2, columns: 1 }).cells).toEqual([
      [{ v: '4', f: '=DOUBLE(A1:A2)', n: true }],
      [{ v: '10', n: true }],
    ]);

    session.edit({ sheet: 'Leads', row: 2, column: 1, values: [['21']] });

    expect(session.window('Leads', { row: 2, column: 3, rows: 1, columns: 1 }).cells).toEqual([
      [{ v: '42', n: true }],
    ]);
  });

  it('says which formulas failed and why, for the cells still showing #ERROR!', () => {
    session.edit({ sheet: 'Leads', row: 1, column: 1, values: [['=DOUBLE(1, 2)', '=refuse("x")']] });
    const cells = session.window('Leads', { row: 1, column: 1, rows: 1, columns: 2 }).cells[0];
    expect(cells[1]?.v).toBe('#ERROR!');
    expect(session.snapshot().snapshot.formulaErrors).toEqual({
      'Leads!B1': expect.stringContaining('Refused: x'),
    });

    session.clear({ sheet: 'Leads', range: 'B1' });
    expect(session.snapshot().snapshot.formulaErrors).toEqual({});
  });

  it('takes a whole pasted column with formulas it cannot work out, each keeping its text and saying why', () => {
    const column = ['2', '=1+1', '=double(A1)', '=DOUBLE(A1; 3)', '=SUM(A1:A2)', 'last'];
    session.edit({ sheet: 'Leads', row: 1, column: 1, values: column.map((text) => [text]) });
    const shown = session
      .window('Leads', { row: 1, column: 1, rows: 6, columns: 1 })
      .cells.map((line) => line[0]?.v);
    expect(shown).toEqual(['2', '=1+1', '4', '4', '#NAME?', 'last']);
    expect(session.snapshot().snapshot.formulaErrors).toEqual({
      'Leads!A2': expect.stringContaining('Google Sheets would calculate =1+1'),
      'Leads!A5': expect.stringContaining("Unknown function: 'SUM'"),
    });
  });
});
