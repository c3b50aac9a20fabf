import type { Response } from 'express';
import type { Row } from '../../../shared/rows/columns';

/** Rows serialized per write: a few hundred kilobytes of JSON at most. */
const ROWS_PER_WRITE = 2000;

/** A sheet answer whose rows are built on demand (e.g. EmailSearchResult). */
export interface RowSource {
  rowCount: number;
  rows(start: number, end: number): Row[];
}

/** A sheet answer whose rows become final from the top down while its work runs (an e-mail search). */
export interface ArrivingRows extends RowSource {
  /** How many rows from the top are final now; never fewer than before. */
  readyRows(): number;
  /** Resolves when more rows may be final, or every row is; true once every row is. */
  next(): Promise<boolean>;
  /** What the answer says after its rows, once every row is final (counts, what is pending). */
  tail(): Record<string, unknown>;
}

/**
 * Answers `{ ...head, "rows": [...] }` as JSON, building and serializing the rows a chunk at a time
 * and writing each once the socket has taken the last: for a hundred thousand e-mail rows, neither
 * the rows, nor their JSON text, nor a buffer of it sits in memory whole. The answer parses to the
 * same object `res.json({ ...head, rows })` would send. Stops quietly when the caller goes away.
 */
export function sendRowsJson(
  res: Response,
  head: Record<string, unknown>,
  source: RowSource,
  rowsPerWrite = ROWS_PER_WRITE,
): Promise<void> {
  const allFinal: ArrivingRows = {
    rowCount: source.rowCount,
    rows: (start, end) => source.rows(start, end),
    readyRows: () => source.rowCount,
    next: () => Promise.resolve(true),
    tail: () => ({}),
  };
  return sendRowsAsTheyCome(res, head, allFinal, rowsPerWrite);
}

/**
 * Answers `{ ...head, "rows": [...], ...tail }` as JSON, writing rows as soon as they are final,
 * while the work that makes them still runs: an answer of a hundred thousand rows goes out during
 * the minutes its lookups are paced, and nothing of it is left to build, or held, at the end. The
 * status is 200 from the first byte on: the caller makes sure the answer will be one (an error of
 * the whole request is answered before this is called). The object parses to the same value
 * however its keys are ordered. Stops quietly when the caller goes away.
 */
export async function sendRowsAsTheyCome(
  res: Response,
  head: Record<string, unknown>,
  source: ArrivingRows,
  rowsPerWrite = ROWS_PER_WRITE,
): Promise<void> {
  res.status(200).type('json');
  const opening = JSON.stringify(head);
  let text = `${opening.slice(0, -1)}${opening === '{}' ? '' : ','}"rows":[`;
  let written = 0;
  for (let over = false; ; over = await source.next()) {
    const ready = over ? source.rowCount : Math.min(source.rowCount, source.readyRows());
    while (written < ready) {
      const end = Math.min(ready, written + rowsPerWrite);
      text +=
        (written === 0 ? '' : ',') +
        source
          .rows(written, end)
          .map((row) => JSON.stringify(row))
          .join(',');
      written = end;
      if (!res.write(text) && !(await drained(res))) return;
      text = '';
    }
    if (over) break;
  }
  const tail = JSON.stringify(source.tail());
  res.end(`${text}]${tail === '{}' ? '' : `,${tail.slice(1, -1)}`}}`);
}

/** true once the socket wants more; false when the connection closed first. */
function drained(res: Response): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onDrain = () => finish(true);
    const onClose = () => finish(false);
    const finish = (more: boolean) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(more);
    };
    res.once('drain', onDrain);
    res.once('close', onClose);
  });
}
