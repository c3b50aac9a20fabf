import type { ScheduleView } from '../../bridge-contract/schedules-api';
import type { ServerBridge } from '../server-calls/bridge';
import { createElement } from '../ui/create-element';
import { button, textField, withId } from '../ui/form-fields';
import { alertChannelsText, alertHeadline, monthSpendText } from './schedule-alert-text';
import { cadenceText, lastRunText, statusText } from './schedules-text';
import { sheetTimeZone } from '../ui/sheet-time';
import { takeOverControl } from './schedule-takeover';

/** What a schedule's line may ask of its section. */
export interface ScheduleItemHost {
  server: ServerBridge;
  /** Loads the schedule into the form to change it. */
  edit(schedule: ScheduleView): void;
  /** Shows this list of schedules. */
  show(schedules: ScheduleView[]): void;
  load(): Promise<void>;
  /** Approve beside a schedule whose run waits for an approval (issue 25), else null. */
  approveButton(schedule: ScheduleView): HTMLButtonElement | null;
  /** A run of it is about to start here: its line follows it to its end. */
  runStarting(schedule: ScheduleView): void;
  /** Reads the document's status until the runs started here end. */
  followRuns(): void;
  say(text: string, kind: 'ok' | 'field-error' | 'hint'): void;
  act(clicked: HTMLButtonElement, busy: string, action: string, call: () => Promise<void>): void;
}

/**
 * One schedule in the section's list (issue 25): what and when, its alert for every editor while
 * it stands, its recent runs, and what may be done with it: Edit, Duplicate, Hand over (to an
 * editor who opened Creator Sheets here lately), Pause or Resume, Run now, Delete after a
 * question that names what goes and what stays, and Take over one whose owner's trigger stopped.
 */
export function scheduleItem(schedule: ScheduleView, host: ScheduleItemHost): HTMLElement {
  const { server } = host;
  const controls = {
    edit: button('Edit', { small: true }),
    duplicate: button('Duplicate', { small: true }),
    handOver: button('Hand over…', { small: true }),
    toggle: button(schedule.status === 'paused' ? 'Resume' : 'Pause', { small: true }),
    runNow: button('Run now', { small: true }),
    remove: button('Delete…', { small: true }),
  };
  for (const control of Object.values(controls)) {
    control.setAttribute('aria-label', `${(control.textContent ?? '').replace('…', '')} ${schedule.name}`);
  }

  controls.edit.addEventListener('click', () => host.edit(schedule));
  controls.duplicate.addEventListener('click', () =>
    host.act(controls.duplicate, 'Copying…', 'duplicate the schedule', async () => {
      host.show(await server.duplicateSchedule(schedule.id, schedule.output.sheetName));
      host.say(
        `Copied "${schedule.name}" into a tab of its own: edit the copy to change what it runs.`,
        'ok',
      );
    }),
  );
  controls.toggle.addEventListener('click', () =>
    host.act(controls.toggle, '…', 'change the schedule', async () => {
      await server.setScheduleStatus(schedule.id, schedule.status === 'paused' ? 'active' : 'paused');
      await host.load();
    }),
  );
  controls.runNow.addEventListener('click', () =>
    host.act(controls.runNow, 'Starting…', 'run the schedule', async () => {
      // The worker answers at once (202) and runs it in the background: this line says so until
      // the run ends, then how it ended.
      host.runStarting(schedule);
      const started = await server.runScheduleNow(schedule.id);
      host.say(`"${started.name}" is running now: this line says how it ends.`, 'hint');
      host.followRuns();
    }),
  );

  const handOver = handOverQuestion(schedule, host);
  controls.handOver.addEventListener('click', () => handOver.open());
  const remove = deleteQuestion(schedule, host);
  controls.remove.addEventListener('click', () => remove.open());
  const takeOver = takeOverControl(schedule, host);

  const approve = host.approveButton(schedule);
  const headline = alertHeadline(schedule);
  const alert = schedule.alert ?? null;
  const runs = schedule.runs ?? [];
  return createElement('li', { 'data-schedule': schedule.id }, [
    createElement('strong', {}, [schedule.name]),
    createElement('p', { class: 'hint' }, [
      `${cadenceText(schedule.cadence, schedule.timeZone, sheetTimeZone())} · ${statusText(schedule)} · ${lastRunText(schedule.lastRun)}`,
    ]),
    ...(approve === null ? [] : [createElement('div', { class: 'actions' }, [approve])]),
    ...(headline === null || alert === null
      ? []
      : [
          createElement('p', { class: 'field-error schedule-alert', role: 'alert' }, [
            headline,
            ' ',
            alertChannelsText(alert),
          ]),
        ]),
    // Who runs it and why (issue 26): the worker, or this sheet's trigger as the one who set it up.
    ...(schedule.runnerLine === undefined
      ? []
      : [createElement('p', { class: 'hint schedule-runner' }, [schedule.runnerLine])]),
    createElement('p', { class: 'hint' }, [
      `${monthSpendText(schedule)} · set up by ${schedule.createdBy}${schedule.savedSearch === undefined ? '' : ` · saved search "${schedule.savedSearch}"`}`,
    ]),
    ...(runs.length === 0
      ? []
      : [
          createElement('details', { class: 'schedule-runs' }, [
            createElement('summary', {}, [`Recent runs (${runs.length})`]),
            createElement(
              'ul',
              {},
              runs.map((run) => createElement('li', {}, [lastRunText(run)])),
            ),
          ]),
        ]),
    createElement('div', { class: 'actions' }, [
      ...Object.values(controls),
      ...(takeOver === null ? [] : [takeOver.button]),
    ]),
    handOver.element,
    ...(takeOver === null ? [] : [takeOver.element]),
    remove.element,
  ]);
}

