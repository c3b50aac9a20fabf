import { randomBytes } from 'node:crypto';
import request from 'supertest';
import {
  EDIT_PROOF_HEADER,
  EDIT_PROOF_REQUIRED,
  type EditProofChallenge,
} from '../../../../shared/worker-api/edit-proof';
import {
  SPREADSHEET_ROUTES,
  WORKER_ROUTES,
  type WorkerRouteName,
} from '../../../../shared/worker-api/routes';
import type { ScheduleRequest } from '../../../../shared/worker-api/schedules';
import {
  makeSigningKey,
  mintIdToken,
  startCertServer,
  TEST_CLIENT_ID,
  validClaims,
  type CertServer,
} from '../../../../worker/playground/fake-google';
import type { FakeSpreadsheet } from '../../../../worker/playground/apps-script/spreadsheet/spreadsheet';
import { openPostgresStore } from '../../../../worker/src/store/postgres/postgres-store';
import type { Store } from '../../../../worker/src/store/store';
import { challengeOf, sendAsAddon, writeChallenge } from '../../../support/edit-proof';
import { startDeliveryWorld, type DeliveryWorld } from '../jobs/delivery/server-delivery-fixture';
import { freshPostgresDatabase } from '../store/store-engines';

/**
 * Issue 22's attacker: Mallory, a signed-in member of the team, with nothing but her own Google
 * sign-in and HTTP, against a worker with a service account and two spreadsheets shared with it:
 * her team's sheet (TEAM, which she edits and has proven it) and Victor's (FOREIGN, whose Payroll
 * tab holds names and salaries, whose formulas Victor connected, with Victor's schedule and
 * allowance). Through every route the route table binds to a spreadsheet, with every proof she
 * can come by, she changes nothing in FOREIGN, nothing about it, and spends nothing for it. On
 * both engines.
 */

jest.setTimeout(120_000);

const TEAM = '1TeamSheetMalloryEdits000000000000000000000';
const FOREIGN = '1VictorsSheetWithPayroll00000000000000000000';
const VICTOR = 'victor@team.com';
const MALLORY = 'mallory@team.com';
/** Mallory again under another address per attack: checks with Google are bounded per person. */
const malloryFor = (route: string) => `mallory.${route.toLowerCase()}@team.com`;
const VERA = 'vera@team.com';

const victorsSchedule: ScheduleRequest = {
  name: 'Victor creators',
  kind: 'reports',
  input: { sheetName: 'Creators', row: 2, column: 1 },
  platform: 'instagram',
  output: { sheetName: 'Report', row: 1, column: 1 },
  mode: 'replace',
  cadence: { every: 'day', hour: 9 },
  timeZone: 'Europe/Berlin',
};

/** Mallory's schedule, aimed at Victor's Payroll tab in replace mode. */
const intoPayroll: ScheduleRequest = {
  ...victorsSchedule,
  name: 'Mallory',
  input: { sheetName: 'Payroll', row: 1, column: 1 },
  output: { sheetName: 'Payroll', row: 1, column: 1 },
};

const FAST_QUOTAS = {
  readsPerMinutePerUser: 100_000,
  writesPerMinutePerUser: 100_000,
  readsPerMinutePerProject: 100_000,
  writesPerMinutePerProject: 100_000,
};

interface Engine {
  name: 'sqlite' | 'postgres';
  open(): Promise<{ store?: Store; drop(): Promise<void> }>;
}

const ENGINES: Engine[] = [
  { name: 'sqlite', open: async () => ({ drop: async () => undefined }) },
  {
    name: 'postgres',
    open: async () => {
      const database = await freshPostgresDatabase();
      const store = await openPostgresStore({ url: database.url, secret: randomBytes(32), poolSize: 6 });
      return { store, drop: database.drop };
    },
  },
];

