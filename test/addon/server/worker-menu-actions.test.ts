import { onInstall, onOpen } from '../../../addon/server/menu';
import { enrichSelectedColumn, reportsForSelectedColumn } from '../../../addon/server/worker-menu-actions';
import { showSidebar } from '../../../addon/server/sidebar';
import { FakeHtmlOutput } from '../../../worker/playground/apps-script/services/html-service';
import { installServerGlobals, type ServerGlobals } from './server-globals';

let env: ServerGlobals;
beforeEach(() => {
  env = installServerGlobals();
  // The real HtmlService fake reads Sidebar.html from a built project; the section is what matters here.
  (globalThis as unknown as { HtmlService: unknown }).HtmlService = {
    createTemplateFromFile: () => {
      const template: Record<string, unknown> = {};
      template.evaluate = () => new FakeHtmlOutput(`<body data-section="${String(template.section)}">`);
      return template;
    },
  };
});
afterEach(() => env.restore());

function openedSections(): string[] {
  return env.fakes.ui.sidebars.map((sidebar) => /data-section="([^"]*)"/.exec(sidebar.content)?.[1] ?? '');
}

describe('menu', () => {
  it('builds the menu only, and onInstall builds the same one', () => {
    env.fakes.runtime.run('auth-none', () => onOpen());
    const [first] = env.fakes.ui.menus;
    onInstall();
    const [second] = env.fakes.ui.menus;
    expect(second).toEqual(first);
    expect(first.addon).toBe(true);
    expect(first.items.filter((item) => item !== 'separator').map((item) => item.functionName)).toEqual([
      'showSidebar',
      'enrichSelectedColumn',
      'reportsForSelectedColumn',
      'refreshFormulas',
      'showSettings',
    ]);
  });

  it('opens the sidebar at the section of the item, where it reads the selection', () => {
    enrichSelectedColumn();
    reportsForSelectedColumn();
    showSidebar();
    env.connect();
    showSidebar();
    expect(openedSections()).toEqual(['enrich', 'reports', 'settings', 'enrich']);
  });
});
