import type { ServerBridge } from './bridge';
import { createElement } from './create-element';

const CONNECT_EXPLANATION =
  'The Discovery API token stays on the worker, never in this spreadsheet. Connecting signs you in ' +
  'to the worker with your Google account; the worker answers with a personal key, kept in your user ' +
  'properties, that your formulas send with each request. The Connect button arrives with worker ' +
  'support in the next release.';

/** Settings: the worker this build talks to, whether this user is connected, and what Connect does. */
export async function renderSettingsSection(container: HTMLElement, server: ServerBridge): Promise<void> {
  const status = createElement('p', { class: 'status', role: 'status' }, ['Reading settings…']);
  container.replaceChildren(createElement('h2', {}, ['Settings']), status);
  try {
    const settings = await server.getSettings();
    status.replaceWith(
      createElement('dl', { class: 'facts' }, [
        createElement('dt', {}, ['Worker']),
        createElement('dd', {}, [createElement('code', { id: 'worker-url' }, [settings.workerUrl])]),
        createElement('dt', {}, ['Status']),
        createElement('dd', { id: 'connection-status' }, [
          settings.connected ? 'Connected' : 'Not connected',
        ]),
      ]),
      createElement('h3', {}, ['Connect']),
      createElement('p', {}, [CONNECT_EXPLANATION]),
    );
  } catch (error) {
    status.className = 'status error';
    status.textContent = `Could not read the settings: ${error instanceof Error ? error.message : String(error)}`;
  }
}
