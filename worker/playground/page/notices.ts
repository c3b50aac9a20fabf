import type { NoticeInfo } from '../playground-api';
import { h } from './element';

/** Spreadsheet.toast's default, used when a toast asks for no timeout or a negative one. */
const DEFAULT_TOAST_SECONDS = 5;

/**
 * What the script shows besides the sidebar: toasts in the corner (they go after their timeout or
 * on Close), alerts in a dialog. An alert is shown after the fact: the script already went on
 * with the fakes' answer (OK), since a script waiting for a click cannot be paused here.
 */
export class Notices {
  readonly element: HTMLElement;
  readonly dialog: HTMLDialogElement;
  private readonly toasts: HTMLElement;
  private readonly alertTitle: HTMLElement;
  private readonly alertText: HTMLElement;
  private readonly alertQueue: NoticeInfo[] = [];
  private lastSeen = 0;
  private started = false;

  constructor() {
    this.toasts = h('div', { class: 'toasts', role: 'status', 'aria-live': 'polite' });
    this.alertTitle = h('h2', { id: 'alert-title' });
    this.alertText = h('p', { id: 'alert-text', class: 'alert-text' });
    const ok = h('button', { type: 'submit', class: 'primary' }, ['OK']);
    this.dialog = h(
      'dialog',
      { class: 'alert-dialog', 'aria-labelledby': 'alert-title', 'aria-describedby': 'alert-text' },
      [
        h('form', { method: 'dialog' }, [
          this.alertTitle,
          this.alertText,
          h('div', { class: 'dialog-actions' }, [ok]),
        ]),
      ],
    );
    this.dialog.addEventListener('close', () => this.nextAlert());
    this.element = this.toasts;
  }

  /** Shows the notices not shown yet; those already there when the page opened stay quiet. */
  show(notices: readonly NoticeInfo[]): void {
    const fresh = notices.filter((notice) => notice.id > this.lastSeen);
    if (notices.length > 0) this.lastSeen = Math.max(this.lastSeen, ...notices.map((notice) => notice.id));
    if (!this.started) {
      this.started = true;
      return;
    }
    for (const notice of fresh) {
      if (notice.kind === 'toast') this.toast(notice.title, notice.message, notice.timeoutSeconds);
      else this.alertQueue.push(notice);
    }
    if (!this.dialog.open) this.nextAlert();
  }

  /** A toast of the page's own (errors, for one). */
  toast(
    title: string,
    message: string,
    timeoutSeconds = DEFAULT_TOAST_SECONDS,
    tone: 'info' | 'error' = 'info',
  ): void {
    const close = h('button', { type: 'button', class: 'toast-close', 'aria-label': 'Close' }, ['×']);
    const element = h('div', { class: `toast ${tone}`, role: tone === 'error' ? 'alert' : 'none' }, [
      h('div', {}, [...(title === '' ? [] : [h('strong', {}, [title])]), h('p', {}, [message])]),
      close,
    ]);
    close.addEventListener('click', () => element.remove());
    this.toasts.append(element);
    const seconds = timeoutSeconds > 0 ? timeoutSeconds : DEFAULT_TOAST_SECONDS;
    setTimeout(() => element.remove(), seconds * 1000);
  }

  private nextAlert(): void {
    const next = this.alertQueue.shift();
    if (next === undefined) return;
    this.alertTitle.textContent = next.title === '' ? 'Creator Sheets' : next.title;
    this.alertText.textContent = next.message;
    this.dialog.showModal();
  }
}
