import { PLATFORMS } from '../../shared/platforms';
import type { ScheduleView } from '../shared/schedules-api';
import { whileBusy } from './busy';
import { createElement } from './create-element';
import { failureText } from './error-text';
import { button, selectField, setChoices, textField, withId } from './form-fields';
import { RELOAD_AFTER_RUN_MS, scheduleItem } from './schedule-item';
import { savedSearchNames, withSavedSearch } from './schedule-saved-search';
import {
  isSearchKind,
  KIND_CHOICES,
  MODE_CHOICES,
  readScheduleForm,
  scheduleFormValues,
  type ScheduleFormValues,
} from './schedules-form';
import { firstRunConfirmation, scheduledText } from './schedules-first-run';
import { cadenceText } from './schedules-text';
import { PLATFORM_NAMES } from './search-options';
import type { SectionDefinition, SectionView, SidebarContext } from './sidebar-context';

const EXPLANATION =
  'The worker refreshes a scheduled report by itself, as its service account, with no sidebar ' +
  'open: it reads the input column, fetches only what its cache lacks, writes the table, stamps ' +
  '"Last refreshed" and adds a line to the "Creator Sheets history" tab. Runs are billed like ' +
  "this spreadsheet's formulas (to whoever connected them, within the formula allowance and its " +
  'own monthly budget). A failed run raises an alert here for every editor, in a banner on its ' +
  'tab, and by e-mail or chat when set (Settings); after 3 failed runs in a row it pauses. A saved ' +
  'search or AI search can be scheduled too. Share the spreadsheet with the address ' +
  'in Settings > Server delivery first.';

const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map(
  (label, day) => ({ value: String(day), label }),
);

/** The form's fields, each with a stable id (browser tests find them by it). */
function scheduleFields() {
  return {
    name: withId(textField({ label: 'Name', placeholder: 'Weekly creators' }), 'schedule-name'),
    kind: withId(selectField('Each run fetches', KIND_CHOICES), 'schedule-kind'),
    saved: withId(
      selectField(
        'Saved search',
        [],
        '',
        'Saved in the Search or AI search section; each run pages it into the tab.',
      ),
      'schedule-saved',
    ),
    input: withId(
      textField({
        label: 'First input cell',
        placeholder: 'Creators!A2',
        hint: 'The column runs down from it.',
      }),
      'schedule-input',
    ),
    platform: withId(
      selectField('Platform (for names without a URL)', [
        { value: '', label: 'As the inputs say' },
        ...PLATFORMS.map((value) => ({ value, label: PLATFORM_NAMES[value] })),
      ]),
      'schedule-platform',
    ),
    fields: withId(
      textField({
        label: 'Columns',
        placeholder: 'followers, engagement_rate',
        hint: 'Empty: the default set.',
      }),
      'schedule-fields',
    ),
    output: withId(textField({ label: 'Table goes to', placeholder: 'Weekly report!A1' }), 'schedule-output'),
    mode: withId(selectField('Each run', MODE_CHOICES), 'schedule-mode'),
    every: withId(
      selectField('Runs', [
        { value: 'week', label: 'Every week' },
        { value: 'day', label: 'Every day' },
        { value: 'hour', label: 'Every hour' },
      ]),
      'schedule-every',
    ),
    day: withId(selectField('On', DAYS, '1'), 'schedule-day'),
    hour: withId(selectField('At (the spreadsheet’s time zone)', HOURS, '9'), 'schedule-hour'),
    budget: withId(
      textField({
        label: 'Monthly budget (credits)',
        placeholder: 'No cap of its own',
        hint: 'A run that would spend past it stops before paying, and says so.',
      }),
      'schedule-budget',
    ),
  };
}

type Fields = ReturnType<typeof scheduleFields>;

function valuesOf(fields: Fields): ScheduleFormValues {
  return {
    name: fields.name.control.value,
    kind: fields.kind.control.value,
    input: fields.input.control.value,
    platform: fields.platform.control.value,
    fields: fields.fields.control.value,
    output: fields.output.control.value,
    mode: fields.mode.control.value,
    every: fields.every.control.value,
    day: fields.day.control.value,
    hour: fields.hour.control.value,
    saved: fields.saved.control.value,
    budget: fields.budget.control.value,
  };
}

function fill(fields: Fields, values: ScheduleFormValues): void {
  for (const key of Object.keys(values) as (keyof ScheduleFormValues)[]) {
    const value = values[key];
    if (value === undefined) continue;
    const control = fields[key].control;
    // A saved search's name is offered once its kind's names are loaded.
    if (
      control instanceof HTMLSelectElement &&
      !Array.from(control.options).some((option) => option.value === value)
    ) {
      control.append(createElement('option', { value }, [value]));
    }
    control.value = value;
  }
}

