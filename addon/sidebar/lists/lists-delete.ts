import { countOf } from '../ui/count-text';
import { createElement } from '../ui/create-element';
import { button } from '../ui/form-fields';
import { withOpenedList } from './lists-call';
import type { ListsPage } from './lists-page';
import { deleteQuestion } from './lists-text';

export interface ListsDelete {
  elements: readonly Node[];
  /** Puts the question away (another list, or none, is shown). */
  hide(): void;
}

function deleteButtons() {
  const make = (label: string, id: string, primary = false): HTMLButtonElement => {
    const made = button(label, { primary });
    made.id = id;
    return made;
  };
  return {
    ask: make('Delete list…', 'lists-delete'),
    confirm: make('Delete for good', 'lists-delete-confirm', true),
    cancel: make('Keep the list', 'lists-delete-cancel'),
  };
}

/** "Delete": a question naming what goes, then the list is deleted for good. */
export function createListsDelete(page: ListsPage, afterDelete: () => void): ListsDelete {
  const { ask, confirm, cancel } = deleteButtons();
  const text = createElement('p', { id: 'lists-delete-text' });
  const question = createElement(
    'div',
    { class: 'question', id: 'lists-delete-question', role: 'alert', hidden: '' },
    [text, createElement('div', { class: 'actions' }, [confirm, cancel])],
  );

  ask.addEventListener('click', () => {
    if (page.opened === null) return;
    text.textContent = deleteQuestion(page.opened);
    question.hidden = false;
    cancel.focus();
  });
  cancel.addEventListener('click', () => {
    question.hidden = true;
    ask.focus();
  });
  confirm.addEventListener('click', () =>
    withOpenedList(
      page,
      { trigger: confirm, busyText: 'Deleting…', action: 'delete the list' },
      async (opened) => {
        await page.context.server.deleteAiList(opened.list.id);
        if (page.lists !== null) page.lists = page.lists.filter((list) => list.id !== opened.list.id);
        page.opened = null;
        page.showDetail();
        page.showLists();
        page.context.status.success(
          `Deleted "${opened.list.name}" and its ${countOf(opened.members, 'member')}.`,
        );
        afterDelete();
      },
    ),
  );

  return {
    elements: [
      createElement('h4', {}, ['Delete']),
      createElement('div', { class: 'actions' }, [ask]),
      question,
    ],
    hide() {
      question.hidden = true;
    },
  };
}
