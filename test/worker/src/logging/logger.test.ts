import { createLogger, lineScrubber } from '../../../../worker/src/logging/logger';

function capture(options: Parameters<typeof createLogger>[0] = {}) {
  const lines: string[] = [];
  const logger = createLogger({
    level: 'debug',
    ...options,
    destination: { write: (line: string) => lines.push(line) },
  });
  return { logger, text: () => lines.join('') };
}

describe('createLogger', () => {
  it('writes JSON lines with the level and message', () => {
    const { logger, text } = capture();
    logger.info({ operation: 'report', status: 200 }, 'done');
    expect(JSON.parse(text())).toMatchObject({ level: 30, operation: 'report', status: 200, msg: 'done' });
  });

  it("carries Cloud Logging's severity beside pino's level", () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'debug',
      destination: { write: (line: string) => lines.push(line) },
    });
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    logger.fatal('f');
    expect(lines.map((line) => JSON.parse(line) as { level: number; severity: string })).toEqual([
      expect.objectContaining({ level: 20, severity: 'DEBUG' }),
      expect.objectContaining({ level: 30, severity: 'INFO' }),
      expect.objectContaining({ level: 40, severity: 'WARNING' }),
      expect.objectContaining({ level: 50, severity: 'ERROR' }),
      expect.objectContaining({ level: 60, severity: 'CRITICAL' }),
    ]);
  });

  it('drops fields that may hold credentials, bodies or addresses', () => {
    const { logger, text } = capture();
    logger.info(
      {
        authorization: 'Bearer abc',
        req: { headers: { authorization: 'Bearer abc', cookie: 'sid=1' } },
        body: { emails: ['a@b.co'] },
        token: 'tok',
        user: { email: 'ana@team.com' },
        emails: ['c@d.co'],
      },
      'request',
    );
    const line = JSON.parse(text()) as Record<string, unknown>;
    expect(line).toMatchObject({
      authorization: '[redacted]',
      req: { headers: { authorization: '[redacted]', cookie: '[redacted]' } },
      body: '[redacted]',
      token: '[redacted]',
      user: { email: '[redacted]' },
      emails: '[redacted]',
    });
  });

  it('scrubs secrets, bearer credentials and addresses wherever a message quotes them', () => {
    const { logger, text } = capture({ secrets: ['tok-"quoted"-123'] });
    logger.warn(
      'sent tok-"quoted"-123 with Authorization: Bearer xyz.abc for Ana@Example.COM and b.c+d@x.co.uk',
    );
    const output = text();
    expect(() => JSON.parse(output)).not.toThrow();
    expect(output).not.toContain('quoted');
    expect(output).not.toContain('xyz.abc');
    expect(output).not.toMatch(/example\.com|x\.co\.uk/i);
    expect(JSON.parse(output).msg).toBe(
      'sent [redacted] with Authorization: Bearer [redacted] for [email] and [email]',
    );
  });

  it('can leave lines unscrubbed, for tests that prove nothing wrote a secret', () => {
    const { logger, text } = capture({ scrub: false, secrets: ['tok-1'] });
    logger.info('tok-1 a@b.co');
    expect(JSON.parse(text()).msg).toBe('tok-1 a@b.co');
  });
});

describe('lineScrubber', () => {
  it('leaves a line without secrets as it is', () => {
    const line = '{"level":30,"msg":"report done","status":200}';
    expect(lineScrubber(['s3cret'])(line)).toBe(line);
  });
});
