import { PLATFORMS } from '../../../shared/platforms';
import type { FormulaAsk } from '../../../shared/worker-api/formula-allowance';
import type { DocumentStatusView } from '../../bridge-contract/document-status-api';
import type { ScheduleView } from '../../bridge-contract/schedules-api';
import { whileBusy } from '../ui/busy';
import { createElement } from '../ui/create-element';
import { failureText } from '../server-calls/error-text';
import { button, selectField, setChoices, textField, withId } from '../ui/form-fields';
import { scheduleItem } from './schedule-item';
import { savedSearchNames, withSavedSearch } from './schedule-saved-search';
import {
  FRESHNESS_CHOICES,
  RUNNER_CHOICES,
  isSearchKind,
  KIND_CHOICES,
  MODE_CHOICES,
  readScheduleForm,
  scheduleFormValues,
  type ScheduleFormValues,
} from './schedules-form';
import { firstRunConfirmation, scheduledText } from './schedules-first-run';
import { cadenceText } from './schedules-text';
import { approvedText } from '../settings/formula-allowance-text';
import { createReportColumnsField, type ReportColumnsField } from '../bulk/report-columns-field';
import { scheduleApproveButton } from './schedule-approval';
import { FOLLOW_EVERY_MS, followScheduleRuns } from './schedule-runs-followed';
import { PLATFORM_NAMES } from '../search/search-options';
import { sheetTimeZone } from '../ui/sheet-time';
import type { SectionDefinition, SectionView, SidebarContext } from '../sidebar-context';

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
    runner: withId(
      selectField(
        'Run by',
        RUNNER_CHOICES,
        '',
        'Where the sheet may not be shared outside your domain, only this sheet can run it. Editing, the first choice keeps who runs it now.',
      ),
      'schedule-runner',
    ),
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

/** The form's values; the columns picked (issue 25: a picker, as in Reports, not typed ids). */
function valuesOf(fields: Fields, columns: string[]): ScheduleFormValues {
  return {
    name: fields.name.control.value,
    kind: fields.kind.control.value,
    input: fields.input.control.value,
    platform: fields.platform.control.value,
    fields: columns.join(', '),
    output: fields.output.control.value,
    mode: fields.mode.control.value,
    every: fields.every.control.value,
    day: fields.day.control.value,
    hour: fields.hour.control.value,
    saved: fields.saved.control.value,
    budget: fields.budget.control.value,
    freshness: fields.freshness.control.value,
    runner: fields.runner.control.value,
  };
}

