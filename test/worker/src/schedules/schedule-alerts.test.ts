import request from 'supertest';
import {
  SUMMARY_TAB_SUFFIX,
  WIDE_TABLE_LAST_COLUMN,
} from '../../../../shared/worker-api/schedule-runs/schedule-run-layout';
import pino from 'pino';
import type { ScheduleAnswer, ScheduleRequest } from '../../../../shared/worker-api/schedules';
import type { SmtpSettings } from '../../../../worker/src/alerts/smtp-client';
import { createSheetsPacer } from '../../../../worker/src/google/sheets-pacer';
import { scheduledRun } from '../../../../worker/src/schedules/scheduled-run';
import { createScheduler, type Scheduler } from '../../../../worker/src/schedules/scheduler';
import { proveEditAccess } from '../../../support/edit-proof';
import { skippedWaits } from '../../../support/skipped-waits';
import {
  mailBody,
  mailHeader,
  startSmtpTestServer,
  type SmtpTestServer,
} from '../../../support/smtp-test-server';
import { testCertificate } from '../../../support/test-certificate';
import { startWebhookReceiver, type WebhookReceiver } from '../../../support/webhook-receiver';
import { SHEET_ID, startDeliveryWorld, type DeliveryWorld } from '../jobs/delivery/server-delivery-fixture';
import { auth, callsOf } from '../worker-fixture';

/**
 * Issue 25: a failing schedule raises its alert in every place within the run that failed: a
 * banner cell on its output tab (only where the schedule may write), a line for every editor in
 * the sidebar's list (the schedule's `alert`, and its run log), an e-mail through a real SMTP
 * exchange with a local server, and the document's chat webhook; the webhook's URL reaches no
 * sheet, no answer and no log line.
 */

jest.setTimeout(120_000);

const OWNER = 'ana@team.com';
const EDITOR = 'bob@team.com';
const PASSWORD = 'smtp-Pa55word-never-shown';
const waits = skippedWaits();
const certificate = testCertificate();
let env: DeliveryWorld;
let smtp: SmtpTestServer;
let hook: WebhookReceiver;
let scheduler: Scheduler;
const keys = { owner: '', editor: '' };

beforeAll(async () => {
  smtp = await startSmtpTestServer({ tls: certificate, user: 'alerts', password: PASSWORD });
  hook = await startWebhookReceiver();
  env = await startDeliveryWorld({ clock: waits.clock });
  const { store } = env.world.deps;
  await store.formulaAllowances.set(SHEET_ID, null, OWNER);
  keys.owner = (await store.keys.issue(OWNER)).key;
  keys.editor = (await store.keys.issue(EDITOR)).key;
  await store.keys.issue(OWNER, SHEET_ID);
  for (const key of [keys.owner, keys.editor])
    await proveEditAccess(env.world.app, auth(key), env.fakes.spreadsheet);
  const settings: SmtpSettings = {
    host: '127.0.0.1',
    port: smtp.port,
    security: 'starttls',
    user: 'alerts',
    password: PASSWORD,
    from: 'alerts@team.com',
  };
  scheduler = createScheduler({
    store,
    clock: waits.clock,
    sleep: waits.sleep,
    logger: pino({ level: 'silent' }),
    run: scheduledRun({
      ...env.world.deps,
      sheetsPacer: createSheetsPacer(waits.clock, waits.sleep),
      alerts: { smtp: settings, mail: { ca: certificate.cert } },
    }),
  });
});
afterAll(async () => {
  await env.close();
  await smtp.close();
  await hook.close();
});

const request_: ScheduleRequest = {
  name: 'Daily creators',
  kind: 'reports',
  input: { sheetName: 'Alerts', row: 2, column: 1 },
  platform: 'instagram',
  fields: ['handle', 'followers'],
  output: { sheetName: 'Alerts', row: 1, column: 3 },
  mode: 'replace',
  cadence: { every: 'day', hour: 9 },
  timeZone: 'Europe/Berlin',
};

async function listed(id: string): Promise<ScheduleAnswer> {
  const res = await request(env.world.app).get(`/api/documents/${SHEET_ID}/schedules`).set(auth(keys.editor));
  expect(res.status).toBe(200);
  const found = (res.body.schedules as ScheduleAnswer[]).find((schedule) => schedule.id === id);
  if (found === undefined) throw new Error(`schedule ${id} not listed`);
  return found;
}

async function runNow(id: string): Promise<void> {
  await env.world.deps.store.schedules.runNow(id);
  await scheduler.tick();
}

function everyCell(): string {
  return env.fakes.spreadsheet
    .getSheets()
    .map((sheet) => JSON.stringify(sheet.getDataRange().getValues()))
    .join('\n');
}

