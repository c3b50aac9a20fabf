import type Database from 'better-sqlite3';

/**
 * The schema, one step per version. A step is never edited once released: a change is a new step,
 * so every data directory, however old, reaches the same schema. Amounts of credits are stored in
 * thousandths (milli-credits) as integers; times are milliseconds since the epoch (UTC).
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE cache_entries (
    namespace TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    stored_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (namespace, key)
  ) WITHOUT ROWID;
  CREATE INDEX cache_entries_expiry ON cache_entries (expires_at);

  CREATE TABLE worker_keys (
    id TEXT PRIMARY KEY,
    key_hash BLOB NOT NULL UNIQUE,
    email TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    last_used_at INTEGER,
    revoked_at INTEGER
  );
  CREATE INDEX worker_keys_email ON worker_keys (email);

  CREATE TABLE ledger (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at INTEGER NOT NULL,
    user_email TEXT NOT NULL,
    operation_id TEXT NOT NULL,
    estimated_milli INTEGER NOT NULL CHECK (estimated_milli >= 0),
    actual_milli INTEGER NOT NULL CHECK (actual_milli >= 0),
    raw_requests INTEGER NOT NULL DEFAULT 0 CHECK (raw_requests >= 0),
    cache_hits INTEGER NOT NULL DEFAULT 0 CHECK (cache_hits >= 0),
    saved_milli INTEGER NOT NULL DEFAULT 0 CHECK (saved_milli >= 0),
    job_id TEXT,
    request_id TEXT NOT NULL
  );
  CREATE INDEX ledger_at ON ledger (at);
  CREATE INDEX ledger_user_at ON ledger (user_email, at);
  CREATE INDEX ledger_job ON ledger (job_id) WHERE job_id IS NOT NULL;

  CREATE TABLE budgets (
    scope TEXT NOT NULL CHECK (scope IN ('team', 'user')),
    subject TEXT NOT NULL,
    period TEXT NOT NULL CHECK (period IN ('day', 'month')),
    limit_milli INTEGER CHECK (limit_milli IS NULL OR limit_milli >= 0),
    updated_at INTEGER NOT NULL,
    updated_by TEXT NOT NULL,
    PRIMARY KEY (scope, subject, period)
  ) WITHOUT ROWID;

  CREATE TABLE jobs (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    owner_email TEXT NOT NULL,
    idempotency_key TEXT,
    status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
    input TEXT NOT NULL,
    sealed_input BLOB,
    total INTEGER NOT NULL CHECK (total >= 0),
    done INTEGER NOT NULL DEFAULT 0,
    errors INTEGER NOT NULL DEFAULT 0,
    spent_milli INTEGER NOT NULL DEFAULT 0,
    sealed_last_error BLOB,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    started_at INTEGER,
    finished_at INTEGER
  );
  CREATE UNIQUE INDEX jobs_owner_idempotency ON jobs (owner_email, idempotency_key)
    WHERE idempotency_key IS NOT NULL;
  CREATE INDEX jobs_owner_created ON jobs (owner_email, created_at);
  CREATE INDEX jobs_status ON jobs (status);

  CREATE TABLE job_batches (
    job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    batch_index INTEGER NOT NULL,
    checkpoint TEXT NOT NULL,
    committed_at INTEGER NOT NULL,
    PRIMARY KEY (job_id, batch_index)
  ) WITHOUT ROWID;

  CREATE TABLE job_rows (
    job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    sealed_row BLOB NOT NULL,
    PRIMARY KEY (job_id, position)
  ) WITHOUT ROWID;
  `,
  // 2: paid answers this version could not read (kept for admins, sealed), and contract drift.
  `
  CREATE TABLE unreadable_answers (
    id TEXT PRIMARY KEY,
    at INTEGER NOT NULL,
    operation_id TEXT NOT NULL,
    status INTEGER NOT NULL,
    user_email TEXT NOT NULL,
    request_id TEXT NOT NULL,
    job_id TEXT,
    charged_milli INTEGER NOT NULL CHECK (charged_milli >= 0),
    raw_requests INTEGER NOT NULL DEFAULT 0 CHECK (raw_requests >= 0),
    body_chars INTEGER NOT NULL,
    problems TEXT NOT NULL,
    sealed_body BLOB NOT NULL
  );
  CREATE INDEX unreadable_answers_at ON unreadable_answers (at);

  CREATE TABLE contract_reads (
    operation_id TEXT PRIMARY KEY,
    answers INTEGER NOT NULL DEFAULT 0,
    unreadable INTEGER NOT NULL DEFAULT 0,
    first_at INTEGER NOT NULL,
    last_at INTEGER NOT NULL,
    last_unreadable_at INTEGER
  ) WITHOUT ROWID;

  CREATE TABLE contract_drift (
    operation_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    path TEXT NOT NULL,
    value TEXT NOT NULL DEFAULT '',
    answers INTEGER NOT NULL,
    first_at INTEGER NOT NULL,
    last_at INTEGER NOT NULL,
    PRIMARY KEY (operation_id, kind, path, value)
  ) WITHOUT ROWID;
  `,
  // 3: who created each AI list through this worker (members manage their own, admins all).
  `
  CREATE TABLE ai_list_owners (
    list_id TEXT PRIMARY KEY,
    owner_email TEXT NOT NULL,
    created_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX ai_list_owners_owner ON ai_list_owners (owner_email);
  `,
  // 4: jobs waiting out upstream trouble: when they go on, after how many pauses, and why.
  `
  CREATE TABLE job_waits (
    job_id TEXT PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
    until INTEGER NOT NULL,
    pauses INTEGER NOT NULL CHECK (pauses >= 1),
    code TEXT NOT NULL,
    sealed_reason BLOB NOT NULL,
    since INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
  // 5: the paid-call journal (an intent before each paid call, its answer the moment it arrives),
  // ledger rows counted at their estimate because a crash hid whether the API billed them, and the
  // API account's balance read on a schedule to reconcile the ledger against.
  `
  CREATE TABLE paid_calls (
    id TEXT PRIMARY KEY,
    call_key TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('sent', 'answered', 'settled', 'unconfirmed', 'recovered', 'reused')),
    operation_id TEXT NOT NULL,
    user_email TEXT NOT NULL,
    request_id TEXT NOT NULL,
    job_id TEXT,
    estimated_milli INTEGER NOT NULL,
    estimated_raw INTEGER NOT NULL,
    run_id TEXT NOT NULL,
    sent_at INTEGER NOT NULL,
    answered_at INTEGER,
    status INTEGER,
    sealed_body BLOB,
    settled_at INTEGER
  );
  CREATE INDEX paid_calls_key ON paid_calls (call_key, state);
  CREATE INDEX paid_calls_state ON paid_calls (state, sent_at);
  CREATE INDEX paid_calls_job ON paid_calls (job_id) WHERE job_id IS NOT NULL;

  ALTER TABLE ledger ADD COLUMN unconfirmed INTEGER NOT NULL DEFAULT 0;

  CREATE TABLE account_readings (
    at INTEGER PRIMARY KEY,
    credits_milli INTEGER NOT NULL,
    raw_requests INTEGER
  );
  `,
  // 6: budgets in raw requests too (the monthly raw allowance), set by admins like credit budgets.
  `
  CREATE TABLE budgets_by_unit (
    scope TEXT NOT NULL CHECK (scope IN ('team', 'user')),
    subject TEXT NOT NULL,
    period TEXT NOT NULL CHECK (period IN ('day', 'month')),
    unit TEXT NOT NULL CHECK (unit IN ('credits', 'rawRequests')),
    limit_milli INTEGER CHECK (limit_milli IS NULL OR limit_milli >= 0),
    updated_at INTEGER NOT NULL,
    updated_by TEXT NOT NULL,
    PRIMARY KEY (scope, subject, period, unit)
  ) WITHOUT ROWID;
  INSERT INTO budgets_by_unit (scope, subject, period, unit, limit_milli, updated_at, updated_by)
    SELECT scope, subject, period, 'credits', limit_milli, updated_at, updated_by FROM budgets;
  DROP TABLE budgets;
  ALTER TABLE budgets_by_unit RENAME TO budgets;
  `,
  // 7: document keys (a spreadsheet's formulas, billed to whoever connected it) and the document
  // a ledger row was spent for.
  `
  ALTER TABLE worker_keys ADD COLUMN document_id TEXT;
  CREATE INDEX worker_keys_document ON worker_keys (document_id) WHERE document_id IS NOT NULL;
  ALTER TABLE ledger ADD COLUMN document_id TEXT;
  `,
  // 8: a document's formula allowance (credits per UTC day without asking), the approvals on top
  // of it, and the formulas refused for want of it (one row per distinct ask, today's only); the
  // document a journaled paid call was made for, so its recovered ledger row counts for it too.
  `
  CREATE INDEX ledger_document_at ON ledger (document_id, at) WHERE document_id IS NOT NULL;
  ALTER TABLE paid_calls ADD COLUMN document_id TEXT;
  CREATE TABLE formula_allowances (
    document_id TEXT PRIMARY KEY,
    per_day_milli INTEGER CHECK (per_day_milli IS NULL OR per_day_milli >= 0),
    updated_at INTEGER NOT NULL,
    updated_by TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE formula_approvals (
    id INTEGER PRIMARY KEY,
    document_id TEXT NOT NULL,
    at INTEGER NOT NULL,
    credits_milli INTEGER NOT NULL CHECK (credits_milli > 0),
    approved_by TEXT NOT NULL
  );
  CREATE INDEX formula_approvals_document_at ON formula_approvals (document_id, at);
  CREATE TABLE formula_asks (
    document_id TEXT NOT NULL,
    ask_key TEXT NOT NULL,
    operation_id TEXT NOT NULL,
    credits_milli INTEGER NOT NULL,
    items INTEGER NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (document_id, ask_key)
  ) WITHOUT ROWID;
  `,
  // 9: server delivery (issue 14): where the worker writes a job's rows into a sheet itself, how
  // many it has written (advanced only once Google accepted them), and whether it still writes.
  `
  CREATE TABLE job_deliveries (
    job_id TEXT PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
    spreadsheet_id TEXT NOT NULL,
    sheet_name TEXT NOT NULL,
    first_row INTEGER NOT NULL CHECK (first_row >= 1),
    first_column INTEGER NOT NULL CHECK (first_column >= 1),
    rows_written INTEGER NOT NULL DEFAULT 0 CHECK (rows_written >= 0),
    mode TEXT NOT NULL CHECK (mode IN ('server', 'sidebar')),
    delivered INTEGER NOT NULL DEFAULT 0 CHECK (delivered IN (0, 1)),
    reason TEXT,
    updated_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX job_deliveries_pending ON job_deliveries (mode, delivered);
  `,
  // 10: scheduled shared reports (issue 14): what each runs (the request as JSON), its state, its
  // last run, when it runs next, the rows its last run wrote (for the next to clear leftovers),
  // and its lease: `running_until` and `lease_token` are set by one conditional UPDATE, so a
  // schedule never runs twice at once, across restarts and processes; a killed worker's lease
  // simply expires.
  `
  CREATE TABLE schedules (
    id TEXT PRIMARY KEY,
    document_id TEXT NOT NULL,
    request TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('active', 'paused')),
    paused_reason TEXT,
    failures_in_a_row INTEGER NOT NULL DEFAULT 0 CHECK (failures_in_a_row >= 0),
    last_run TEXT,
    next_run_at INTEGER,
    rows_written INTEGER NOT NULL DEFAULT 0 CHECK (rows_written >= 0),
    running_until INTEGER,
    lease_token TEXT,
    updated_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX schedules_document ON schedules (document_id, created_at);
  CREATE INDEX schedules_due ON schedules (next_run_at) WHERE status = 'active';
  `,
  // 11: job leases (issue 16): which worker instance runs a job (`lease_owner`) and until when
  // (`lease_until`), taken by one conditional UPDATE and renewed while the job runs, so instances
  // sharing a store run each job once and take over one whose instance died. And the shared pace
  // of upstream requests per API token (hashed) and rate family: when the next request is due;
  // and the budget holds of calls under way, so instances see each other's. SQLite's one process
  // paces and holds in memory; these two tables are here so both engines keep one schema.
  `
  ALTER TABLE jobs ADD COLUMN lease_owner TEXT;
  ALTER TABLE jobs ADD COLUMN lease_until INTEGER;
  CREATE TABLE rate_slots (
    bucket TEXT PRIMARY KEY,
    tat INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE budget_holds (
    id TEXT PRIMARY KEY,
    user_email TEXT NOT NULL,
    document_id TEXT,
    credits_milli INTEGER NOT NULL CHECK (credits_milli >= 0),
    raw_requests INTEGER NOT NULL CHECK (raw_requests >= 0),
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
  // 12: proof of edit access (issue 22): per person and spreadsheet, what the last check found
  // (`proven`, or `unprovable`: the worker could not read the spreadsheet) and until when it
  // stands; the changes made to a document (who connected, took over, approved, scheduled), for
  // every editor to see; and what the worker wrote into sheets itself, so that it overwrites
  // nothing else: the rectangle each schedule's last run wrote, and the tabs it made.
  `
  CREATE TABLE edit_proofs (
    email TEXT NOT NULL,
    document_id TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('proven', 'unprovable')),
    checked_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (email, document_id)
  ) WITHOUT ROWID;
  CREATE TABLE document_changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    document_id TEXT NOT NULL,
    at INTEGER NOT NULL,
    actor TEXT NOT NULL,
    kind TEXT NOT NULL,
    summary TEXT NOT NULL
  );
  CREATE INDEX document_changes_document ON document_changes (document_id, id);
  CREATE TABLE schedule_outputs (
    schedule_id TEXT PRIMARY KEY REFERENCES schedules (id) ON DELETE CASCADE,
    extent TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE owned_tabs (
    document_id TEXT NOT NULL,
    sheet_id INTEGER NOT NULL,
    purpose TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (document_id, sheet_id)
  ) WITHOUT ROWID;
  `,
  // 13: issue 23. Server deliveries leased like jobs (`lease_owner`, `lease_until`: on SQLite
  // freed at start, as one process owns the directory). The paid call a ledger row counted at its
  // estimate (unconfirmed), so the balance reconciliation settles that very row (unconfirmed 2:
  // charged what the API billed, 0 when it billed nothing) and a late answer corrects it.
  `
  ALTER TABLE job_deliveries ADD COLUMN lease_owner TEXT;
  ALTER TABLE job_deliveries ADD COLUMN lease_until INTEGER;
  ALTER TABLE ledger ADD COLUMN call_id TEXT;
  CREATE INDEX ledger_call ON ledger (call_id) WHERE call_id IS NOT NULL;
  CREATE INDEX ledger_unconfirmed ON ledger (at) WHERE unconfirmed = 1;
  `,
  // 14: schedules a team leaves running (issue 25): each schedule's alert (a failed run's, until a
  // run succeeds or it is resumed), its credits this calendar month (against its own budget), and
  // its recent runs, the newest SCHEDULE_RUNS_KEPT; and per document the chat webhook alerts go to,
  // sealed like every secret in the store (only a hint of it is readable).
  `
  ALTER TABLE schedules ADD COLUMN alert TEXT;
  ALTER TABLE schedules ADD COLUMN month_key TEXT;
  ALTER TABLE schedules ADD COLUMN month_milli INTEGER NOT NULL DEFAULT 0;
  CREATE TABLE schedule_runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    schedule_id TEXT NOT NULL REFERENCES schedules (id) ON DELETE CASCADE,
    at INTEGER NOT NULL,
    run TEXT NOT NULL
  );
  CREATE INDEX schedule_runs_schedule ON schedule_runs (schedule_id, id);
  CREATE TABLE schedule_alert_settings (
    document_id TEXT PRIMARY KEY,
    webhook BLOB NOT NULL,
    hint TEXT NOT NULL,
    set_by TEXT NOT NULL,
    set_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
  // 15: who asked for an approval (issue 25: a formula's cell, or a schedule, as JSON), and the
  // titles of connected spreadsheets as their sidebars last said them, so lists name documents
  // by title rather than id (the add-on may read no other spreadsheet than its own).
  `
  ALTER TABLE formula_asks ADD COLUMN source TEXT;
  CREATE TABLE document_titles (
    document_id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
  // 16: who runs a schedule (issue 26): the worker as its service account, or the add-on from an
  // installable trigger as the person who set it up, where the worker may not write; the
  // scheduler takes only the worker's.
  `
  ALTER TABLE schedules ADD COLUMN runner TEXT NOT NULL DEFAULT 'worker' CHECK (runner IN ('worker', 'add-on'));
  `,
  // 17: one request's credits in one indexed read (issue 24): a scheduled run sums its own ledger
  // rows rather than scanning the person's recent ones.
  `
  CREATE INDEX ledger_request ON ledger (request_id);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the database to SCHEMA_VERSION; refuses one written by a newer worker. */
export function migrate(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const row = db.prepare<[], { version: number }>('SELECT version FROM schema_version').get();
  const current = row?.version ?? 0;
  if (current > SCHEMA_VERSION) {
    throw new Error(
      `the database is at schema version ${current}, newer than this worker's ${SCHEMA_VERSION}: run a newer worker or restore an older data directory`,
    );
  }
  const step = db.transaction((version: number) => {
    db.exec(MIGRATIONS[version - 1] ?? '');
    db.prepare('DELETE FROM schema_version').run();
    db.prepare('INSERT INTO schema_version (version) VALUES (?)').run(version);
  });
  for (let version = current + 1; version <= SCHEMA_VERSION; version += 1) step(version);
}
