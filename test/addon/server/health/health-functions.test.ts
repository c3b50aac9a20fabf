import { getHealthDetails } from '../../../../addon/server/health/health-functions';
import type { HealthAnswer } from '../../../../shared/worker-api/health';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

let env: ServerGlobals;
beforeEach(() => {
  env = installServerGlobals();
  env.connect();
});
afterEach(() => env.restore());

const HEALTHY: HealthAnswer = {
  status: 'degraded',
  api: {
    reachable: true,
    status: 'Degraded',
    groups: { search: 'Healthy', 'reports-audience-overlap': 'Degraded' },
    said: 'Degraded',
  },
  worker: {
    mode: 'live',
    startedAt: '2025-03-01T08:00:00.000Z',
    uptimeSeconds: 7260,
    store: { reachable: true },
    upstream: {
      recentCalls: 40,
      recentErrors: 9,
      recentRetries: 3,
      windowMs: 300_000,
      lastError: {
        at: '2025-03-01T10:00:00.000Z',
        operation: 'search',
        status: 503,
        code: 'upstream_unavailable',
      },
    },
    backgroundTasks: 2,
  },
};

describe('getHealthDetails', () => {
  it("reads the API's groups and the worker's own figures in one call", () => {
    env.worker.on('get', 'api/health', { body: HEALTHY });
    const details = getHealthDetails();
    expect(env.worker.calls('api/health')).toHaveLength(1);
    expect(details.view).toMatchObject({
      api: {
        reachable: true,
        status: 'Degraded',
        groups: [
          { name: 'search', status: 'Healthy' },
          { name: 'reports-audience-overlap', status: 'Degraded' },
        ],
      },
      worker: { status: 'degraded', mode: 'live', uptimeSeconds: 7260 },
    });
    expect(details.apiError).toBeNull();
    expect(details.apiSaid).toBe('Degraded');
    // A member's answer: the worker leaves the contract section out.
    expect(details.contract).toBeNull();
    expect(details.worker).toEqual({
      startedAt: '2025-03-01T08:00:00.000Z',
      storeReachable: true,
      backgroundTasks: 2,
      upstream: {
        calls: 40,
        errors: 9,
        retries: 3,
        windowMinutes: 5,
        lastError: { description: '503 upstream_unavailable on search', at: '2025-03-01T10:00:00.000Z' },
      },
    });
  });

  it('says why the API is unreachable', () => {
    const down: HealthAnswer = {
      ...HEALTHY,
      status: 'down',
      api: { reachable: false, error: { code: 'no_answer', message: 'The API did not answer within 30 s.' } },
    };
    env.worker.on('get', 'api/health', { body: down });
    const details = getHealthDetails();
    expect(details.view.api).toEqual({ status: 'Unknown', groups: [], reachable: false });
    expect(details.apiError).toBe('The API did not answer within 30 s.');
  });

  it('leaves out what an older worker does not say', () => {
    env.worker.on('get', 'api/health', {
      body: { status: 'ok', api: { reachable: true, status: 'Healthy' }, worker: { mode: 'sandbox' } },
    });
    const details = getHealthDetails();
    expect(details.worker).toEqual({
      startedAt: null,
      storeReachable: null,
      backgroundTasks: null,
      upstream: null,
    });
    expect(details.apiSaid).toBeNull();
    expect(details.contract).toBeNull();
  });

  it("keeps the API's own status word beside the status the worker made of it", () => {
    const said: HealthAnswer = {
      ...HEALTHY,
      status: 'ok',
      api: { reachable: true, status: 'Healthy', groups: {}, said: ' ok ' },
    };
    env.worker.on('get', 'api/health', { body: said });
    const details = getHealthDetails();
    expect(details.view.api.status).toBe('Healthy');
    expect(details.apiSaid).toBe('ok');
  });
});

