import type { Response } from 'express';
import type { Column, Row } from '../../../shared/rows/columns';

/** What a sheet operation answers: the labels, the columns, one row per input, and its counts. */
interface SheetAnswer {
  header: readonly string[];
  columns: readonly Column[];
  rows: readonly Row[];
}

interface Serialized {
  header: readonly string[];
  json: string;
}

/** Per column list (by identity): the JSON of its header and columns. */
const serializedHeads = new WeakMap<readonly Column[], Serialized>();

/**
 * `JSON.stringify(answer)`, with the header and the column descriptions serialized once per column
 * list: they are most of a one-row answer (a formula's), and the same on every call. The header is
 * compared label by label before the kept text is used, so a caller passing other labels with the
 * same columns still gets its own.
 */
export function sheetAnswerJson<T extends SheetAnswer>(answer: T): string {
  const { header, columns, rows, ...rest } = answer;
  let head = serializedHeads.get(columns);
  if (head === undefined || !sameLabels(head.header, header)) {
    head = {
      header: [...header],
      json: `"header":${JSON.stringify(header)},"columns":${JSON.stringify(columns)}`,
    };
    serializedHeads.set(columns, head);
  }
  const more = JSON.stringify(rest);
  return `{${head.json},"rows":${JSON.stringify(rows)}${more === '{}' ? '' : `,${more.slice(1, -1)}`}}`;
}

function sameLabels(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Answers 200 with sheetAnswerJson(answer). Written as one string with its length, not through
 * `res.json`: Express copies a body of 1,000 characters or more into a Buffer first, and a POST's
 * JSON needs none of its other steps (ETag, freshness, HEAD).
 */
export function sendSheetAnswer<T extends SheetAnswer>(res: Response, answer: T): void {
  sendJsonText(res, sheetAnswerJson(answer));
}

/** Answers 200 with JSON already serialized, as sendSheetAnswer does. */
export function sendJsonText(res: Response, json: string): void {
  jsonHead(res, Buffer.byteLength(json));
  res.end(json);
}

/** Answers 200 with JSON already encoded as UTF-8 (an answer kept to be sent again). */
export function sendJsonBytes(res: Response, body: Buffer): void {
  jsonHead(res, body.length);
  res.end(body);
}

function jsonHead(res: Response, bytes: number): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', bytes);
}
