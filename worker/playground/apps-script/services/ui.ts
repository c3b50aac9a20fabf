import { FakeHtmlOutput } from './html-service';
import type { FakeRuntime } from '../runtime/runtime';

type RecordedMenuItem = { caption: string; functionName: string } | 'separator';

interface RecordedMenu {
  caption: string;
  /** createAddonMenu: lives under Extensions and is named after the add-on. */
  addon: boolean;
  items: RecordedMenuItem[];
}

interface RecordedAlert {
  title: string;
  prompt: string;
  buttons: string;
}

interface RecordedSidebar {
  title: string;
  content: string;
}

const BUTTON_SETS = {
  OK: 'OK',
  OK_CANCEL: 'OK_CANCEL',
  YES_NO: 'YES_NO',
  YES_NO_CANCEL: 'YES_NO_CANCEL',
} as const;
const BUTTONS = { CLOSE: 'CLOSE', OK: 'OK', CANCEL: 'CANCEL', YES: 'YES', NO: 'NO' } as const;

/** SpreadsheetApp.getUi(): records the menus, alerts and sidebars a user would see. */
export class FakeUi {
  readonly ButtonSet = BUTTON_SETS;
  readonly Button = BUTTONS;
  readonly menus: RecordedMenu[] = [];
  readonly alerts: RecordedAlert[] = [];
  readonly sidebars: RecordedSidebar[] = [];
  /** What the user answers to the next alerts (OK by default). */
  alertAnswer: keyof typeof BUTTONS = 'OK';

  constructor(
    readonly runtime: FakeRuntime,
    /** The add-on's name in the store: the caption of its menu under Extensions. */
    readonly addonName: string,
  ) {}

  createMenu(caption: string): FakeMenu {
    requireString(caption, 'caption');
    return new FakeMenu(this, caption, false);
  }

  createAddonMenu(): FakeMenu {
    return new FakeMenu(this, this.addonName, true);
  }

  alert(...args: unknown[]): string {
    this.runtime.enter('Ui.alert', ['auth-none', 'custom-function']);
    const [title, prompt, buttons] =
      args.length === 3 ? args : args.length === 2 ? ['', args[0], args[1]] : ['', args[0], BUTTON_SETS.OK];
    requireString(title, 'title');
    requireString(prompt, 'prompt');
    if (!Object.values(BUTTON_SETS).includes(buttons as never)) throw new Error('Invalid argument: buttons');
    this.alerts.push({ title, prompt, buttons: String(buttons) });
    return this.alertAnswer;
  }

  showSidebar(userInterface: unknown): void {
    this.runtime.enter('Ui.showSidebar', ['auth-none', 'custom-function']);
    if (!(userInterface instanceof FakeHtmlOutput)) throw new Error('Invalid argument: userInterface');
    this.sidebars.push({ title: userInterface.getTitle(), content: userInterface.getContent() });
  }

  /** The menu with that caption, as last added to the UI. */
  menu(caption: string): RecordedMenu {
    const found = this.menus.find((menu) => menu.caption === caption);
    if (found === undefined)
      throw new Error(
        `No menu "${caption}" in the UI; menus: ${this.menus.map((m) => m.caption).join(', ')}`,
      );
    return found;
  }

  /** What a click on a menu item does: Apps Script calls the item's function by name, fully authorized. */
  click(menuCaption: string, itemCaption: string): unknown {
    const item = this.menu(menuCaption).items.find(
      (entry) => entry !== 'separator' && entry.caption === itemCaption,
    );
    if (item === undefined || item === 'separator')
      throw new Error(`No item "${itemCaption}" in menu "${menuCaption}"`);
    return this.runtime.call(item.functionName);
  }

  /** Called by FakeMenu.addToUi: the same caption replaces the earlier menu, as in Sheets. */
  addMenu(menu: RecordedMenu): void {
    const index = this.menus.findIndex((existing) => existing.caption === menu.caption);
    if (index === -1) this.menus.push(menu);
    else this.menus[index] = menu;
  }
}

class FakeMenu {
  private readonly items: RecordedMenuItem[] = [];

  constructor(
    private readonly ui: FakeUi,
    private readonly caption: string,
    private readonly addon: boolean,
  ) {}

  /** functionName is a string naming a top-level function, never a function value. */
  addItem(caption: string, functionName: string): FakeMenu {
    requireString(caption, 'caption');
    requireString(functionName, 'functionName');
    this.items.push({ caption, functionName });
    return this;
  }

  addSeparator(): FakeMenu {
    this.items.push('separator');
    return this;
  }

  addToUi(): void {
    // Sheets would only fail on click ("Script function not found"); the fake fails at once.
    if (this.ui.runtime.attached) {
      for (const item of this.items) {
        if (item !== 'separator' && this.ui.runtime.globalFunction(item.functionName) === undefined) {
          throw new Error(
            `Menu item "${item.caption}" calls "${item.functionName}", which is not a top-level function of the script`,
          );
        }
      }
    }
    this.ui.addMenu({ caption: this.caption, addon: this.addon, items: [...this.items] });
  }
}

function requireString(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string')
    throw new Error(`Invalid argument: ${name} must be a string, got ${typeof value}`);
}