function question(children: Node[]): HTMLElement {
  return createElement('div', { class: 'question', role: 'alert', hidden: '' }, children);
}

/** "Hand over to": an address, then the worker checks that they proved edit access lately. */
function handOverQuestion(schedule: ScheduleView, host: ScheduleItemHost) {
  const to = withId(
    textField({
      label: 'Hand it over to',
      placeholder: 'colleague@team.com',
      hint: 'An editor of this spreadsheet who opened Creator Sheets in it within the last hour; its runs are theirs from then on.',
    }),
    `schedule-handover-to-${schedule.id}`,
  );
  const confirm = button('Hand over', { primary: true });
  const cancel = button('Keep it');
  const element = question([to.wrapper, createElement('div', { class: 'actions' }, [confirm, cancel])]);
  cancel.addEventListener('click', () => {
    element.hidden = true;
  });
  confirm.addEventListener('click', () =>
    host.act(confirm, 'Handing over…', 'hand the schedule over', async () => {
      const moved = await host.server.handOverSchedule(schedule.id, to.control.value);
      element.hidden = true;
      host.say(`"${moved.name}" is ${moved.createdBy}'s now.`, 'ok');
      await host.load();
    }),
  );
  return {
    element,
    open() {
      element.hidden = false;
      to.control.focus();
    },
  };
}

/** "Delete": a question naming what goes (the schedule and its run log) and what stays (its tab). */
function deleteQuestion(schedule: ScheduleView, host: ScheduleItemHost) {
  const confirm = button('Delete for good', { primary: true });
  const cancel = button('Keep it');
  const element = question([
    createElement('p', {}, [
      `Delete "${schedule.name}"? It stops running and its run log goes; the tab "${schedule.output.sheetName}" and what it wrote stay as they are.`,
    ]),
    createElement('div', { class: 'actions' }, [confirm, cancel]),
  ]);
  cancel.addEventListener('click', () => {
    element.hidden = true;
  });
  confirm.addEventListener('click', () =>
    host.act(confirm, 'Deleting…', 'delete the schedule', async () => {
      host.show(await host.server.deleteSchedule(schedule.id));
      host.say(`Deleted "${schedule.name}": its tab stays as it is.`, 'ok');
    }),
  );
  return {
    element,
    open() {
      element.hidden = false;
      cancel.focus();
    },
  };
}
