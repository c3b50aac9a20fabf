import type {
  FormJson,
  FormMemory,
  SavedFormSection,
  SavedFormSummary,
} from '../../bridge-contract/saved-work-api';
import { whileBusy } from './busy';
import { createElement } from './create-element';
import { debounce } from '../server-calls/debounce';
import { errorMessage } from '../server-calls/error-text';
import { button, selectField, textField, withId } from './form-fields';
import type { SidebarContext } from '../sidebar-context';

/**
 * Saved forms of a section (issue 15): the document's forms saved under a name (every editor's:
 * load, overwrite, delete, save as), and this user's last form, kept once typing pauses and put
 * back when the section opens again. What each form holds, and how it is put back, is the
 * section's (`read` and `apply`); its messages appear here, beside the buttons that caused them.
 */

/** The last form is kept once edits pause this long: one call, not one per keystroke. */
const REMEMBER_DEBOUNCE_MS = 1500;

export interface SavedFormsOptions {
  section: SavedFormSection;
  /** "saved search", "saved searches". */
  noun: { one: string; many: string };
  /** Ids: `<idPrefix>-list`, `-load`, `-overwrite`, `-delete`, `-name`, `-save`, `-message`. */
  idPrefix: string;
  context: SidebarContext;
  /** The section's panel: an edit in it before the last form arrives keeps the edit. */
  root: HTMLElement;
  /** The form as kept (JSON-safe; the section leaves out what is too large, an uploaded image). */
  read(): unknown;
  /** Puts a kept form back into the section's fields. */
  apply(form: FormJson): void;
}

export interface SavedFormsPanel {
  element: HTMLElement;
  /** The form changed: kept as this user's last form once edits pause. */
  changed(): void;
}

/** A plain-JSON copy: what google.script.run carries and a property keeps (undefined dropped). */
export function toFormJson(value: unknown): FormJson {
  const copy: FormJson = JSON.parse(JSON.stringify(value ?? null));
  return copy;
}

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();
}

function controls(options: SavedFormsOptions) {
  const { idPrefix, noun } = options;
  const list = withId(
    selectField(noun.many.charAt(0).toUpperCase() + noun.many.slice(1), []),
    `${idPrefix}-list`,
  );
  const load = button('Load', { small: true });
  const overwrite = button('Overwrite', { small: true });
  const remove = button('Delete', { small: true });
  const name = withId(
    textField({ label: 'Save this form as', placeholder: 'Fitness creators, DE' }),
    `${idPrefix}-name`,
  );
  const save = button('Save', { small: true });
  load.id = `${idPrefix}-load`;
  overwrite.id = `${idPrefix}-overwrite`;
  remove.id = `${idPrefix}-delete`;
  save.id = `${idPrefix}-save`;
  const message = createElement('p', {
    class: 'hint saved-forms-message',
    id: `${idPrefix}-message`,
    'aria-live': 'polite',
  });
  return { list, load, overwrite, remove, name, save, message };
}

/** "Saved searches (3)": the group's title says how many the document keeps. */
function summaryText(options: SavedFormsOptions, count: number): string {
  const title = options.noun.many.charAt(0).toUpperCase() + options.noun.many.slice(1);
  return count === 0 ? title : `${title} (${count})`;
}

