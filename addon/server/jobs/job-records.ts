import { isJobKindName, type JobKindName } from '../../../shared/worker-api/job-kinds';
import type { Destination } from './job-destination';

/**
 * A job this spreadsheet is writing, kept in DOCUMENT properties under `creatorSheets.job.<id>`:
 * the job id, where its rows go and how many are written. The document store survives the
 * sidebar closing and the 6-minute limit, so the next poll (from any sidebar of this document)
 * resumes at `rowsWritten`. Row positions are absolute, so a block written twice (a run cut
 * between setValues and the property update) lands on the same cells: nothing is doubled.
 */
export const JOB_PROPERTY_PREFIX = 'creatorSheets.job.';

export interface JobRecord {
  id: string;
  kind: JobKindName;
  /** Who started it (the worker's address for their key); others' sidebars do not list it. */
  owner: string | null;
  destination: Destination;
  /** Rows 0 to rowsWritten - 1 of the job are in the sheet. */
  rowsWritten: number;
  /** Formats, header and sheet size done (the first poll does it). */
  prepared: boolean;
  /**
   * Who writes the rows (issue 14): `ask` until the first poll has prepared the target and asked
   * the worker; `server` while the worker writes them itself (the sidebar may close); `sidebar`
   * when the polls write them (no service account, not shared, or the worker stopped).
   */
  delivery: 'ask' | 'server' | 'sidebar';
  /** Why the worker stopped writing, when it did: the progress line says so. */
  deliveryNote: string | null;
  /** What the job was started from, to answer a repeated start with the same job. */
  sourceKey: string;
  /** ISO time. */
  startedAt: string;
  /**
   * When every row the job will have was written (ms since the epoch); null while writing. A
   * finished record stays a while, so a late poll still answers how the job ended.
   */
  finishedAt: number | null;
}

function jobStore(): GoogleAppsScript.Properties.Properties {
  // An add-on always runs in a document; the user store only stands in if it ever does not.
  return PropertiesService.getDocumentProperties() ?? PropertiesService.getUserProperties();
}

/** The record's JSON when it has every field this version needs; else null (an older record). */
function parseJobRecord(text: string): JobRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Partial<JobRecord>;
  const destination = record.destination;
  if (
    typeof record.id !== 'string' ||
    !isJobKindName(record.kind) ||
    typeof record.rowsWritten !== 'number' ||
    typeof destination !== 'object' ||
    destination === null ||
    typeof destination.sheetId !== 'number' ||
    typeof destination.firstDataRow !== 'number' ||
    typeof destination.firstColumn !== 'number' ||
    typeof destination.width !== 'number'
  ) {
    return null;
  }
  return {
    id: record.id,
    kind: record.kind,
    owner: typeof record.owner === 'string' ? record.owner : null,
    destination,
    rowsWritten: record.rowsWritten,
    prepared: record.prepared === true,
    // Records of an older version never asked: their polls write, as they always did.
    delivery:
      record.delivery === 'ask' || record.delivery === 'server' || record.delivery === 'sidebar'
        ? record.delivery
        : 'sidebar',
    deliveryNote: typeof record.deliveryNote === 'string' ? record.deliveryNote : null,
    sourceKey: typeof record.sourceKey === 'string' ? record.sourceKey : '',
    startedAt: typeof record.startedAt === 'string' ? record.startedAt : '',
    finishedAt: typeof record.finishedAt === 'number' ? record.finishedAt : null,
  };
}

export function saveJobRecord(record: JobRecord): void {
  jobStore().setProperty(JOB_PROPERTY_PREFIX + record.id, JSON.stringify(record));
}

export function readJobRecord(id: string): JobRecord | null {
  const text = jobStore().getProperty(JOB_PROPERTY_PREFIX + id);
  return text === null ? null : parseJobRecord(text);
}

export function deleteJobRecord(id: string): void {
  jobStore().deleteProperty(JOB_PROPERTY_PREFIX + id);
}

/** Finished records are kept this long, then dropped (the store holds 500 KB in all). */
const FINISHED_RECORD_KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Every job record of this document, oldest first; drops finished ones past their keep. One read
 * of the store (property reads are a daily quota), or none with `properties`, the store as the
 * caller already read it in this call.
 */
export function listJobRecords(
  properties: Readonly<Record<string, string>> = jobStore().getProperties(),
  now: number = Date.now(),
): JobRecord[] {
  const records: JobRecord[] = [];
  for (const key of Object.keys(properties)) {
    if (key.indexOf(JOB_PROPERTY_PREFIX) !== 0) continue;
    const record = parseJobRecord(properties[key]);
    if (
      record === null ||
      (record.finishedAt !== null && now - record.finishedAt > FINISHED_RECORD_KEEP_MS)
    ) {
      jobStore().deleteProperty(key);
      continue;
    }
    records.push(record);
  }
  return records.sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : 0));
}