describe('getHealthDetails for an admin: the contract section', () => {
  const ADMIN: HealthAnswer = {
    ...HEALTHY,
    contract: {
      drifting: [
        {
          operation: 'report',
          answers: 40,
          unreadable: 1,
          firstAt: '2025-03-01T08:00:00.000Z',
          lastAt: '2025-03-01T10:00:00.000Z',
          lastUnreadableAt: '2025-03-01T09:30:00.000Z',
          findings: [
            {
              kind: 'missing',
              path: 'profile.audience.credibility',
              answers: 12,
              firstAt: '2025-03-01T08:00:00.000Z',
              lastAt: '2025-03-01T10:00:00.000Z',
            },
            {
              kind: 'unknown_value',
              path: 'profile.audience.genders[].code',
              value: 'NON_BINARY',
              answers: 3,
              firstAt: '2025-03-01T09:00:00.000Z',
              lastAt: '2025-03-01T09:50:00.000Z',
            },
          ],
        },
      ],
      answersRead: 1200,
      operationsRead: 6,
      unreadableAnswers: [
        {
          id: 'ua_7f3k2m',
          at: Date.parse('2025-03-01T09:30:00.000Z'),
          operation: 'report',
          status: 200,
          credits: 1,
          rawRequests: 0,
          bodyChars: 70_000,
          truncated: true,
          problems: ['profile: Invalid input: expected object, received string'],
        },
      ],
    },
  };

  it('reads the drift per operation and the latest unreadable answers, times as ISO', () => {
    env.worker.on('get', 'api/health', { body: ADMIN });
    expect(getHealthDetails().contract).toEqual({
      drifting: [
        {
          operation: 'report',
          answers: 40,
          unreadable: 1,
          lastAt: '2025-03-01T10:00:00.000Z',
          lastUnreadableAt: '2025-03-01T09:30:00.000Z',
          findings: [
            {
              kind: 'missing',
              path: 'profile.audience.credibility',
              value: null,
              answers: 12,
              lastAt: '2025-03-01T10:00:00.000Z',
            },
            {
              kind: 'unknown_value',
              path: 'profile.audience.genders[].code',
              value: 'NON_BINARY',
              answers: 3,
              lastAt: '2025-03-01T09:50:00.000Z',
            },
          ],
          moreFindings: 0,
        },
      ],
      answersRead: 1200,
      operationsRead: 6,
      unreadableAnswers: [
        {
          id: 'ua_7f3k2m',
          at: '2025-03-01T09:30:00.000Z',
          operation: 'report',
          status: 200,
          credits: 1,
          rawRequests: 0,
          bodyChars: 70_000,
          truncated: true,
          problems: ['profile: Invalid input: expected object, received string'],
          moreProblems: 0,
        },
      ],
    });
  });

  it('reads an empty section as no drift, and says nothing of drift to a member', () => {
    env.worker.on('get', 'api/health', {
      body: {
        ...HEALTHY,
        contract: { drifting: [], answersRead: 0, operationsRead: 0, unreadableAnswers: [] },
      },
    });
    expect(getHealthDetails().contract).toEqual({
      drifting: [],
      answersRead: 0,
      operationsRead: 0,
      unreadableAnswers: [],
    });
    env.worker.on('get', 'api/health', { body: HEALTHY });
    expect(getHealthDetails().contract).toBeNull();
  });

  it('skips what it cannot read, names kinds it does not know "other", and keeps the payload small', () => {
    const problems = Array.from({ length: 8 }, (_, i) => `problem ${i} ${'x'.repeat(400)}`);
    env.worker.on('get', 'api/health', {
      body: {
        ...HEALTHY,
        contract: {
          drifting: [
            'not an entry',
            { answers: 3 },
            {
              operation: 'newThing',
              findings: [{ kind: 'renamed', path: 'data.items', answers: 2 }, { kind: 'missing' }],
            },
          ],
          unreadableAnswers: [{ operation: 'search' }, { id: 'ua_1', problems }],
        },
      },
    });
    const contract = getHealthDetails().contract;
    expect(contract?.answersRead).toBeNull();
    expect(contract?.drifting).toEqual([
      {
        operation: 'newThing',
        answers: 0,
        unreadable: 0,
        lastAt: null,
        lastUnreadableAt: null,
        findings: [{ kind: 'other', path: 'data.items', value: null, answers: 2, lastAt: null }],
        moreFindings: 0,
      },
    ]);
    expect(contract?.unreadableAnswers).toHaveLength(1);
    const [answer] = contract?.unreadableAnswers ?? [];
    expect(answer).toMatchObject({
      id: 'ua_1',
      at: null,
      operation: 'unknown',
      status: null,
      truncated: false,
    });
    expect(answer.problems).toHaveLength(5);
    expect(answer.problems[0]).toHaveLength(300);
    expect(answer.moreProblems).toBe(3);
  });
});

describe('getHealthDetails for an admin: the ledger against the API balance', () => {
  const reconciliation = {
    from: '2025-03-01T09:45:00.000Z',
    to: '2025-03-01T10:00:00.000Z',
    balanceDrop: 40,
    recorded: 20,
    unconfirmed: 0,
    difference: 20,
    raw: { drop: 5, recorded: 5, difference: 0 },
  };

  it('reads the window and both figures, and nothing for a member or a worker that does not say', () => {
    env.worker.on('get', 'api/health', { body: { ...HEALTHY, reconciliation } });
    expect(getHealthDetails().reconciliation).toEqual(reconciliation);

    env.worker.on('get', 'api/health', { body: { ...HEALTHY, reconciliation: null } });
    expect(getHealthDetails().reconciliation).toBeNull();
    env.worker.on('get', 'api/health', { body: HEALTHY });
    expect(getHealthDetails().reconciliation).toBeNull();
    // Half an answer is no answer: a difference without its window cannot be looked into.
    env.worker.on('get', 'api/health', { body: { ...HEALTHY, reconciliation: { difference: 3 } } });
    expect(getHealthDetails().reconciliation).toBeNull();
  });
});
