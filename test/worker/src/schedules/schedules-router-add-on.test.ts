import request from 'supertest';
import type { ScheduleAnswer, ScheduleRequest } from '../../../../shared/worker-api/schedules';
import { auth, type WorkerWorld } from '../worker-fixture';
import { startDeliveryWorld, type DeliveryWorld } from '../jobs/delivery/server-delivery-fixture';
import { sendAsAddon } from '../../../support/edit-proof';
import { createScheduler } from '../../../../worker/src/schedules/scheduler';
import { addOnRunRequestId } from '../../../../shared/worker-api/schedule-runs/add-on-run-id';
import { mailHeader, startSmtpTestServer, type SmtpTestServer } from '../../../support/smtp-test-server';
import { testCertificate } from '../../../support/test-certificate';
import { startWebhookReceiver, type WebhookReceiver } from '../../../support/webhook-receiver';

/**
 * Issue 26, item 1: a schedule the add-on runs from a trigger, in a spreadsheet the worker may not
 * read (not shared with its service account, as in a domain that refuses outside sharing). Nothing
 * can be proven there, so it is trusted to whoever connected the formulas (who pays) and to whoever
 * set it up; the worker's scheduler never runs it; the add-on records each run.
 */

const CLOSED = '1ClosedDomainSheetOfAnaAndBob00000000000000';
const daily: ScheduleRequest = {
  name: 'Daily creators',
  kind: 'reports',
  input: { sheetName: 'Creators', row: 2, column: 1 },
  platform: 'instagram',
  output: { sheetName: 'Report', row: 1, column: 1 },
  mode: 'append-snapshot',
  cadence: { every: 'day', hour: 9 },
  timeZone: 'Europe/Berlin',
  runner: 'add-on',
};

let env: DeliveryWorld;
let world: WorkerWorld;
let smtp: SmtpTestServer;
let hook: WebhookReceiver;
const certificate = testCertificate();
const keys = { ana: '', bob: '', document: '' };

beforeAll(async () => {
  smtp = await startSmtpTestServer({ tls: certificate, user: 'alerts', password: 'smtp-secret-1' });
  hook = await startWebhookReceiver();
  env = await startDeliveryWorld({
    env: { LOG_LEVEL: 'warn' },
    alerts: {
      smtp: {
        host: '127.0.0.1',
        port: smtp.port,
        security: 'starttls',
        user: 'alerts',
        password: 'smtp-secret-1',
        from: 'alerts@team.com',
      },
      mail: { ca: certificate.cert },
    },
    spreadsheets: [{ id: CLOSED, tabs: ['Creators', 'Report'], shared: false }],
  });
  world = env.world;
  keys.ana = (await world.deps.store.keys.issue('ana@team.com')).key;
  keys.bob = (await world.deps.store.keys.issue('bob@team.com')).key;
  // Ana connected the formulas (UNPROVEN_DOCUMENT_KEYS=first): her budget pays for them.
  keys.document = (await world.deps.store.keys.issue('ana@team.com', CLOSED)).key;
  // The team's chat webhook for the document (Settings; set in the store: nothing is provable here).
  await world.deps.store.scheduleAlerts.setWebhook(CLOSED, hook.url, 'ana@team.com');
});
afterAll(async () => {
  await env.close();
  await smtp.close();
  await hook.close();
});

const sheet = () => env.spreadsheet(CLOSED);
const asAddon = (key: string, send: (r: request.Agent) => request.Test) =>
  sendAsAddon((proof) => {
    const test = send(request.agent(world.app)).set(auth(key));
    return proof === undefined ? test : test.set('X-Edit-Proof', proof);
  }, sheet());

