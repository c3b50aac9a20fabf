import { parseWorkerConfig } from '../../../worker/src/config';

/** DATABASE_URL: the store on Postgres, for several workers on one store (issue 16). */

const SECRET = 'a'.repeat(64);

function problemsOf(env: Record<string, string>): string {
  try {
    parseWorkerConfig(env);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return '';
}

describe('DATABASE_URL', () => {
  it('is null by default: SQLite in DATA_DIR', () => {
    expect(parseWorkerConfig({}).databaseUrl).toBeNull();
  });

  it('takes a postgres:// or postgresql:// URL, with DATA_SECRET', () => {
    const url = 'postgres://worker:pw@db.internal:5432/creator_sheets?sslmode=require';
    expect(parseWorkerConfig({ DATABASE_URL: url, DATA_SECRET: SECRET }).databaseUrl).toBe(url);
    expect(
      parseWorkerConfig({
        DATABASE_URL: 'postgresql://worker@/creator_sheets?host=/cloudsql/x',
        DATA_SECRET: SECRET,
      }).databaseUrl,
    ).toBe('postgresql://worker@/creator_sheets?host=/cloudsql/x');
  });

  it('refuses another kind of URL with an example, never quoting it back (it may hold a password)', () => {
    const message = problemsOf({
      DATABASE_URL: 'mysql://worker:hunter2@db/creator_sheets',
      DATA_SECRET: SECRET,
    });
    expect(message).toContain(
      'DATABASE_URL must be a postgres:// URL such as postgres://worker:secret@db.internal:5432/creator_sheets, not mysql://',
    );
    expect(message).not.toContain('hunter2');
  });

  it('refuses to start without DATA_SECRET, saying why every instance needs the same one', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://worker@db.internal/creator_sheets' })).toContain(
      'DATABASE_URL is set without DATA_SECRET: every worker on one Postgres store must use the same data secret',
    );
  });
});
