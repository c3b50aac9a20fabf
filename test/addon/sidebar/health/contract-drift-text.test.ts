import type {
  ContractDrift,
  DriftingOperation,
  UnreadableAnswerSummary,
} from '../../../../addon/bridge-contract/health-api';
import {
  CONTRACT_DRIFT_TEXT,
  contractSummaryText,
  driftLine,
  unreadableAnswerRecord,
  unreadableAnswerTitle,
} from '../../../../addon/sidebar/health/contract-drift-text';

const REPORT: DriftingOperation = {
  operation: 'report',
  answers: 40,
  unreadable: 1,
  lastAt: '2025-03-01T10:00:00.000Z',
  lastUnreadableAt: '2025-03-01T09:30:00.000Z',
  findings: [
    { kind: 'missing', path: 'profile.audience.credibility', value: null, answers: 12, lastAt: null },
    {
      kind: 'unknown_value',
      path: 'profile.audience.genders[].code',
      value: 'NON_BINARY',
      answers: 3,
      lastAt: null,
    },
  ],
  moreFindings: 0,
};

const UNREADABLE: UnreadableAnswerSummary = {
  id: 'ua_7f3k2m',
  at: '2025-03-01T09:30:00.000Z',
  operation: 'report',
  status: 200,
  credits: 1,
  rawRequests: 0,
  bodyChars: 70_000,
  truncated: true,
  problems: ['profile: expected object, received string.'],
  moreProblems: 0,
};

const CONTRACT: ContractDrift = {
  drifting: [REPORT],
  answersRead: 1200,
  operationsRead: 6,
  unreadableAnswers: [UNREADABLE],
};

const time = (iso: string) => `<${iso.slice(11, 16)}>`;

describe('contract drift text', () => {
  it('says in one line what drift means: missing fields, empty cells, nothing paid twice', () => {
    expect(CONTRACT_DRIFT_TEXT).toMatch(/without fields .* this version expects/);
    expect(CONTRACT_DRIFT_TEXT).toMatch(/empty cells/);
    expect(CONTRACT_DRIFT_TEXT).toMatch(/nothing was paid twice/);
  });

  it('sums up the section in its folded title', () => {
    expect(contractSummaryText(CONTRACT)).toBe(
      'Contract drift: 1 operation, 1 unreadable answer (1,200 answers read)',
    );
    // The unreadable answers are counted per operation; the list holds only the latest.
    expect(contractSummaryText({ ...CONTRACT, drifting: [{ ...REPORT, unreadable: 14 }] })).toBe(
      'Contract drift: 1 operation, 14 unreadable answers (1,200 answers read)',
    );
    expect(contractSummaryText({ ...CONTRACT, drifting: [], unreadableAnswers: [] })).toBe(
      'Contract drift: none (1,200 answers read)',
    );
    expect(
      contractSummaryText({ drifting: [], answersRead: null, operationsRead: null, unreadableAnswers: [] }),
    ).toBe('Contract drift: none');
  });

  it('writes an operation in one line: what its answers lacked or carried, and how many could not be read', () => {
    expect(driftLine(REPORT)).toBe(
      'Report: 12 of 40 answers lacked profile.audience.credibility; 3 carried an unknown value "NON_BINARY" ' +
        'at profile.audience.genders[].code; 1 could not be read at all.',
    );
  });

  it('names the other kinds, counts what the line leaves out, and copes with no findings', () => {
    const many: DriftingOperation = {
      ...REPORT,
      operation: 'rawIgHashtagFeed',
      unreadable: 0,
      findings: [
        { kind: 'wrong_type', path: 'data.items[].taken_at', value: null, answers: 5, lastAt: null },
        { kind: 'other', path: 'data.more', value: null, answers: 2, lastAt: null },
        { kind: 'unknown_value', path: 'data.items[].media_type', value: null, answers: 1, lastAt: null },
        { kind: 'missing', path: '(root)', value: null, answers: 1, lastAt: null },
      ],
      moreFindings: 2,
    };
    expect(driftLine(many)).toBe(
      'Instagram hashtag posts (raw data): 5 of 40 answers had data.items[].taken_at of an unexpected type; ' +
        '2 differed at data.more; 1 carried an unknown value at data.items[].media_type; and 3 more fields.',
    );
    expect(driftLine({ ...REPORT, findings: [], unreadable: 1, answers: 1 })).toBe(
      'Report: 1 of 1 answer could not be read at all.',
    );
    expect(
      driftLine({ ...REPORT, findings: [{ ...REPORT.findings[0], path: '(root)' }], unreadable: 0 }),
    ).toBe('Report: 12 of 40 answers lacked the whole answer.');
  });

  it('gives each unreadable answer its operation, time and what was recorded for it', () => {
    expect(unreadableAnswerTitle(UNREADABLE, time)).toBe('Report, <09:30>');
    expect(unreadableAnswerRecord(UNREADABLE)).toBe(
      'Recorded: 1 credit; HTTP 200; 70,000 characters (kept cut). Why: profile: expected object, received string.',
    );
    const raw: UnreadableAnswerSummary = {
      ...UNREADABLE,
      operation: 'rawTiktokUserFeed',
      at: null,
      credits: 0,
      rawRequests: 1,
      truncated: false,
      bodyChars: 812,
      problems: ['data: missing', 'cursor: not a text'],
      moreProblems: 4,
    };
    expect(unreadableAnswerTitle(raw, time)).toBe('TikTok user videos (raw data)');
    expect(unreadableAnswerRecord(raw)).toBe(
      'Recorded: 1 raw request; HTTP 200; 812 characters. Why: data: missing; cursor: not a text (and 4 more).',
    );
    expect(
      unreadableAnswerRecord({
        ...raw,
        credits: null,
        rawRequests: null,
        status: null,
        bodyChars: null,
        problems: [],
        moreProblems: 0,
      }),
    ).toBe('');
  });
});