describe('schedules the add-on runs where the worker may not write', () => {
  let made: ScheduleAnswer;

  it('lets the connector set one up, refuses a worker schedule there, and refuses Bob', async () => {
    const worker = await asAddon(keys.ana, (r) =>
      r.post(`/api/documents/${CLOSED}/schedules`).send({ ...daily, runner: undefined }),
    );
    expect(worker.status).toBe(403);
    expect(worker.body.error.code).toBe('edit_proof_unavailable');
    const bobs = await asAddon(keys.bob, (r) => r.post(`/api/documents/${CLOSED}/schedules`).send(daily));
    expect(bobs.status).toBe(403);
    expect(bobs.body.error.message).toContain('Until then only ana@team.com');
    const res = await asAddon(keys.ana, (r) => r.post(`/api/documents/${CLOSED}/schedules`).send(daily));
    expect(res.status).toBe(201);
    made = res.body as ScheduleAnswer;
    expect(made).toMatchObject({ runner: 'add-on', createdBy: 'ana@team.com', status: 'active' });
    const listed = await asAddon(keys.ana, (r) => r.get(`/api/documents/${CLOSED}/schedules`));
    expect((listed.body as { schedules: ScheduleAnswer[] }).schedules.map((s) => s.id)).toEqual([made.id]);
    // The sidebar's minute read says the same; Bob, who set none up and pays for none, is refused.
    const status = await asAddon(keys.ana, (r) => r.get(`/api/documents/${CLOSED}/status`));
    expect((status.body as { schedules: ScheduleAnswer[] }).schedules.map((s) => s.id)).toEqual([made.id]);
    const bobsStatus = await asAddon(keys.bob, (r) => r.get(`/api/documents/${CLOSED}/status`));
    expect(bobsStatus.status).toBe(403);
  });

  it("pages a saved search it runs for its trigger, with the document key only, its credits the ledger's", async () => {
    const res = await asAddon(keys.ana, (r) =>
      r.post(`/api/documents/${CLOSED}/schedules`).send({
        ...daily,
        name: 'Weekly search',
        kind: 'search',
        mode: 'replace',
        search: { platform: 'youtube', pages: 2 },
      }),
    );
    expect(res.status).toBe(201);
    const search = res.body as ScheduleAnswer;
    const at = Date.now();
    const fetchTable = (key: string) =>
      request(world.app)
        .post(`/api/schedules/${search.id}/search`)
        .set(auth(key))
        .set('X-Request-Id', addOnRunRequestId(search.id, at))
        .send({});
    // Ana's own key (she set it up) is not the document's: its formulas' key pays, as for reports.
    const own = await fetchTable(keys.ana);
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('document_key_required');
    const otherDocument = (
      await world.deps.store.keys.issue('bob@team.com', '1AnotherSheet0000000000000000000000000000000')
    ).key;
    expect((await fetchTable(otherDocument)).status).toBe(403);

    const table = await fetchTable(keys.document);
    expect(table.status).toBe(200);
    expect(table.body.header).toContain('Followers');
    expect(table.body.rows).toHaveLength(30);
    await world.deps.store.schedules.runNow(search.id);
    const recorded = await asAddon(keys.ana, (r) =>
      r.post(`/api/schedules/${search.id}/runs`).send({
        run: { at, outcome: 'ok', rows: 30, message: 'Refreshed 30 rows.' },
        rowsWritten: 30,
      }),
    );
    expect(recorded.status).toBe(200);
    const spent = await world.deps.store.ledger.creditsOfRequest(
      'ana@team.com',
      addOnRunRequestId(search.id, at),
    );
    expect(spent).toBeGreaterThan(0);
    expect((recorded.body as ScheduleAnswer).lastRun?.credits).toBe(spent);
    await asAddon(keys.ana, (r) => r.delete(`/api/schedules/${search.id}`));
  });

  it('is never taken by the scheduler, even when due', async () => {
    await world.deps.store.schedules.runNow(made.id);
    const ran: string[] = [];
    const scheduler = createScheduler({
      store: world.deps.store,
      clock: world.deps.clock,
      sleep: world.deps.sleep,
      logger: world.deps.logger,
      run: async (schedule) => {
        ran.push(schedule.id);
        return { at: 0, outcome: 'ok', rows: 0, credits: 0, message: 'ran' };
      },
    });
    await scheduler.tick();
    expect(ran).not.toContain(made.id);
    expect(await world.deps.store.schedules.due(Date.now() + 1000, 100)).toEqual([]);
  });

  /** The add-on's fetch of one block, with the document key and the run's request id, as its runner sends it. */
  async function fetchAsRun(at: number, handles: string[]): Promise<void> {
    const res = await request(world.app)
      .post('/api/reports')
      .set(auth(keys.document))
      .set('X-Request-Id', addOnRunRequestId(made.id, at))
      .send({ handles, platform: 'instagram', withHeader: true, deadlineMs: 60_000 });
    expect(res.status).toBe(200);
    expect(res.body.pending).toBe(0);
  }

  it("records the add-on's run as the scheduler would: run log, next run; only its owner, only when due", async () => {
    const at = Date.now();
    await fetchAsRun(at, world.handles(3, 'instagram', 300));
    const ledger = (await world.deps.store.ledger.recent('ana@team.com', 100)).filter(
      (entry) => entry.requestId === addOnRunRequestId(made.id, at),
    );
    const paid = ledger.reduce((sum, entry) => sum + entry.actualCredits, 0);
    expect(paid).toBeGreaterThan(0);
    // Whatever the add-on says it spent is not taken: the ledger's sum is.
    const run = { at, outcome: 'ok', rows: 12, credits: 0.5, message: 'Added a snapshot of 12 rows.' };
    const bobs = await asAddon(keys.bob, (r) =>
      r.post(`/api/schedules/${made.id}/runs`).send({ run, rowsWritten: 12 }),
    );
    expect(bobs.status).toBe(403);
    const res = await asAddon(keys.ana, (r) =>
      r.post(`/api/schedules/${made.id}/runs`).send({ run, rowsWritten: 12 }),
    );
    expect(res.status).toBe(200);
    const after = res.body as ScheduleAnswer;
    expect(after.lastRun).toEqual({ ...run, credits: paid });
    expect(after.spentThisMonth).toBe(paid);
    expect(after.nextRunAt).toBeGreaterThan(Date.now());
    expect(after.runs?.[0]).toEqual({ ...run, credits: paid });
    // Recorded once: the same run again finds it no longer due.
    const again = await asAddon(keys.ana, (r) =>
      r.post(`/api/schedules/${made.id}/runs`).send({ run, rowsWritten: 12 }),
    );
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('schedule_not_due');
  });

  it('records 0 credits for a run whose creators were all in the cache', async () => {
    await world.deps.store.schedules.runNow(made.id);
    const at = Date.now() + 1;
    await fetchAsRun(at, world.handles(3, 'instagram', 300));
    const run = { at, outcome: 'ok', rows: 12, message: 'Added a snapshot of 12 rows.' };
    const res = await asAddon(keys.ana, (r) =>
      r.post(`/api/schedules/${made.id}/runs`).send({ run, rowsWritten: 12 }),
    );
    expect(res.status).toBe(200);
    expect((res.body as ScheduleAnswer).lastRun).toEqual({ ...run, at: expect.any(Number), credits: 0 });
  });

  it("raises a failed add-on run's alert as a worker run's: e-mail and chat webhook, said in the sidebar", async () => {
    await world.deps.store.schedules.runNow(made.id);
    const run = { at: Date.now(), outcome: 'failed', rows: 0, message: 'The tab "Creators" is gone.' };
    const res = await asAddon(keys.ana, (r) =>
      r.post(`/api/schedules/${made.id}/runs`).send({ run, rowsWritten: 0, banner: true }),
    );
    expect(res.status).toBe(200);
    expect((res.body as ScheduleAnswer).alert).toEqual({
      kind: 'failed',
      at: expect.any(Number),
      message: 'The tab "Creators" is gone.',
      channels: [
        { channel: 'banner', ok: true, note: 'written in the sheet by the add-on, as its run ended' },
        { channel: 'email', ok: true, note: 'Sent to ana@team.com.' },
        { channel: 'webhook', ok: true, note: 'Posted to the chat webhook.' },
      ],
    });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(['ana@team.com']);
    expect(mailHeader(smtp.received[0], 'Subject')).toBe('Creator Sheets: "Daily creators" failed');
    expect(hook.posts).toHaveLength(1);
    expect((hook.posts[0].body as { text: string }).text).toContain('The tab "Creators" is gone.');
  });

  it('pauses after three failed runs in a row, as a worker schedule does', async () => {
    // The run before failed too: two more make three in a row.
    for (let i = 0; i < 2; i++) {
      await world.deps.store.schedules.runNow(made.id);
      const run = { at: Date.now(), outcome: 'failed', rows: 0, message: 'The tab is gone.' };
      const res = await asAddon(keys.ana, (r) =>
        r.post(`/api/schedules/${made.id}/runs`).send({ run, rowsWritten: 0, banner: false }),
      );
      expect(res.status).toBe(200);
    }
    const schedule = await world.deps.store.schedules.get(made.id);
    expect(schedule).toMatchObject({
      status: 'paused',
      pausedReason: 'The tab is gone.',
      rowsWritten: 12,
      alert: { kind: 'paused', message: 'The tab is gone.' },
    });
    // The add-on found no stamp of a good run to write its banner over: the alert says so.
    expect(schedule?.alert?.channels[0]).toEqual({
      channel: 'banner',
      ok: false,
      note: 'the add-on wrote none: no "Last refreshed" stamp of a good run to write it over, or a person\'s text in that cell',
    });
    expect(mailHeader(smtp.received[2], 'Subject')).toBe(
      'Creator Sheets: "Daily creators" is paused after 3 failed runs',
    );
    expect(hook.posts).toHaveLength(3);
  });
});

