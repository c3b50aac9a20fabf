import type { ScheduleCadence, ScheduleKind, ScheduleMode } from '../../shared/worker-api/schedules';
import type { ScheduleForm } from '../shared/schedules-api';

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
  /** Reports: '' for the cache's own age, else days ('1', '7', '30'). */
  freshness: string;
}

export type ScheduleFormCheck =
  { ok: true; form: ScheduleForm } | { ok: false; field: keyof ScheduleFormValues; message: string };

const KINDS: readonly ScheduleKind[] = ['reports', 'email-search'];
const MODES: readonly ScheduleMode[] = ['replace', 'append-snapshot', 'merge'];

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
  if (kind === undefined) return { ok: false, field: 'kind', message: 'Choose creators or e-mail addresses' };
  if (values.input.trim() === '') {
    return { ok: false, field: 'input', message: 'Say where the inputs start, such as Creators!A2' };
  }
  if (values.output.trim() === '') {
    return { ok: false, field: 'output', message: 'Say where the table goes, such as Weekly report!A1' };
  }
  const mode = MODES.find((candidate) => candidate === values.mode);
  if (mode === undefined) return { ok: false, field: 'mode', message: 'Choose how each run writes' };
  const cadence = cadenceOf(values);
  if (cadence === null) return { ok: false, field: 'every', message: 'Choose when it runs' };
  const freshnessDays = Number(values.freshness);
  const fresh = kind === 'reports' && values.freshness !== '' && Number.isInteger(freshnessDays);
  return {
    ok: true,
    form: {
      name: values.name.trim(),
      kind,
      input: values.input.trim(),
      platform: kind === 'reports' ? values.platform : '',
      fields: kind === 'reports' ? values.fields : '',
      output: values.output.trim(),
      mode,
      cadence,
      ...(fresh ? { freshnessDays } : {}),
    },
  };
}
