import { createElement } from './create-element';

export interface StatusAction {
  label: string;
  run(): void;
}

/**
 * A message line: the shell's under the tabs, and each section's beside its controls
 * (section-messages.ts). Outcomes are announced politely and fade after a while; errors are
 * announced at once (role=alert) and stay until closed or replaced, since they say what to do next.
 */
export interface StatusArea {
  info(text: string, action?: StatusAction): void;
  success(text: string, action?: StatusAction): void;
  error(text: string, action?: StatusAction): void;
  clear(): void;
}

const FADE_AFTER_MS = 8000;

export function createStatusArea(container: HTMLElement): StatusArea {
  container.setAttribute('aria-live', 'polite');
  let fadeTimer: ReturnType<typeof setTimeout> | null = null;

  const show = (tone: 'info' | 'success' | 'error', text: string, action?: StatusAction): void => {
    if (fadeTimer !== null) clearTimeout(fadeTimer);
    fadeTimer = null;
    const close = createElement('button', { type: 'button', class: 'close', 'aria-label': 'Close message' }, [
      '×',
    ]);
    close.addEventListener('click', () => container.replaceChildren());
    const parts: Node[] = [createElement('span', { class: 'text' }, [text])];
    if (action !== undefined) {
      const actionButton = createElement('button', { type: 'button', class: 'button small' }, [action.label]);
      actionButton.addEventListener('click', () => {
        container.replaceChildren();
        action.run();
      });
      parts.push(actionButton);
    }
    parts.push(close);
    const attributes: Record<string, string> = { class: `toast ${tone}` };
    if (tone === 'error') attributes.role = 'alert';
    container.replaceChildren(createElement('div', attributes, parts));
    if (tone !== 'error') fadeTimer = setTimeout(() => container.replaceChildren(), FADE_AFTER_MS);
  };

  return {
    info: (text, action) => show('info', text, action),
    success: (text, action) => show('success', text, action),
    error: (text, action) => show('error', text, action),
    clear: () => container.replaceChildren(),
  };
}
