import type { DocumentStatusAnswer } from '../../../shared/worker-api/document-status';
import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { DocumentStatusView } from '../../bridge-contract/document-status-api';
import { readAllowanceAnswer } from '../formulas/formula-allowance';
import { asScheduleList, withRunnerLine } from './schedules';
import { spreadsheetTimeZone } from '../sheet/sheet-dates';
import { asRecord, numberAt } from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';
import { readWorkerKey } from '../worker-client/worker-key';

/**
 * This document's schedules and formula allowance in one worker call (issue 25): what an open
 * sidebar reads once a minute and after each action, so nothing it shows goes stale.
 */
export function readDocumentStatus(): DocumentStatusView | null {
  if (readWorkerKey() === null) return null;
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const answer = asRecord<DocumentStatusAnswer>(
    callRoute(WORKER_ROUTES.documentStatus, { params: { documentId: spreadsheet.getId() } }),
    'the document status',
  );
  return {
    at: numberAt(answer, 'at'),
    timeZone: spreadsheetTimeZone(),
    schedules: asScheduleList(answer).map(withRunnerLine),
    allowance: readAllowanceAnswer(answer.allowance),
  };
}
