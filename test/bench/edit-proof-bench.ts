import request from 'supertest';
import { EDIT_PROOF_HEADER } from '../../shared/worker-api/edit-proof';
import type { ScheduleRequest } from '../../shared/worker-api/schedules';
import { sendAsAddon } from '../support/edit-proof';
import { SHEET_ID, startDeliveryWorld } from '../worker/src/jobs/delivery/server-delivery-fixture';
import { auth } from '../worker/src/worker-fixture';

/**
 * Issue 22's cost of proof of edit access: the Google calls and extra round trips it adds to a
 * sidebar's working day. Two editors keep the sidebar open on one shared spreadsheet from 09:00 to
 * 18:00, Settings and Schedules read every 30 minutes (what a sidebar refreshing while open asks),
 * each connects in the morning, one sets up a schedule, runs it now and approves spend; the
 * worker's clock moves through the day. Counted: the service account's developerMetadata.search
 * calls (Sheets API reads) and the 403 `edit_proof_required` answers (one more UrlFetch each).
 */

export interface EditProofBenchResult {
  proofMinutes: number;
  editors: number;
  /** Calls the add-on made to the worker in the day, the repeated ones included. */
  addonCalls: number;
  /** Of them, answers asking for proof: the extra round trips. */
  proofRoundTrips: number;
  /** The service account's Sheets API reads for proofs. */
  googleCalls: number;
}

export async function runEditProofBench(
  log: (line: string) => void,
  proofMinutes: number,
): Promise<EditProofBenchResult> {
  let offsetMs = 0;
  const env = await startDeliveryWorld({
    env: { LOG_LEVEL: 'warn', EDIT_PROOF_MINUTES: String(proofMinutes) },
    workerClock: { now: () => Date.now() + offsetMs },
  });
  try {
    const editors = [
      (await env.world.deps.store.keys.issue('ana@team.com')).key,
      (await env.world.deps.store.keys.issue('bo@team.com')).key,
    ];
    await env.world.deps.store.keys.issue('ana@team.com', SHEET_ID);
    env.emulator.reset();
    const counts = { addonCalls: 0, proofRoundTrips: 0 };
    const call = (key: string, method: 'get' | 'post' | 'put', path: string, body?: object) =>
      sendAsAddon((proof) => {
        counts.addonCalls += 1;
        if (proof !== undefined) counts.proofRoundTrips += 1;
        const test = request(env.world.app)[method](path).set(auth(key));
        const proved = proof === undefined ? test : test.set(EDIT_PROOF_HEADER, proof);
        return body === undefined ? proved : proved.send(body);
      }, env.fakes.spreadsheet);

    for (let minute = 0; minute <= 9 * 60; minute += 30) {
      offsetMs = minute * 60_000;
      for (const key of editors) await sidebarRefresh(call, key, minute);
    }
    const result = {
      proofMinutes,
      editors: editors.length,
      ...counts,
      googleCalls: env.emulator.stats().byMethod['spreadsheets.developerMetadata.search'] ?? 0,
    };
    log(
      `edit proofs (${proofMinutes} min): ${result.googleCalls} Sheets API reads, ${result.proofRoundTrips} extra round trips in ${result.addonCalls} add-on calls, ${result.editors} editors, 09:00-18:00`,
    );
    return result;
  } finally {
    await env.close();
  }
}

type Call = (key: string, method: 'get' | 'post' | 'put', path: string, body?: object) => Promise<unknown>;

/** What one editor's sidebar asks at `minute` after 09:00. */
async function sidebarRefresh(call: Call, key: string, minute: number): Promise<void> {
  const document = `/api/documents/${SHEET_ID}`;
  await call(key, 'get', `${document}/formula-allowance`);
  await call(key, 'get', `${document}/delivery`);
  const schedules = (await call(key, 'get', `${document}/schedules`)) as {
    body: { schedules?: { id: string }[] };
  };
  if (minute === 60) await call(key, 'post', `${document}/schedules`, dailyReport);
  const first = schedules.body.schedules?.[0]?.id;
  if (minute === 5 * 60 && first !== undefined) await call(key, 'post', `/api/schedules/${first}/run`);
  if (minute === 6 * 60) await call(key, 'post', `${document}/formula-approvals`, { credits: 5 });
}

const dailyReport: ScheduleRequest = {
  name: 'Daily creators',
  kind: 'reports',
  input: { sheetName: 'E-mails', row: 2, column: 1 },
  platform: 'instagram',
  output: { sheetName: 'E-mails', row: 1, column: 3 },
  mode: 'replace',
  cadence: { every: 'day', hour: 9 },
  timeZone: 'Europe/Berlin',
};
