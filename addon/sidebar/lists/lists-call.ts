import type { ListDetail } from '../../bridge-contract/lists-api';
import type { ListsPage } from './lists-page';

/**
 * One server call of the Lists section, the way every panel makes it: every button of the section
 * off while it runs, the trigger saying what it does, and a failure said as a sentence. Panels keep
 * what differs: the call itself and how they redraw after it.
 */
export interface ListsCall {
  trigger: HTMLButtonElement;
  /** The trigger's text while the call runs: "Deleting…". */
  busyText: string;
  /** What the call does, for the sentence a failure shows: "delete the list". */
  action: string;
  /** Where a failure is said: the sidebar's status line unless said. */
  fail?(action: string, error: unknown): void;
}

export function runListsCall(page: ListsPage, call: ListsCall, task: () => Promise<void>): void {
  const fail = call.fail ?? ((action: string, error: unknown) => page.context.fail(action, error));
  void page.busy(
    async () => {
      try {
        await task();
      } catch (error) {
        fail(call.action, error);
      }
    },
    call.trigger,
    call.busyText,
  );
}

/** A call on the list opened, as it was when the user asked; nothing happens while none is open. */
export function withOpenedList(
  page: ListsPage,
  call: ListsCall,
  task: (opened: ListDetail) => Promise<void>,
): void {
  const opened = page.opened;
  if (opened === null) return;
  runListsCall(page, call, () => task(opened));
}

/** Makes `detail` the list opened, and keeps the list of lists in step with it. */
export function setOpened(page: ListsPage, detail: ListDetail): void {
  page.opened = detail;
  page.noteList(detail.list);
}
