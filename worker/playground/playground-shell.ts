import type { HostStatus } from './apps-script-host';
import { PLAYGROUND_ROUTES } from './playground-api';

/**
 * The HTML of `/`: the page's script draws everything once loaded. Until the script is built the
 * page says what is going on and reloads itself, so `npm start` then opening the address works
 * whatever the order.
 */
export function renderShell(status: Pick<HostStatus, 'pageReady' | 'phase' | 'message'>): string {
  const waiting = !status.pageReady;
  const note =
    status.phase === 'failed'
      ? status.message
      : waiting
        ? 'Building the add-on… this page reloads itself when it is ready.'
        : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    ${waiting && status.phase !== 'failed' ? '<meta http-equiv="refresh" content="2" />' : ''}
    <title>Creator Sheets playground</title>
    <link rel="stylesheet" href="${PLAYGROUND_ROUTES.styles}" />
  </head>
  <body>
    <div id="playground" class="playground">
      <p class="boot-note" role="status">${escapeHtml(note)}</p>
    </div>
    ${waiting ? '' : `<script src="${PLAYGROUND_ROUTES.script}"></script>`}
  </body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
