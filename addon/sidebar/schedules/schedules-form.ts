import type { ScheduleCadence, ScheduleKind, ScheduleMode } from '../../../shared/worker-api/schedules';
import type { ScheduleForm, ScheduleView } from '../../bridge-contract/schedules-api';

/** The form's controls as text, as the section reads them. */
export interface ScheduleFormValues {
  name: string;
  kind: string;
  input: string;
  platform: string;
  fields: string;
  output: string;
  mode: string;
  every: string;
  day: string;
  hour: string;
  /** Kinds `search` and `ai-search`: the saved search's name. */
  saved?: string;
  /** Credits a month, or '' for no cap of its own. */
  budget?: string;
  /** Reports: '' for the cache's own age, else days ('1', '7', '30'). */
  freshness?: string;
  /** Who runs it (issue 26): '' as this sheet allows (editing: as it runs now), 'worker' or 'add-on'. */
  runner?: string;
}

export type ScheduleFormCheck =
  { ok: true; form: ScheduleForm } | { ok: false; field: keyof ScheduleFormValues; message: string };

const KINDS: readonly ScheduleKind[] = ['reports', 'email-search', 'search', 'ai-search'];

/** What a schedule runs, as the form offers it. */
export const KIND_CHOICES: readonly { value: ScheduleKind; label: string }[] = [
  { value: 'reports', label: 'Reports of a column of creators (handles, profile URLs)' },
  { value: 'email-search', label: 'A column of e-mail addresses' },
  { value: 'search', label: 'A saved search' },
  { value: 'ai-search', label: 'A saved AI search' },
];

/** The kinds that page a saved search into their tab: no input column, no merge. */
export function isSearchKind(kind: string): kind is 'search' | 'ai-search' {
  return kind === 'search' || kind === 'ai-search';
}
const MODES: readonly ScheduleMode[] = ['replace', 'append-snapshot', 'merge'];

/** Who runs a schedule (issue 26), as the form offers it; the check before saving says why. */
export const RUNNER_CHOICES: readonly { value: string; label: string }[] = [
  { value: '', label: 'As this sheet allows: the worker where it may write here, else this sheet' },
  { value: 'worker', label: 'The worker, as its service account (the sheet shared with it)' },
  { value: 'add-on', label: 'This sheet, from your hourly trigger, as you (nothing shared outside)' },
];

/** How old a report a run may use (issue 25): what a growth snapshot wants fresh, the cache otherwise. */
export const FRESHNESS_CHOICES: readonly { value: string; label: string }[] = [
  { value: '', label: 'Any the worker’s cache holds (up to 30 days)' },
  { value: '1', label: 'No older than 1 day' },
  { value: '7', label: 'No older than 7 days' },
  { value: '30', label: 'No older than 30 days' },
];

export const MODE_CHOICES: readonly { value: ScheduleMode; label: string }[] = [
  { value: 'replace', label: 'Replace the table each run' },
  { value: 'append-snapshot', label: 'Append a dated snapshot each run (growth over time)' },
  { value: 'merge', label: 'Update rows by their input, add new ones' },
];

function cadenceOf(values: ScheduleFormValues): ScheduleCadence | null {
  const hour = Number(values.hour);
  const day = Number(values.day);
  const validHour = Number.isInteger(hour) && hour >= 0 && hour <= 23;
  if (values.every === 'hour') return { every: 'hour' };
  if (values.every === 'day' && validHour) return { every: 'day', hour };
  if (values.every === 'week' && validHour && Number.isInteger(day) && day >= 0 && day <= 6) {
    return { every: 'week', day, hour };
  }
  return null;
}

/** The form as the server takes it, or the first problem with the field it belongs to. */
export function readScheduleForm(values: ScheduleFormValues): ScheduleFormCheck {
  if (values.name.trim().length > 100)
    return { ok: false, field: 'name', message: 'The name must be at most 100 characters' };
  const kind = KINDS.find((candidate) => candidate === values.kind);
  if (kind === undefined) return { ok: false, field: 'kind', message: 'Choose what the schedule runs' };
  const searched = isSearchKind(kind);
  const saved = (values.saved ?? '').trim();
  if (searched && saved === '') {
    return { ok: false, field: 'saved', message: 'Choose a saved search (save one in its section first)' };
  }
  if (!searched && values.input.trim() === '') {
    return { ok: false, field: 'input', message: 'Say where the inputs start, such as Creators!A2' };
  }
  if (values.output.trim() === '') {
    return { ok: false, field: 'output', message: 'Say where the table goes, such as Weekly report!A1' };
  }
  const mode = MODES.find((candidate) => candidate === values.mode);
  if (mode === undefined) return { ok: false, field: 'mode', message: 'Choose how each run writes' };
  if (searched && mode === 'merge') {
    return {
      ok: false,
      field: 'mode',
      message: 'A saved search replaces its table or adds a dated snapshot',
    };
  }
  const cadence = cadenceOf(values);
  if (cadence === null) return { ok: false, field: 'every', message: 'Choose when it runs' };
  const budgetText = (values.budget ?? '').trim();
  const budget = budgetText === '' ? null : Number(budgetText);
  if (budget !== null && !(Number.isFinite(budget) && budget >= 0)) {
    return {
      ok: false,
      field: 'budget',
      message: 'The monthly budget is a number of credits, such as 50, or empty',
    };
  }
  const reports = kind === 'reports';
  const freshnessText = values.freshness ?? '';
  const freshnessDays = Number(freshnessText);
  const fresh = reports && freshnessText !== '' && Number.isInteger(freshnessDays);
  return {
    ok: true,
    form: {
      name: values.name.trim(),
      kind,
      input: searched ? '' : values.input.trim(),
      platform: reports ? values.platform : '',
      fields: reports ? values.fields : '',
      output: values.output.trim(),
      mode,
      cadence,
      ...(values.budget === undefined ? {} : { monthlyBudget: budget }),
      ...(searched ? { savedSearch: saved } : {}),
      ...(fresh ? { freshnessDays } : {}),
      ...(values.runner === 'worker' || values.runner === 'add-on' ? { runner: values.runner } : {}),
    },
  };
}

/** `'Weekly report'!C1` as a person types a place (quotes only when the name needs them). */
function placeText(place: ScheduleView['output']): string {
  let letters = '';
  for (let n = place.column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  const tab = /^[A-Za-z0-9_]+$/.test(place.sheetName)
    ? place.sheetName
    : `'${place.sheetName.replace(/'/g, "''")}'`;
  return `${tab}!${letters}${place.row}`;
}

/** A schedule's values as the form shows them, to edit it. */
export function scheduleFormValues(schedule: ScheduleView): ScheduleFormValues {
  const { cadence } = schedule;
  return {
    name: schedule.name,
    kind: schedule.kind,
    input: isSearchKind(schedule.kind) ? '' : placeText(schedule.input),
    platform: schedule.platform ?? '',
    fields: (schedule.fields ?? []).join(', '),
    output: placeText(schedule.output),
    mode: schedule.mode,
    every: cadence.every,
    day: cadence.every === 'week' ? String(cadence.day) : '1',
    hour: cadence.every === 'hour' ? '9' : String(cadence.hour),
    saved: schedule.savedSearch ?? '',
    budget:
      schedule.monthlyBudget === undefined || schedule.monthlyBudget === null
        ? ''
        : String(schedule.monthlyBudget),
    freshness: schedule.freshnessDays === undefined ? '' : String(schedule.freshnessDays),
    // Editing leaves the runner as it is unless the user picks one: its line says which it is.
    runner: '',
  };
}
