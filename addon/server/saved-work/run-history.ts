import type { RunKind, RunLine, RunOutcome } from '../../bridge-contract/saved-work-api';
import { destinationLabel, type Destination } from '../jobs/job-destination';
import { PROPERTY_VALUE_MAX_BYTES } from '../apps-script/property-budget';
import { utf8Bytes } from '../apps-script/utf8-bytes';

/**
 * The document's run history (issue 15): one line per run that wrote a table into it, whoever ran
 * it (who, what, where, rows, credits, outcome, when), kept in DOCUMENT properties so every editor
 * sees the same list in Account. The worker's ledger knows what was spent, not into which tab or
 * for which document's sidebar: that is this record's part. The newest MAX_RUN_LINES are kept, in
 * chunks under the 9 KB a property value may hold.
 */
export const RUN_HISTORY_PREFIX = 'creatorSheets.runs.';

/** About 300 bytes a line: 100 lines take about 30 KB of the document's 500 KB. */
export const MAX_RUN_LINES = 100;
/** A chunk stays this far under the 9 KB limit. */
const CHUNK_MAX_BYTES = PROPERTY_VALUE_MAX_BYTES - 512;

function store(): GoogleAppsScript.Properties.Properties {
  return PropertiesService.getDocumentProperties();
}

function isRunLine(value: unknown): value is RunLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Partial<RunLine>;
  return (
    typeof line.id === 'string' &&
    typeof line.kind === 'string' &&
    typeof line.tab === 'string' &&
    typeof line.rows === 'number' &&
    typeof line.credits === 'number' &&
    typeof line.outcome === 'string' &&
    typeof line.startedAt === 'string'
  );
}

/** Every line, newest first; chunks that do not read are skipped. */
export function readRunLines(properties: Record<string, string> = store().getProperties()): RunLine[] {
  const lines: RunLine[] = [];
  const keys = Object.keys(properties)
    .filter((key) => key.indexOf(RUN_HISTORY_PREFIX) === 0)
    .sort((a, b) => Number(a.slice(RUN_HISTORY_PREFIX.length)) - Number(b.slice(RUN_HISTORY_PREFIX.length)));
  for (const key of keys) {
    try {
      const chunk: unknown = JSON.parse(properties[key]);
      if (Array.isArray(chunk)) for (const line of chunk) if (isRunLine(line)) lines.push(line);
    } catch {
      // A chunk cut by hand or by an older version: its lines are lost, the others stay.
    }
  }
  return lines;
}

/**
 * Writes the lines (newest first, the oldest dropped past MAX_RUN_LINES) in as few chunks as fit,
 * and deletes the chunks of `before` (the store as the caller read it) that are left over.
 */
function writeRunLines(lines: readonly RunLine[], before: Record<string, string>): void {
  const properties = store();
  const chunks: string[] = [];
  let current: string[] = [];
  let bytes = 2;
  for (const line of lines.slice(0, MAX_RUN_LINES)) {
    const text = JSON.stringify(line);
    const size = utf8Bytes(text) + 1;
    if (current.length > 0 && bytes + size > CHUNK_MAX_BYTES) {
      chunks.push(`[${current.join(',')}]`);
      current = [];
      bytes = 2;
    }
    current.push(text);
    bytes += size;
  }
  if (current.length > 0) chunks.push(`[${current.join(',')}]`);
  const values: Record<string, string> = {};
  chunks.forEach((chunk, index) => (values[RUN_HISTORY_PREFIX + index] = chunk));
  properties.setProperties(values);
  for (const key of Object.keys(before)) {
    if (key.indexOf(RUN_HISTORY_PREFIX) !== 0) continue;
    if (Number(key.slice(RUN_HISTORY_PREFIX.length)) >= chunks.length) properties.deleteProperty(key);
  }
}

/** Updates one line by id (or adds it first) and writes the history back: one read of the store. */
function upsert(id: string, change: (line: RunLine | null) => RunLine): void {
  const before = store().getProperties();
  const lines = readRunLines(before);
  const at = lines.findIndex((line) => line.id === id);
  if (at < 0) lines.unshift(change(null));
  else lines[at] = change(lines[at]);
  writeRunLines(lines, before);
}

/** What starts a line: the run and where its rows go. */
export interface RunStart {
  id: string;
  kind: RunKind;
  who: string | null;
  destination: Destination;
  startedAt: string;
}

function startedLine(start: RunStart): RunLine {
  return {
    id: start.id,
    kind: start.kind,
    who: start.who,
    tab: start.destination.sheetName,
    place: destinationLabel(start.destination),
    mode: start.destination.mode ?? (start.destination.newTab ? 'new' : 'beside'),
    rows: 0,
    credits: 0,
    rawRequests: null,
    outcome: 'running',
    note: null,
    startedAt: start.startedAt,
    endedAt: null,
  };
}

/** A job accepted by the worker: its line says "running" until it ends. */
export function noteRunStarted(start: RunStart): void {
  upsert(start.id, () => startedLine(start));
}

export interface RunEnd {
  rows: number;
  credits: number;
  rawRequests?: number | null;
  outcome: Exclude<RunOutcome, 'running'>;
  note?: string | null;
  endedAt: string;
}

/** How a run ended; a run with no line yet (started by an older version) gets one. */
export function noteRunEnded(start: RunStart, end: RunEnd): void {
  upsert(start.id, (line) => ({
    ...(line ?? startedLine(start)),
    rows: end.rows,
    credits: end.credits,
    rawRequests: end.rawRequests ?? null,
    outcome: end.outcome,
    note: end.note ?? null,
    endedAt: end.endedAt,
  }));
}
