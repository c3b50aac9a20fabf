import { isSidebarSection, SIDEBAR_SECTIONS, type SidebarSection } from '../shared/sidebar-section';
import { createServerBridge, type ServerBridge } from './bridge';
import { createElement } from './create-element';
import { renderSettingsSection } from './settings-section';

interface Section {
  title: string;
  render(container: HTMLElement, server: ServerBridge): Promise<void>;
}

const SECTIONS: Record<SidebarSection, Section> = {
  settings: { title: 'Settings', render: renderSettingsSection },
};

function start(): void {
  const nav = document.getElementById('nav');
  const content = document.getElementById('content');
  if (nav === null || content === null) throw new Error('Sidebar.html lacks #nav or #content');
  const server = createServerBridge(google.script.run);

  const buttons = SIDEBAR_SECTIONS.map((id) =>
    createElement('button', { type: 'button', 'data-section': id }, [SECTIONS[id].title]),
  );
  const show = (id: SidebarSection): void => {
    for (const button of buttons) {
      button.setAttribute('aria-current', String(button.dataset.section === id));
    }
    void SECTIONS[id].render(content, server);
  };
  buttons.forEach((button, index) => button.addEventListener('click', () => show(SIDEBAR_SECTIONS[index])));
  nav.replaceChildren(...buttons);

  // The server sets data-section when it opens the page; opened any other way, start at the first.
  const requested = document.body.dataset.section;
  show(isSidebarSection(requested) ? requested : SIDEBAR_SECTIONS[0]);
}

start();