describe.each(ENGINES)('a member who cannot edit a spreadsheet [$name]', (engine) => {
  let env: DeliveryWorld;
  let certs: CertServer;
  let dropDatabase: () => Promise<void>;
  const googleKey = makeSigningKey('attack-key');
  const idToken = (email: string) => mintIdToken(googleKey, validClaims({ email }));
  const bearer = (credential: string) => ({ Authorization: `Bearer ${credential}` });
  const keys = { victor: '', mallory: '', vera: '' };
  /** Who attacks now: Mallory, under the address of the attack at hand. */
  let attacker = MALLORY;
  let scheduleId = '';
  let foreign: FakeSpreadsheet;
  let before: string;

  /** Everything FOREIGN holds and everything the worker keeps about it, as text to compare. */
  async function foreignState(): Promise<string> {
    const { store } = env.world.deps;
    const tabs = foreign.getSheets().map((sheet) => [sheet.getName(), sheet.getDataRange().getValues()]);
    const metadata = foreign.metadata.all().map((entry) => [entry.key, entry.value]);
    const documentKey = await store.keys.ofDocument(FOREIGN);
    const schedules = (await store.schedules.ofDocument(FOREIGN)).map((schedule) => ({
      ...schedule,
      nextRunAt: null,
    }));
    const allowance = await store.formulaAllowances.get(FOREIGN);
    const changes = await store.documentChanges.recent(FOREIGN, 100);
    const delivered = env.emulator.charts(FOREIGN);
    const webhook = await store.scheduleAlerts.webhookOf(FOREIGN);
    return JSON.stringify({ tabs, metadata, documentKey, schedules, allowance, changes, delivered, webhook });
  }

  beforeAll(async () => {
    certs = await startCertServer([googleKey]);
    const opened = await engine.open();
    dropDatabase = opened.drop;
    env = await startDeliveryWorld({
      ...(opened.store ? { store: opened.store } : {}),
      // Google's per-minute quotas raised, and the worker's pace with them: the attacks are many.
      quotas: FAST_QUOTAS,
      delivery: { pace: { perAccountPerMinute: 6_000, perSpreadsheetPerMinute: 6_000 } },
      env: {
        LOG_LEVEL: 'warn',
        GOOGLE_CLIENT_IDS: TEST_CLIENT_ID,
        GOOGLE_CERTS_URL: certs.url,
        ALLOWED_DOMAINS: 'team.com',
      },
      spreadsheets: [
        { id: TEAM, tabs: ['Creators', 'Report'] },
        { id: FOREIGN, tabs: ['Payroll', 'Creators', 'Report'] },
      ],
    });
    foreign = env.spreadsheet(FOREIGN);
    foreign
      .getSheetByName('Payroll')
      ?.getRange(1, 1, 3, 2)
      .setValues([
        ['Name', 'Salary'],
        ['Ann', 81000],
        ['Ben', 64000],
      ]);
    foreign
      .getSheetByName('Creators')
      ?.getRange(1, 1, 3, 1)
      .setValues([['Creator'], ...env.world.handles(2).map((h) => [h])]);
    // Vera may only view FOREIGN: she can read its developer metadata, not write it.
    foreign.setAccess(VERA, 'view');
    const app = env.world.app;

    // Victor connects FOREIGN from his add-on (with proof), schedules a report and sets an allowance.
    const victor = await sendAsAddon(
      (proof) =>
        withProof(
          request(app)
            .post('/api/keys')
            .set(bearer(idToken(VICTOR))),
          proof,
        ).send({ documentId: FOREIGN }),
      foreign,
    );
    expect(victor.status).toBe(201);
    keys.victor = victor.body.key as string;
    const schedule = await request(app)
      .post(`/api/documents/${FOREIGN}/schedules`)
      .set(bearer(keys.victor))
      .send(victorsSchedule);
    expect(schedule.status).toBe(201);
    scheduleId = schedule.body.id as string;
    expect(
      (
        await request(app)
          .put(`/api/documents/${FOREIGN}/formula-allowance`)
          .set(bearer(keys.victor))
          .send({ perDay: 3 })
      ).status,
    ).toBe(200);

    // Mallory and Vera sign in; Mallory proves, honestly, that she edits her own sheet.
    keys.mallory = (
      await request(app)
        .post('/api/keys')
        .set(bearer(idToken(MALLORY)))
        .send({})
    ).body.key as string;
    keys.vera = (
      await request(app)
        .post('/api/keys')
        .set(bearer(idToken(VERA)))
        .send({})
    ).body.key as string;
    const own = await sendAsAddon(
      (proof) =>
        withProof(request(app).post(`/api/documents/${TEAM}/edit-proof`).set(bearer(keys.mallory)), proof),
      env.spreadsheet(TEAM),
    );
    expect(own.body).toMatchObject({ proven: true });

    before = await foreignState();
    await env.world.resetStats();
    env.emulator.reset();
  });

  afterAll(async () => {
    await env?.close();
    await certs?.close();
    await dropDatabase?.();
  });

  function withProof(test: request.Test, proof: string | undefined): request.Test {
    return proof === undefined ? test : test.set(EDIT_PROOF_HEADER, proof);
  }

  /**
   * Every proof Mallory can come by, for `send`: none; the challenge the worker gave her for
   * FOREIGN (she cannot write it there); her real, written proof of TEAM; Victor's challenge for
   * FOREIGN, read off FOREIGN's metadata by Vera, who views it; and Vera's own, which she cannot
   * write either. Each answer must refuse.
   */
  async function everyProof(send: (proof: string | undefined) => request.Test): Promise<request.Response[]> {
    const app = env.world.app;
    const answers: request.Response[] = [await send(undefined)];
    const asked = await request(app).post(`/api/documents/${FOREIGN}/edit-proof`).set(bearer(keys.mallory));
    answers.push(await send(challengeOf(asked.status, asked.body).metadataValue));

    const team = await request(app).post(`/api/documents/${TEAM}/edit-proof`).set(bearer(keys.mallory));
    // Her proof of TEAM stands, so she gets none to replay: mint one as her add-on would, in TEAM.
    const teamChallenge =
      team.status === 403 ? challengeOf(team.status, team.body) : await freshChallenge(TEAM);
    const removeTeam = writeChallenge(env.spreadsheet(TEAM), teamChallenge);
    answers.push(await send(teamChallenge.metadataValue));
    removeTeam();

    const victors = await freshChallenge(FOREIGN, VICTOR);
    const removeVictors = writeChallenge(foreign, victors);
    answers.push(await send(victors.metadataValue));
    removeVictors();

    const veras = await request(app).post(`/api/documents/${FOREIGN}/edit-proof`).set(bearer(keys.vera));
    answers.push(await send(challengeOf(veras.status, veras.body).metadataValue));
    return answers;
  }

  /** A challenge the worker gives a person who holds no kept proof (a fresh key of theirs). */
  async function freshChallenge(documentId: string, email = attacker): Promise<EditProofChallenge> {
    const key = (await env.world.deps.store.keys.issue(`${email.split('@')[0]}+fresh@team.com`)).key;
    // Bound to that address, not `email`: which is exactly what makes it useless to Mallory.
    const asked = await request(env.world.app)
      .post(`/api/documents/${documentId}/edit-proof`)
      .set(bearer(key));
    return challengeOf(asked.status, asked.body);
  }

  /** Mallory's own small job, to aim its delivery at FOREIGN. */
  async function mallorysJob(): Promise<string> {
    const job = await request(env.world.app)
      .post('/api/jobs')
      .set(bearer(keys.mallory))
      .send({ kind: 'email-enrichment', input: { emails: ['a@brand1.example.com'] } });
    expect(job.status).toBe(202);
    return job.body.id as string;
  }

  /** By route name: the runtime check below holds them equal to the table's bound routes. */
  const ATTACKS: Partial<Record<WorkerRouteName, () => Promise<request.Response[]>>> = {
    issueKey: async () => [
      ...(await everyProof((proof) =>
        withProof(
          request(env.world.app)
            .post('/api/keys')
            .set(bearer(idToken(attacker))),
          proof,
        ).send({
          documentId: FOREIGN,
          takeOver: true,
        }),
      )),
    ],
    proveEditAccess: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app).post(`/api/documents/${FOREIGN}/edit-proof`).set(bearer(keys.mallory)),
          proof,
        ),
      ),
    formulaAllowance: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app).get(`/api/documents/${FOREIGN}/formula-allowance`).set(bearer(keys.mallory)),
          proof,
        ),
      ),
    setFormulaAllowance: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app).put(`/api/documents/${FOREIGN}/formula-allowance`).set(bearer(keys.mallory)),
          proof,
        ).send({
          perDay: 1000,
        }),
      ),
    approveFormulas: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app)
            .post(`/api/documents/${FOREIGN}/formula-approvals`)
            .set(bearer(keys.mallory)),
          proof,
        ).send({
          credits: 1000,
        }),
      ),
    deliveryStatus: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app).get(`/api/documents/${FOREIGN}/delivery`).set(bearer(keys.mallory)),
          proof,
        ),
      ),
    jobDelivery: async () => {
      const jobId = await mallorysJob();
      return everyProof((proof) =>
        withProof(
          request(env.world.app).put(`/api/jobs/${jobId}/delivery`).set(bearer(keys.mallory)),
          proof,
        ).send({
          spreadsheetId: FOREIGN,
          sheetName: 'Payroll',
          firstRow: 1,
          firstColumn: 1,
        }),
      );
    },
    documentSchedules: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app).get(`/api/documents/${FOREIGN}/schedules`).set(bearer(keys.mallory)),
          proof,
        ),
      ),
    documentStatus: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app).get(`/api/documents/${FOREIGN}/status`).set(bearer(keys.mallory)),
          proof,
        ),
      ),
    createSchedule: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app).post(`/api/documents/${FOREIGN}/schedules`).set(bearer(keys.mallory)),
          proof,
        ).send(intoPayroll),
      ),
    updateSchedule: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app).put(`/api/schedules/${scheduleId}`).set(bearer(keys.mallory)),
          proof,
        ).send(intoPayroll),
      ),
    setScheduleStatus: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app).patch(`/api/schedules/${scheduleId}`).set(bearer(keys.mallory)),
          proof,
        ).send({
          status: 'paused',
        }),
      ),
    deleteSchedule: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app).delete(`/api/schedules/${scheduleId}`).set(bearer(keys.mallory)),
          proof,
        ),
      ),
    duplicateSchedule: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app).post(`/api/schedules/${scheduleId}/duplicate`).set(bearer(keys.mallory)),
          proof,
        ).send({
          name: 'Mallory copy',
          output: { sheetName: 'Payroll', row: 1, column: 1 },
        }),
      ),
    handOverSchedule: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app).post(`/api/schedules/${scheduleId}/handover`).set(bearer(keys.mallory)),
          proof,
        ).send({
          to: attacker,
        }),
      ),
    scheduleAlertSettings: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app).get(`/api/documents/${FOREIGN}/schedule-alerts`).set(bearer(keys.mallory)),
          proof,
        ),
      ),
    setScheduleAlertSettings: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app).put(`/api/documents/${FOREIGN}/schedule-alerts`).set(bearer(keys.mallory)),
          proof,
        ).send({
          webhookUrl: 'https://collector.example/hook',
        }),
      ),
    recordScheduleRun: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app).post(`/api/schedules/${scheduleId}/runs`).set(bearer(keys.mallory)),
          proof,
        ).send({
          run: { at: Date.now(), outcome: 'failed', rows: 0, credits: 0, message: 'Mallory was here.' },
          rowsWritten: 0,
        }),
      ),
    // The add-on's scheduled search (issue 26): paid like Victor's formulas, so never for her.
    scheduleSearch: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app).post(`/api/schedules/${scheduleId}/search`).set(bearer(keys.mallory)),
          proof,
        ).send({}),
      ),
    // Taking over a schedule (issue 26): for its document's connector or a proven editor only.
    takeOverSchedule: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app).post(`/api/schedules/${scheduleId}/takeover`).set(bearer(keys.mallory)),
          proof,
        ),
      ),
    runSchedule: () =>
      everyProof((proof) =>
        withProof(
          request(env.world.app).post(`/api/schedules/${scheduleId}/run`).set(bearer(keys.mallory)),
          proof,
        ),
      ),
  };

  it('has an attack for every route the route table binds to a spreadsheet', () => {
    expect(Object.keys(ATTACKS).sort()).toEqual([...SPREADSHEET_ROUTES].sort());
    // And the table binds every route whose path or body names a spreadsheet.
    for (const [name, route] of Object.entries(WORKER_ROUTES)) {
      if (route.path.includes(':documentId') || route.path.startsWith('/api/schedules/')) {
        expect({ name, bound: 'spreadsheet' in route }).toEqual({ name, bound: true });
      }
    }
  });

  it.each([...SPREADSHEET_ROUTES])('changes nothing through %s, whatever proof she sends', async (name) => {
    attacker = malloryFor(name);
    keys.mallory = (await env.world.deps.store.keys.issue(attacker)).key;
    const attack = ATTACKS[name];
    if (attack === undefined) throw new Error(`no attack on ${name}`);
    const answers = await attack();
    for (const answer of answers) {
      const code = (answer.body as { error?: { code?: string } }).error?.code;
      // Asked for a proof she cannot give, refused one that is not hers, or told nothing.
      expect({ name, status: answer.status, code }).toEqual({
        name,
        status: 403,
        code: expect.stringMatching(new RegExp(`^(${EDIT_PROOF_REQUIRED}|edit_proof_failed)$`)),
      });
    }
    expect(await foreignState()).toBe(before);
  });

  it('asks Google at most 6 times a minute for one person, whatever she sends (429 with Retry-After)', async () => {
    keys.mallory = (await env.world.deps.store.keys.issue(MALLORY)).key;
    env.emulator.reset();
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 10; i++) {
      const asked = await request(env.world.app)
        .post(`/api/documents/${FOREIGN}/edit-proof`)
        .set(bearer(keys.mallory));
      const tried = await request(env.world.app)
        .post(`/api/documents/${FOREIGN}/edit-proof`)
        .set(bearer(keys.mallory))
        .set(EDIT_PROOF_HEADER, challengeOf(asked.status, asked.body).metadataValue);
      statuses.push(tried.status);
      retryAfter ??= tried.status === 429 ? tried.headers['retry-after'] : undefined;
    }
    // Six answered by Google (not found: 403), the rest refused before asking it.
    expect(statuses.filter((status) => status === 403).length).toBeLessThanOrEqual(7);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(3);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(env.emulator.stats().byMethod['spreadsheets.developerMetadata.search'] ?? 0).toBeLessThanOrEqual(
      7,
    );
    expect(await foreignState()).toBe(before);
  });

  it('spent nothing for the spreadsheet, wrote nothing into it, and made Google write nothing', async () => {
    // Her own one-address enrichment is all she paid for; nothing of FOREIGN's.
    for (const email of [MALLORY, ...SPREADSHEET_ROUTES.map(malloryFor)]) {
      const ledger = await env.world.deps.store.ledger.recent(email, 100);
      expect(ledger.filter((entry) => entry.operation !== 'emailSearch')).toEqual([]);
    }
    expect((await env.world.deps.store.ledger.recent(VICTOR, 100)).length).toBe(0);
    const stats = env.emulator.stats();
    expect(stats.writes).toBe(0);
    // No schedule of FOREIGN ran for her: only her own enrichment reached the API.
    const reports = (await env.world.stats()).operations.report?.calls ?? 0;
    expect(reports).toBe(0);
    expect(await foreignState()).toBe(before);
  });
});