export function createSavedFormsPanel(options: SavedFormsOptions): SavedFormsPanel {
  const { context, section, noun } = options;
  const c = controls(options);
  const summary = createElement('summary', {}, [summaryText(options, 0)]);
  const question = createElement('div', { class: 'saved-forms-question', hidden: '' });
  const element = createElement('details', { class: 'group saved-forms', id: `${options.idPrefix}` }, [
    summary,
    c.list.wrapper,
    createElement('div', { class: 'actions' }, [c.load, c.overwrite, c.remove]),
    question,
    c.name.wrapper,
    createElement('div', { class: 'actions' }, [c.save]),
    c.message,
  ]);
  let saved: SavedFormSummary[] = [];
  let editedBeforeMemory = false;
  let memoryArrived = false;
  /** A save or delete answered with the list before the first read did: that list is newer. */
  let listFromAction = false;
  const all = [c.list.control, c.load, c.overwrite, c.remove, c.name.control, c.save];

  const say = (text: string, failed = false): void => {
    c.message.textContent = text;
    c.message.classList.toggle('field-error', failed);
  };
  const chosen = (): SavedFormSummary | undefined => saved.find((item) => item.name === c.list.control.value);
  const refreshButtons = (): void => {
    const none = chosen() === undefined;
    c.load.disabled = none;
    c.overwrite.disabled = none;
    c.remove.disabled = none;
    const taken = saved.find((item) => sameName(item.name, c.name.control.value));
    c.save.textContent = taken === undefined ? 'Save' : `Overwrite "${taken.name}"`;
    c.save.disabled = c.name.control.value.trim() === '';
  };
  const showList = (next: readonly SavedFormSummary[], select?: string): void => {
    saved = [...next];
    const keep = select ?? c.list.control.value;
    c.list.control.replaceChildren(
      createElement('option', { value: '' }, [saved.length === 0 ? `No ${noun.many} yet` : 'Choose one…']),
      ...saved.map((item) => createElement('option', { value: item.name }, [item.name])),
    );
    c.list.control.value = saved.some((item) => item.name === keep) ? keep : '';
    summary.textContent = summaryText(options, saved.length);
    refreshButtons();
  };

  /**
   * Runs a call with the panel's controls busy; a failure is said here, beside them. The buttons
   * are set again afterwards: what they apply to may have changed (a form saved, one deleted).
   */
  const act = async (trigger: HTMLButtonElement, text: string, task: () => Promise<void>): Promise<void> => {
    await whileBusy(
      all,
      async () => {
        try {
          await task();
        } catch (error) {
          say(errorMessage(error), true);
        }
      },
      { button: trigger, text },
    );
    refreshButtons();
  };

  const load = (name: string): Promise<void> =>
    act(c.load, 'Loading…', async () => {
      const form = await context.server.loadSavedForm(section, name);
      options.apply(form.form);
      say(`Loaded "${form.name}"${form.savedBy === null ? '' : `, saved by ${form.savedBy}`}.`);
    });

  const save = (name: string, overwrite: boolean, trigger: HTMLButtonElement): Promise<void> =>
    act(trigger, 'Saving…', async () => {
      const memory = await context.server.saveForm(section, name, toFormJson(options.read()), overwrite);
      listFromAction = true;
      const kept = memory.saved.find((item) => sameName(item.name, name))?.name ?? name.trim();
      showList(memory.saved, kept);
      c.name.control.value = '';
      refreshButtons();
      say(`Saved "${kept}" in this spreadsheet: everyone who edits it can load it.`);
    });

  const askDelete = (item: SavedFormSummary): void => {
    const yes = button('Delete it', { small: true });
    const no = button('Keep it', { small: true });
    yes.id = `${options.idPrefix}-delete-confirm`;
    question.replaceChildren(
      createElement('p', {}, [`Delete "${item.name}" for everyone who edits this spreadsheet?`]),
      createElement('div', { class: 'actions' }, [yes, no]),
    );
    question.hidden = false;
    no.addEventListener('click', () => {
      question.hidden = true;
    });
    yes.addEventListener('click', () => {
      question.hidden = true;
      void act(c.remove, 'Deleting…', async () => {
        const memory = await context.server.deleteSavedForm(section, item.name);
        listFromAction = true;
        showList(memory.saved);
        say(`Deleted "${item.name}".`);
      });
    });
  };

  c.list.control.addEventListener('change', refreshButtons);
  c.name.control.addEventListener('input', refreshButtons);
  c.load.addEventListener('click', () => {
    const item = chosen();
    if (item !== undefined) void load(item.name);
  });
  c.overwrite.addEventListener('click', () => {
    const item = chosen();
    if (item !== undefined) void save(item.name, true, c.overwrite);
  });
  c.remove.addEventListener('click', () => {
    const item = chosen();
    if (item !== undefined) askDelete(item);
  });
  c.save.addEventListener('click', () => {
    const name = c.name.control.value;
    void save(
      name,
      saved.some((item) => sameName(item.name, name)),
      c.save,
    );
  });
  // An edit made before the last form arrived is newer than it: keep the edit.
  const markEdited = (event: Event): void => {
    if (!memoryArrived && !element.contains(event.target as Node)) editedBeforeMemory = true;
  };
  options.root.addEventListener('input', markEdited, true);
  options.root.addEventListener('change', markEdited, true);

  const remember = debounce(() => {
    context.server.rememberForm(section, toFormJson(options.read())).catch((error: unknown) => {
      say(`This form could not be kept for next time: ${errorMessage(error)}`, true);
    });
  }, REMEMBER_DEBOUNCE_MS);

  showList([]);
  void context.server.getFormMemory(section).then(
    (memory: FormMemory) => {
      memoryArrived = true;
      if (!listFromAction) showList(memory.saved);
      if (memory.last !== null && !editedBeforeMemory) options.apply(memory.last);
    },
    (error: unknown) => {
      memoryArrived = true;
      say(`The ${noun.many} could not be read: ${errorMessage(error)}`, true);
    },
  );

  return {
    element,
    changed() {
      // Nothing to keep until the kept form has come back (or it would be overwritten by the default).
      if (memoryArrived) remember();
    },
  };
}