describe('taking over a schedule whose owner left, in a domain where nothing can be proven', () => {
  const HOUR = 60 * 60_000;
  const takeOver = (key: string, id: string) => asAddon(key, (r) => r.post(`/api/schedules/${id}/takeover`));

  it('lets whoever connects the formulas next take over an orphaned one, recorded and told; never one that still runs', async () => {
    const made = await asAddon(keys.ana, (r) =>
      r.post(`/api/documents/${CLOSED}/schedules`).send({ ...daily, name: 'Ana leaves' }),
    );
    expect(made.status).toBe(201);
    const id = (made.body as ScheduleAnswer).id;
    const carl = (await world.deps.store.keys.issue('carl@team.com')).key;

    // Ana's trigger still runs it: nobody takes it, not even whoever pays.
    const early = await takeOver(keys.ana, id);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('already_theirs');
    // Ana leaves; Carl connects the document's formulas (its key is his now, he pays).
    await world.deps.store.keys.issue('carl@team.com', CLOSED);
    const still = await takeOver(carl, id);
    expect(still.status).toBe(409);
    expect(still.body.error.code).toBe('owner_still_runs_it');
    // Bob neither pays nor can prove he edits the sheet: refused whatever state it is in.
    await world.deps.store.schedules.setStatus(id, 'active', Date.now() - 7 * HOUR, null);
    const bobs = await takeOver(keys.bob, id);
    expect(bobs.status).toBe(403);
    expect(bobs.body.error.code).toBe('edit_proof_unavailable');

    // Overdue by 7 hours: Ana's trigger is gone. Carl takes it over.
    const mails = smtp.received.length;
    const taken = await takeOver(carl, id);
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ id, createdBy: 'carl@team.com', runner: 'add-on' });
    const changes = await world.deps.store.documentChanges.recent(CLOSED, 10);
    expect(changes[0]).toMatchObject({
      by: 'carl@team.com',
      kind: 'schedule-handed-over',
      summary: expect.stringMatching(
        /^carl@team\.com took over the schedule "Ana leaves" from ana@team\.com: ana@team\.com's trigger has not run it for 7 hours past its time\. It runs from carl@team\.com's trigger, as them, from now on\.$/,
      ),
    });
    expect(smtp.received).toHaveLength(mails + 1);
    expect(smtp.received[mails].to).toEqual(['ana@team.com']);
    expect(mailHeader(smtp.received[mails], 'Subject')).toBe('Creator Sheets: "Ana leaves" was taken over');
    // Ana's trigger, should it fire again, records nothing for it: it is Carl's now.
    await world.deps.store.schedules.runNow(id);
    const anas = await asAddon(keys.ana, (r) =>
      r.post(`/api/schedules/${id}/runs`).send({
        run: { at: Date.now(), outcome: 'ok', rows: 1, message: 'Refreshed 1 row.' },
        rowsWritten: 1,
      }),
    );
    expect(anas.status).toBe(403);
  });
});