/** Loads a schedule's values into the form to edit it; its columns into the picker. */
function fill(fields: Fields, columns: ReportColumnsField, values: ScheduleFormValues): void {
  for (const key of Object.keys(values) as (keyof ScheduleFormValues)[]) {
    const value = values[key];
    if (value === undefined) continue;
    if (key === 'fields') {
      columns.set(
        value
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== ''),
      );
      continue;
    }
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

/**
 * Empties the form once a schedule is made from it (issue 25: a form left filled in reads as not
 * saved, and a second click makes a second schedule): each field back to its first value.
 */
function formClearer(fields: Fields, columns: ReportColumnsField): () => void {
  const first = Object.values(fields).map((field) => [field.control, field.control.value] as const);
  return () => {
    for (const [control, value] of first) control.value = value;
    columns.reset();
  };
}

/**
 * Schedules: the document's scheduled reports (pause, resume, run now, delete, approve what a run
 * waits for) and a new one. The list is the document status the sidebar keeps
 * (document-status-feed.ts): read after each action here, followed while a run started here is
 * under way, and once a minute.
 */
function renderSchedulesSection(panel: HTMLElement, context: SidebarContext): SectionView {
  const list = createElement('ul', { class: 'schedules', 'aria-live': 'polite' });
  const message = createElement('p', { 'aria-live': 'polite' });
  const fields = scheduleFields();
  const columns = createReportColumnsField({ idPrefix: 'schedule-columns', more: true });
  const clearForm = formClearer(fields, columns);
  const follow = followScheduleRuns();
  let status: DocumentStatusView | null = null;
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
      fill(fields, columns, scheduleFormValues(schedule));
      syncVisibility();
      void offerSaved(schedule.savedSearch);
      formTitle.textContent = `Editing "${schedule.name}"`;
      create.textContent = 'Save changes';
      cancelEdit.hidden = false;
      fields.name.control.focus();
    },
    show: (schedules: ScheduleView[]) => {
      show(schedules);
      void reload();
    },
    load: () => reload(),
    approveButton: (schedule: ScheduleView) =>
      scheduleApproveButton(schedule, status?.allowance ?? null, (ask, clicked) =>
        approveAndRun(schedule, ask, clicked),
      ),
    runStarting: (schedule: ScheduleView) => follow.started(schedule),
    followRuns: () => followRuns(),
    say,
    act,
  };

  /** Approves what the schedule's run waits for; the worker runs it at once (issue 25). */
  const approveAndRun = (schedule: ScheduleView, ask: FormulaAsk, clicked: HTMLButtonElement): void =>
    act(clicked, 'Approving…', 'approve the schedule', async () => {
      follow.started(schedule);
      const approved = await context.server.approveFormulas(
        ask.credits,
        ask.key === undefined ? undefined : [ask.key],
      );
      say(approvedText(ask.credits, approved.refreshed, approved.startedSchedules), 'hint');
      followRuns();
    });

  /** Reads the status now, and every few seconds while a run started here has not ended. */
  let following = false;
  const followRuns = (): void => {
    void context.documentStatus.refresh();
    if (following) return;
    following = true;
    const again = (): void => {
      if (!follow.waiting || !follow.keepWaiting()) {
        following = false;
        return;
      }
      void context.documentStatus.refresh().then(() => setTimeout(again, FOLLOW_EVERY_MS));
    };
    setTimeout(again, FOLLOW_EVERY_MS);
  };

  /** What is on screen, so a read that changed nothing leaves the buttons under the user's pointer. */
  let shownKey = '';
  const show = (schedules: ScheduleView[]) => {
    const key = JSON.stringify([
      schedules,
      status?.allowance.asks ?? null,
      status?.allowance.mayChange ?? null,
    ]);
    if (key === shownKey) return;
    shownKey = key;
    list.replaceChildren(...schedules.map((schedule) => scheduleItem(schedule, host)));
    if (schedules.length === 0)
      list.replaceChildren(createElement('li', { class: 'hint' }, ['No schedules yet.']));
  };

  const showStatus = (next: DocumentStatusView | null): void => {
    status = next;
    if (next === null) {
      list.replaceChildren(
        createElement('li', { class: 'hint' }, ['Connect in Settings to see and set schedules.']),
      );
      return;
    }
    show(next.schedules);
    // A run started here ended: how, in place of "running now" (a failure as a failure).
    for (const end of follow.ended(next.schedules)) say(end.text, end.ok ? 'ok' : 'field-error');
  };
  context.documentStatus.subscribe(showStatus);
  context.documentStatus.onError((error) => say(failureText('list the schedules', error), 'field-error'));
  const reload = (): Promise<void> => context.documentStatus.refresh();

  const syncVisibility = () => {
    const reports = fields.kind.control.value === 'reports';
    const searched = isSearchKind(fields.kind.control.value);
    fields.platform.wrapper.hidden = !reports;
    columns.element.hidden = !reports;
    fields.input.wrapper.hidden = searched;
    fields.saved.wrapper.hidden = !searched;
    fields.freshness.wrapper.hidden = !reports;
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
  columns.onChange(forget);
  create.addEventListener('click', () => {
    const picked =
      fields.kind.control.value === 'reports' ? columns.read() : { ok: true as const, value: [] };
    if (!picked.ok) {
      formError.textContent = picked.message;
      return;
    }
    const checked = readScheduleForm(valuesOf(fields, picked.value));
    if (!checked.ok) {
      formError.textContent = checked.message;
      // The columns are picked, never typed: readScheduleForm finds nothing wrong with them.
      if (checked.field !== 'fields') fields[checked.field].control.focus();
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
        clearForm();
        syncVisibility();
        const when = cadenceText(saved.cadence, saved.timeZone, sheetTimeZone());
        say(
          `Saved "${saved.name}": ${when}.${saved.runnerLine === undefined ? '' : ` ${saved.runnerLine}`}`,
          'ok',
        );
        await reload();
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
              clearForm();
              syncVisibility();
              say(scheduledText(made, start), start.runNow ? 'hint' : 'ok');
              if (start.runNow) {
                follow.started({ ...made, lastRun: null });
                followRuns();
              } else await reload();
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
    ...Object.values(fields).flatMap((field) =>
      field === fields.platform ? [field.wrapper, columns.element] : [field.wrapper],
    ),
    formError,
    createElement('div', { class: 'actions' }, [create, cancelEdit]),
    firstRun,
  );
  void reload();
  return { onShow: () => void reload() };
}

export const schedulesSection: SectionDefinition = { title: 'Schedules', render: renderSchedulesSection };
