import type { ListDetail, MemberInput } from '../../bridge-contract/lists-api';
import { readColumnSource } from '../bulk/column-source-fields';
import { createElement } from '../ui/create-element';
import { failureText } from '../server-calls/error-text';
import { button, checkboxField, factList, selectField, textField, withId } from '../ui/form-fields';
import { setOpened, withOpenedList } from './lists-call';
import type { ListsPage } from './lists-page';
import { checkFacts } from './lists-text';

export interface ListsMembersChange {
  elements: readonly Node[];
  /** Forgets the last check or change, for another list. */
  clear(): void;
  /** Says which ids this list's platform takes. */
  showHint(text: string): void;
}

function cellsFields() {
  const source = withId(
    selectField('Ids from', [
      { value: 'selection', label: 'The selected cells' },
      { value: 'column', label: 'A column of a tab' },
    ]),
    'lists-add-source',
  );
  const sheetName = withId(textField({ label: 'Tab', placeholder: 'Sheet1' }), 'lists-add-sheet');
  const column = withId(
    textField({ label: 'Column', placeholder: 'B', hint: 'A letter, e.g. B.' }),
    'lists-add-column',
  );
  const firstRow = withId(
    textField({ label: 'First row', value: '2', inputMode: 'numeric', hint: 'Row 1 is usually the header.' }),
    'lists-add-first-row',
  );
  const skipInvalid = withId(
    checkboxField(
      'Skip cells that are not user ids',
      false,
      'Otherwise a column with handles or typos is refused, naming the cells, and nothing changes.',
    ),
    'lists-add-skip-invalid',
  );
  return { source, sheetName, column, firstRow, skipInvalid };
}

function actionButtons() {
  const make = (label: string, id: string, primary = false): HTMLButtonElement => {
    const made = button(label, { primary });
    made.id = id;
    return made;
  };
  return {
    check: make('Check the cells', 'lists-add-check'),
    add: make('Add to list (free)', 'lists-add', true),
    remove: make('Remove from list (free)', 'lists-remove'),
  };
}

/** Where a check or change says how it went, and the cells it reads. */
interface ChangeArea {
  result: HTMLElement;
  say(className: string, text: string, alert?: boolean): void;
  /** The cells to add or remove, or null after saying what is wrong with the choice of them. */
  member(): Extract<MemberInput, { kind: 'cells' }> | null;
}

function changeArea(f: ReturnType<typeof cellsFields>): ChangeArea {
  const result = createElement('div', {
    class: 'estimate',
    id: 'lists-change-result',
    'aria-live': 'polite',
  });
  const say: ChangeArea['say'] = (className, text, alert = false) => {
    result.replaceChildren(
      createElement('p', { class: className, ...(alert ? { role: 'alert' } : {}) }, [text]),
    );
  };
  return {
    result,
    say,
    member() {
      const parsed = readColumnSource({
        kind: f.source.control.value === 'column' ? 'column' : 'selection',
        sheetName: f.sheetName.control.value,
        column: f.column.control.value,
        firstRow: f.firstRow.control.value,
      });
      if (!parsed.ok) {
        say('field-error', parsed.message, true);
        return null;
      }
      return { kind: 'cells', source: parsed.value, skipInvalid: f.skipInvalid.control.checked };
    },
  };
}

/** What a call on the cells says while it reads them, and the trigger while it runs. */
interface CellsCall {
  trigger: HTMLButtonElement;
  busyText: string;
  action: string;
  reading: string;
}

/**
 * A call on the opened list with the cells chosen: nothing while no list is open, the cells' own
 * problem said without a call, and the call's failure said under the buttons.
 */
function callWithCells(
  page: ListsPage,
  area: ChangeArea,
  call: CellsCall,
  task: (opened: ListDetail, input: Extract<MemberInput, { kind: 'cells' }>) => Promise<void>,
): void {
  if (page.opened === null) return;
  const input = area.member();
  if (input === null) return;
  const fail = (action: string, error: unknown) => area.say('field-error', failureText(action, error), true);
  withOpenedList(page, { ...call, fail }, async (opened) => {
    area.say('hint', call.reading);
    await task(opened, input);
  });
}

/** Adds or removes the ids in the cells, then reads the list again (free) to show its members. */
function sendChange(
  page: ListsPage,
  area: ChangeArea,
  kind: 'add' | 'remove',
  trigger: HTMLButtonElement,
): void {
  const adding = kind === 'add';
  const call = {
    trigger,
    busyText: adding ? 'Adding…' : 'Removing…',
    action: adding ? 'add the members' : 'remove the members',
    reading: 'Reading the cells and sending the ids…',
  };
  callWithCells(page, area, call, async (opened, input) => {
    const server = page.context.server;
    const done = adding
      ? await server.addAiListMembers(opened.list.id, input)
      : await server.removeAiListMembers(opened.list.id, input);
    area.say('ok', done.message);
    page.context.status.success(done.message);
    // The members shown change with the list: read them again (free).
    setOpened(page, await server.openAiList(opened.list.id));
    page.showDetail();
  });
}

/** Says how many of the cells hold user ids of the platform, changing nothing. */
function checkCells(page: ListsPage, area: ChangeArea, trigger: HTMLButtonElement): void {
  const call = { trigger, busyText: 'Checking…', action: 'check the cells', reading: 'Reading the cells…' };
  callWithCells(page, area, call, async (opened, input) => {
    const checked = await page.context.server.checkAiListMembers(opened.list.id, input.source);
    area.result.replaceChildren(factList(checkFacts(checked)), createElement('p', {}, [checked.summary]));
  });
}

/** "Add or remove members": user ids from the selection or a column; a free check first if wanted. */
export function createListsMembersChange(page: ListsPage): ListsMembersChange {
  const f = cellsFields();
  const { check, add, remove } = actionButtons();
  const idHint = createElement('p', { class: 'hint' });
  const columnBox = createElement('div', { class: 'subform', hidden: '' }, [
    f.sheetName.wrapper,
    f.column.wrapper,
    f.firstRow.wrapper,
  ]);
  const area = changeArea(f);
  f.source.control.addEventListener('change', () => {
    columnBox.hidden = f.source.control.value !== 'column';
    area.result.replaceChildren();
  });
  check.addEventListener('click', () => checkCells(page, area, check));
  add.addEventListener('click', () => sendChange(page, area, 'add', add));
  remove.addEventListener('click', () => sendChange(page, area, 'remove', remove));

  return {
    elements: [
      createElement('h4', {}, ['Add or remove members']),
      idHint,
      f.source.wrapper,
      columnBox,
      f.skipInvalid.wrapper,
      createElement('div', { class: 'actions' }, [check, add, remove]),
      area.result,
    ],
    clear: () => area.result.replaceChildren(),
    showHint(text) {
      idHint.textContent = text;
    },
  };
}
