import { PLATFORMS } from '../../shared/platforms';
import type { ScheduleView } from '../shared/schedules-api';
import { whileBusy } from './busy';
import { createElement } from './create-element';
import { failureText } from './error-text';
import { button, selectField, textField, withId } from './form-fields';
import { FRESHNESS_CHOICES, MODE_CHOICES, readScheduleForm, type ScheduleFormValues } from './schedules-form';
import { firstRunConfirmation, scheduledText } from './schedules-first-run';
import { cadenceText, lastRunText, statusText } from './schedules-text';
import { PLATFORM_NAMES } from './search-options';
import type { SectionDefinition, SectionView, SidebarContext } from './sidebar-context';

const EXPLANATION =
  'The worker refreshes a scheduled report by itself, as its service account, with no sidebar ' +
  'open: it reads the input column, fetches only what its cache lacks, writes the table, stamps ' +
  '"Last refreshed" and adds a line to the "Creator Sheets history" tab. Runs are billed like ' +
  "this spreadsheet's formulas (to whoever connected them, within the formula allowance); after " +
  '3 failed runs in a row a schedule pauses and says why. Share the spreadsheet with the address ' +
  'in Settings > Server delivery first.';

/** A run of a few hundred creators from the cache takes seconds; the list looks again then. */
const RELOAD_AFTER_RUN_MS = 10_000;

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
    kind: withId(
      selectField('The input column holds', [
        { value: 'reports', label: 'Creators (handles, profile URLs)' },
        { value: 'email-search', label: 'E-mail addresses' },
      ]),
      'schedule-kind',
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
    freshness: withId(selectField('Reports', FRESHNESS_CHOICES), 'schedule-freshness'),
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
    freshness: fields.freshness.control.value,
  };
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

  const item = (schedule: ScheduleView): HTMLElement => {
    const toggle = button(schedule.status === 'paused' ? 'Resume' : 'Pause', { small: true });
    const runNow = button('Run now', { small: true });
    const remove = button('Delete', { small: true });
    for (const control of [toggle, runNow, remove]) {
      control.setAttribute('aria-label', `${control.textContent ?? ''} ${schedule.name}`);
    }
    toggle.addEventListener('click', () =>
      act(toggle, '…', 'change the schedule', async () => {
        await context.server.setScheduleStatus(
          schedule.id,
          schedule.status === 'paused' ? 'active' : 'paused',
        );
        await load();
      }),
    );
    runNow.addEventListener('click', () =>
      act(runNow, 'Starting…', 'run the schedule', async () => {
        // The worker answers at once (202) and runs it in the background: the list shows the
        // outcome once it is there.
        const started = await context.server.runScheduleNow(schedule.id);
        say(`"${started.name}" is running now: its line here shows the outcome when it ends.`, 'ok');
        setTimeout(() => void load(), RELOAD_AFTER_RUN_MS);
      }),
    );
    remove.addEventListener('click', () =>
      act(remove, 'Deleting…', 'delete the schedule', async () => {
        show(await context.server.deleteSchedule(schedule.id));
        say(`Deleted "${schedule.name}": its tab stays as it is.`, 'ok');
      }),
    );
    return createElement('li', {}, [
      createElement('strong', {}, [schedule.name]),
      createElement('p', { class: 'hint' }, [
        `${cadenceText(schedule.cadence, schedule.timeZone)} · ${statusText(schedule)} · ${lastRunText(schedule.lastRun)}`,
      ]),
      createElement('div', { class: 'actions' }, [toggle, runNow, remove]),
    ]);
  };

  const show = (schedules: ScheduleView[]) => {
    list.replaceChildren(...schedules.map(item));
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
    fields.platform.wrapper.hidden = !reports;
    fields.fields.wrapper.hidden = !reports;
    fields.freshness.wrapper.hidden = !reports;
    fields.day.wrapper.hidden = fields.every.control.value !== 'week';
    fields.hour.wrapper.hidden = fields.every.control.value === 'hour';
  };
  fields.kind.control.addEventListener('change', syncVisibility);
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
    act(create, 'Checking…', 'check the schedule', async () => {
      const check = await context.server.checkSchedule(checked.form);
      firstRun.replaceChildren(
        ...firstRunConfirmation(check, {
          confirm: (start, clicked) =>
            act(clicked, 'Scheduling…', 'schedule the report', async () => {
              const made = await context.server.createSchedule(checked.form, start);
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
    createElement('h3', {}, ['New scheduled report']),
    ...Object.values(fields).map((field) => field.wrapper),
    formError,
    createElement('div', { class: 'actions' }, [create]),
    firstRun,
  );
  void load();
  return { onShow: () => void load() };
}

export const schedulesSection: SectionDefinition = { title: 'Schedules', render: renderSchedulesSection };