/** Schedules: the document's scheduled reports (pause, resume, run now, delete) and a new one. */
function renderSchedulesSection(panel: HTMLElement, context: SidebarContext): SectionView {
  const list = createElement('ul', { class: 'schedules', 'aria-live': 'polite' });
  const message = createElement('p', { 'aria-live': 'polite' });
  const fields = scheduleFields();
  const create = button('Schedule it', { primary: true });
  const formError = createElement('p', { class: 'field-error', 'aria-live': 'polite' });

  const say = (text: string, kind: 'ok' | 'field-error' | 'hint') => {
    message.className = kind;
    message.textContent = text;
  };
  const act = (clicked: HTMLButtonElement, busy: string, action: string, call: () => Promise<void>) =>
    void whileBusy(
      [clicked],
      async () => {
        try {
          await call();
        } catch (error) {
          say(failureText(action, error), 'field-error');
        }
      },
      { button: clicked, text: busy },
    );

  // Editing: the schedule whose values the form holds, saved with PUT; null for a new one.
  let editing: ScheduleView | null = null;
  const cancelEdit = button('Cancel editing');
  cancelEdit.hidden = true;
  const formTitle = createElement('h3', {}, ['New scheduled report']);
  const stopEditing = () => {
    editing = null;
    formTitle.textContent = 'New scheduled report';
    create.textContent = 'Schedule it';
    cancelEdit.hidden = true;
  };
  cancelEdit.addEventListener('click', stopEditing);

  const host = {
    server: context.server,
    edit: (schedule: ScheduleView) => {
      editing = schedule;
      fill(fields, scheduleFormValues(schedule));
      syncVisibility();
      void offerSaved(schedule.savedSearch);
      formTitle.textContent = `Editing "${schedule.name}"`;
      create.textContent = 'Save changes';
      cancelEdit.hidden = false;
      fields.name.control.focus();
    },
    show: (schedules: ScheduleView[]) => show(schedules),
    load: () => load(),
    say,
    act,
  };

  const show = (schedules: ScheduleView[]) => {
    list.replaceChildren(...schedules.map((schedule) => scheduleItem(schedule, host)));
    if (schedules.length === 0)
      list.replaceChildren(createElement('li', { class: 'hint' }, ['No schedules yet.']));
  };

  const load = async (): Promise<void> => {
    try {
      const schedules = await context.server.listSchedules();
      if (schedules === null) {
        list.replaceChildren(
          createElement('li', { class: 'hint' }, ['Connect in Settings to see and set schedules.']),
        );
        return;
      }
      show(schedules);
    } catch (error) {
      say(failureText('list the schedules', error), 'field-error');
    }
  };

  const syncVisibility = () => {
    const reports = fields.kind.control.value === 'reports';
    const searched = isSearchKind(fields.kind.control.value);
    fields.platform.wrapper.hidden = !reports;
    fields.fields.wrapper.hidden = !reports;
    fields.input.wrapper.hidden = searched;
    fields.saved.wrapper.hidden = !searched;
    fields.day.wrapper.hidden = fields.every.control.value !== 'week';
    fields.hour.wrapper.hidden = fields.every.control.value === 'hour';
  };
  // The document's saved searches of the chosen kind, offered by name.
  const offerSaved = async (keep?: string) => {
    const kind = fields.kind.control.value;
    if (!isSearchKind(kind)) return;
    try {
      const names = await savedSearchNames(context.server, kind);
      const choices = names.map((name) => ({ value: name, label: name }));
      setChoices(
        fields.saved.control,
        choices.length === 0 ? [{ value: '', label: 'None saved yet' }] : choices,
        keep ?? fields.saved.control.value,
      );
    } catch (error) {
      say(failureText('list the saved searches', error), 'field-error');
    }
  };
  fields.kind.control.addEventListener('change', syncVisibility);
  fields.kind.control.addEventListener('change', () => void offerSaved());
  fields.every.control.addEventListener('change', syncVisibility);
  syncVisibility();

  // Schedule it: the first run's cost first (schedules-first-run.ts), then Confirm makes it.
  const firstRun = createElement('div', { class: 'first-run', 'aria-live': 'polite' });
  const forget = () => firstRun.replaceChildren();
  for (const field of Object.values(fields)) field.control.addEventListener('input', forget);
  for (const field of Object.values(fields)) field.control.addEventListener('change', forget);
  create.addEventListener('click', () => {
    const checked = readScheduleForm(valuesOf(fields));
    if (!checked.ok) {
      formError.textContent = checked.message;
      fields[checked.field].control.focus();
      return;
    }
    formError.textContent = '';
    forget();
    const changing = editing;
    if (changing !== null) {
      act(create, 'Saving…', 'save the schedule', async () => {
        const saved = await context.server.updateSchedule(
          changing.id,
          await withSavedSearch(context.server, checked.form),
        );
        stopEditing();
        say(`Saved "${saved.name}": ${cadenceText(saved.cadence, saved.timeZone)}.`, 'ok');
        await load();
      });
      return;
    }
    act(create, 'Checking…', 'check the schedule', async () => {
      const form = await withSavedSearch(context.server, checked.form);
      const check = await context.server.checkSchedule(form);
      firstRun.replaceChildren(
        ...firstRunConfirmation(check, {
          confirm: (start, clicked) =>
            act(clicked, 'Scheduling…', 'schedule the report', async () => {
              const made = await context.server.createSchedule(form, start);
              forget();
              say(scheduledText(made, start), 'ok');
              await load();
              if (start.runNow) setTimeout(() => void load(), RELOAD_AFTER_RUN_MS);
            }),
          cancel: forget,
        }),
      );
    });
  });

  panel.replaceChildren(
    createElement('h2', {}, ['Schedules']),
    createElement('p', { class: 'hint' }, [EXPLANATION]),
    list,
    message,
    formTitle,
    ...Object.values(fields).map((field) => field.wrapper),
    formError,
    createElement('div', { class: 'actions' }, [create, cancelEdit]),
    firstRun,
  );
  void load();
  return { onShow: () => void load() };
}

export const schedulesSection: SectionDefinition = { title: 'Schedules', render: renderSchedulesSection };
