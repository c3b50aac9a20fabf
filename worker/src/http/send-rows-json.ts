import type { Response } from 'express';
import type { Row } from '../../../shared/rows/columns';

/** Rows serialized per write: a few hundred kilobytes of JSON at most. */
const ROWS_PER_WRITE = 2000;

/** A sheet answer whose rows are built on demand (e.g. EmailSearchResult). */
export interface RowSource {
  rowCount: number;
  rows(start: number, end: number): Row[];
}

/**
 * Answers `{ ...head, "rows": [...] }` as JSON, building and serializing the rows a chunk at a time
 * and writing each once the socket has taken the last: for a hundred thousand e-mail rows, neither
 * the rows, nor their JSON text, nor a buffer of it sits in memory whole. The answer parses to the
 * same object `res.json({ ...head, rows })` would send. Stops quietly when the caller goes away.
 */
export async function sendRowsJson(
  res: Response,
  head: Record<string, unknown>,
  source: RowSource,
  rowsPerWrite = ROWS_PER_WRITE,
): Promise<void> {
  res.status(200).type('json');
  const opening = JSON.stringify(head);
  let text = `${opening.slice(0, -1)}${opening === '{}' ? '' : ','}"rows":[`;
  for (let start = 0; start < source.rowCount; start += rowsPerWrite) {
    const rows = source.rows(start, Math.min(source.rowCount, start + rowsPerWrite));
    text += (start === 0 ? '' : ',') + rows.map((row) => JSON.stringify(row)).join(',');
    if (!res.write(text) && !(await drained(res))) return;
    text = '';
  }
  res.end(`${text}]}`);
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