describe('alerts of a failing schedule (issue 25)', () => {
  it('sets a webhook per document that nobody reads back, only a hint of it', async () => {
    const put = await request(env.world.app)
      .put(`/api/documents/${SHEET_ID}/schedule-alerts`)
      .set(auth(keys.owner))
      .send({ webhookUrl: hook.url });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      webhook: {
        hint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/…9xyz$/),
        setBy: OWNER,
        setAt: expect.any(Number),
      },
      email: false,
      mayChange: true,
    });
    const seen = await request(env.world.app)
      .get(`/api/documents/${SHEET_ID}/schedule-alerts`)
      .set(auth(keys.editor));
    expect(seen.body).toMatchObject({ webhook: { setBy: OWNER }, mayChange: false });
    expect(JSON.stringify([put.body, seen.body])).not.toContain('T0pSecretHookPath9xyz');
    const refused = await request(env.world.app)
      .put(`/api/documents/${SHEET_ID}/schedule-alerts`)
      .set(auth(keys.editor))
      .send({ webhookUrl: 'https://chat.example.com/hooks/other' });
    expect(refused.status).toBe(403);
    const plain = await request(env.world.app)
      .put(`/api/documents/${SHEET_ID}/schedule-alerts`)
      .set(auth(keys.owner))
      .send({ webhookUrl: 'http://chat.example.com/hooks/x' });
    expect(plain.body.error.message).toBe(
      'The chat webhook must be an https URL: what it carries is posted to it as it is.',
    );
  });

  it('raises the banner, the sidebar line, the e-mail and the webhook within the failing run; pauses on the third; clears on a good run', async () => {
    const { world, fakes } = env;
    const sheet = fakes.spreadsheet.insertSheet('Alerts');
    sheet.getRange(2, 1, 3, 1).setValues(world.handles(3, 'instagram', 700).map((handle) => [handle]));
    const schedule = await world.deps.store.schedules.create(SHEET_ID, request_, OWNER, waits.clock.now());
    await scheduler.tick();
    const good = await listed(schedule.id);
    expect(good.lastRun).toMatchObject({ outcome: 'ok', rows: 3 });
    expect(good.alert).toBeNull();

    // A budget of its own too small for three new creators: the run stops before paying.
    await world.deps.store.schedules.update(
      schedule.id,
      { ...request_, monthlyBudget: (good.spentThisMonth ?? 0) + 1 },
      null,
    );
    sheet.getRange(2, 1, 3, 1).setValues(world.handles(3, 'instagram', 800).map((handle) => [handle]));
    await world.resetStats();
    await runNow(schedule.id);
    expect(callsOf(await world.stats(), 'report')).toBe(0);

    const failed = await listed(schedule.id);
    expect(failed.lastRun).toMatchObject({ outcome: 'failed', credits: 0 });
    expect(failed.lastRun?.message).toContain(
      "more than the 1 credit left of this schedule's monthly budget",
    );
    expect(failed.alert).toEqual({
      kind: 'failed',
      at: failed.lastRun?.at,
      message: failed.lastRun?.message,
      channels: [
        { channel: 'banner', ok: true, note: "Written in 'Alerts'!E1." },
        { channel: 'email', ok: true, note: `Sent to ${OWNER}.` },
        { channel: 'webhook', ok: true, note: 'Posted to the chat webhook.' },
      ],
    });
    expect(failed.runs?.map((run) => run.outcome)).toEqual(['failed', 'ok']);

    // The banner sits where the stamp was; the table it wrote stays.
    const banner = String(sheet.getRange(1, 5).getValue());
    expect(banner).toMatch(
      /^⚠ Not refreshed: the run of \d{4}-\d\d-\d\d \d\d:\d\d \(Europe\/Berlin\) failed: This run would cost/,
    );
    expect(banner).toMatch(/Last refreshed \d{4}-\d\d-\d\d \d\d:\d\d\.$/);
    expect(
      sheet
        .getRange(2, 3, 3, 1)
        .getValues()
        .flat()
        .every((cell) => cell !== ''),
    ).toBe(true);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({ to: [OWNER], tls: true, user: 'alerts' });
    expect(mailHeader(mail, 'Subject')).toBe('Creator Sheets: "Daily creators" failed');
    expect(mailBody(mail)).toContain(`https://docs.google.com/spreadsheets/d/${SHEET_ID}/edit`);
    expect(hook.posts).toHaveLength(1);
    expect((hook.posts[0].body as { text: string }).text).toContain('"Daily creators" failed');

    await runNow(schedule.id);
    await runNow(schedule.id);
    const paused = await listed(schedule.id);
    expect(paused).toMatchObject({ status: 'paused', alert: { kind: 'paused' } });
    expect(String(sheet.getRange(1, 5).getValue())).toMatch(/^⚠ Paused after 3 failed runs/);
    expect(mailHeader(smtp.received[2], 'Subject')).toBe(
      'Creator Sheets: "Daily creators" is paused after 3 failed runs',
    );
    expect(hook.posts).toHaveLength(3);

    // The webhook's secret and the mail password are nowhere a person or a log can read.
    const logs = world.logs();
    for (const secret of ['T0pSecretHookPath9xyz', PASSWORD]) {
      expect(everyCell()).not.toContain(secret);
      expect(logs).not.toContain(secret);
      expect(JSON.stringify(paused)).not.toContain(secret);
    }

    // Resumed with room in its budget: the good run stamps over the banner, and the alert is gone.
    await world.deps.store.schedules.update(schedule.id, { ...request_, monthlyBudget: 100 }, null);
    await request(world.app)
      .patch(`/api/schedules/${schedule.id}`)
      .set(auth(keys.owner))
      .send({ status: 'active' });
    await runNow(schedule.id);
    const back = await listed(schedule.id);
    expect(back).toMatchObject({ status: 'active', alert: null, lastRun: { outcome: 'ok' } });
    expect(String(sheet.getRange(1, 5).getValue())).toMatch(/^Last refreshed /);
  });

  it('never writes its banner over a cell the schedule does not own', async () => {
    const { world, fakes } = env;
    const sheet = fakes.spreadsheet.insertSheet('Taken');
    sheet.getRange(2, 1).setValue('@nobody_at_all');
    // Someone's note where the stamp would go, and the place's header row is theirs too.
    sheet.getRange(1, 5).setValue("Maria's note");
    const taken = {
      ...request_,
      name: 'Taken place',
      input: { ...request_.input, sheetName: 'Taken' },
      output: { ...request_.output, sheetName: 'Taken' },
    };
    const schedule = await world.deps.store.schedules.create(SHEET_ID, taken, OWNER, waits.clock.now());
    await scheduler.tick();
    const failed = await listed(schedule.id);
    expect(failed.lastRun?.message).toContain('this schedule did not write');
    expect(failed.alert?.channels[0]).toEqual({
      channel: 'banner',
      ok: false,
      note: "'Taken'!E1 holds what this schedule did not write, so no banner went there.",
    });
    expect(sheet.getRange(1, 5).getValue()).toBe("Maria's note");
  });

  it("raises a wide table's banner on the tab beside it, where its stamp is", async () => {
    const { world, fakes } = env;
    const sheet = fakes.spreadsheet.insertSheet('Wide');
    sheet.getRange(2, 1, 2, 1).setValues(world.handles(2, 'instagram', 900).map((handle) => [handle]));
    // From column J, two columns pass the last column a stamp may sit beside: a wide table.
    const wide = {
      ...request_,
      name: 'Wide creators',
      input: { ...request_.input, sheetName: 'Wide' },
      output: { sheetName: 'Wide', row: 1, column: WIDE_TABLE_LAST_COLUMN },
    };
    const schedule = await world.deps.store.schedules.create(SHEET_ID, wide, OWNER, waits.clock.now());
    await scheduler.tick();
    const good = await listed(schedule.id);
    expect(good.lastRun).toMatchObject({ outcome: 'ok', rows: 2 });
    const summary = fakes.spreadsheet.getSheetByName(`Wide${SUMMARY_TAB_SUFFIX}`);
    expect(String(summary?.getRange(1, 1).getValue())).toMatch(/^Last refreshed /);

    await world.deps.store.schedules.update(
      schedule.id,
      { ...wide, monthlyBudget: (good.spentThisMonth ?? 0) + 1 },
      null,
    );
    sheet.getRange(2, 1, 2, 1).setValues(world.handles(2, 'instagram', 950).map((handle) => [handle]));
    await runNow(schedule.id);
    const failed = await listed(schedule.id);
    expect(failed.alert?.channels[0]).toEqual({
      channel: 'banner',
      ok: true,
      note: `Written in 'Wide${SUMMARY_TAB_SUFFIX}'!A1.`,
    });
    expect(String(summary?.getRange(1, 1).getValue())).toMatch(/^⚠ Not refreshed: the run of /);
    // Nothing right of the wide table's header: the banner is not where no stamp ever was.
    expect(sheet.getRange(1, WIDE_TABLE_LAST_COLUMN + 2).getValue()).toBe('');
  });
});
