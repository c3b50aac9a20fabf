import {
  createAppsScriptFakes,
  type AppsScriptFakes,
} from '../../../../../worker/playground/apps-script/create-fakes';

function withScript(scope: Record<string, unknown>): AppsScriptFakes {
  const fakes = createAppsScriptFakes({ addonName: 'My Add-on' });
  fakes.runtime.attach(scope, '/nonexistent');
  return fakes;
}

describe('FakeUi', () => {
  it('records an add-on menu under the add-on name, and a click calls the named global function', () => {
    const clicks: string[] = [];
    const fakes = withScript({ openThing: () => clicks.push('openThing') });
    const ui = fakes.spreadsheetApp.getUi();
    ui.createAddonMenu().addItem('Open', 'openThing').addSeparator().addToUi();

    expect(fakes.ui.menus).toEqual([
      {
        caption: 'My Add-on',
        addon: true,
        items: [{ caption: 'Open', functionName: 'openThing' }, 'separator'],
      },
    ]);
    fakes.ui.click('My Add-on', 'Open');
    expect(clicks).toEqual(['openThing']);
  });

  it('refuses a menu item whose function name is not a string or not a top-level function', () => {
    const fakes = withScript({ known: () => undefined, notAFunction: 42 });
    const ui = fakes.spreadsheetApp.getUi();
    expect(() => ui.createMenu('M').addItem('Run', (() => 1) as unknown as string)).toThrow(
      'functionName must be a string',
    );
    expect(() => ui.createMenu('M').addItem('Run', 'missing').addToUi()).toThrow(
      'Menu item "Run" calls "missing", which is not a top-level function of the script',
    );
    expect(() => ui.createMenu('M').addItem('Run', 'notAFunction').addToUi()).toThrow(
      'not a top-level function',
    );
    expect(fakes.ui.menus).toEqual([]);
  });

  it('replaces a menu added again under the same caption', () => {
    const fakes = withScript({ a: () => 1, b: () => 2 });
    const ui = fakes.spreadsheetApp.getUi();
    ui.createMenu('M').addItem('A', 'a').addToUi();
    ui.createMenu('M').addItem('B', 'b').addToUi();
    expect(fakes.ui.menus).toEqual([
      { caption: 'M', addon: false, items: [{ caption: 'B', functionName: 'b' }] },
    ]);
  });

  it('records alerts in their three forms', () => {
    const fakes = withScript({});
    const ui = fakes.spreadsheetApp.getUi();
    expect(ui.alert('Saved')).toBe('OK');
    ui.alert('Sure?', ui.ButtonSet.YES_NO);
    ui.alert('Title', 'Prompt', ui.ButtonSet.OK_CANCEL);
    expect(fakes.ui.alerts).toEqual([
      { title: '', prompt: 'Saved', buttons: 'OK' },
      { title: '', prompt: 'Sure?', buttons: 'YES_NO' },
      { title: 'Title', prompt: 'Prompt', buttons: 'OK_CANCEL' },
    ]);
  });

  it('shows only HtmlService output in a sidebar', () => {
    const fakes = withScript({});
    const ui = fakes.spreadsheetApp.getUi();
    ui.showSidebar(fakes.htmlService.createHtmlOutput('<p>x</p>').setTitle('Side'));
    expect(fakes.ui.sidebars).toEqual([{ title: 'Side', content: '<p>x</p>' }]);
    expect(() => ui.showSidebar('<p>x</p>')).toThrow('Invalid argument: userInterface');
  });

  it('is out of reach of a custom function, and allows only menus in AuthMode.NONE', () => {
    const fakes = withScript({ a: () => 1 });
    expect(() => fakes.runtime.run('custom-function', () => fakes.spreadsheetApp.getUi())).toThrow(
      'Cannot call SpreadsheetApp.getUi() from this context.',
    );
    fakes.runtime.run('auth-none', () => {
      const ui = fakes.spreadsheetApp.getUi();
      ui.createAddonMenu().addItem('A', 'a').addToUi();
      expect(() => ui.alert('Hello')).toThrow('You do not have permission to call Ui.alert');
      expect(() => ui.showSidebar(fakes.htmlService.createHtmlOutput(''))).toThrow('Ui.showSidebar');
    });
    expect(fakes.ui.menus).toHaveLength(1);
  });
});
