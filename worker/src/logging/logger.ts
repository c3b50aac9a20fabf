import pino, { type DestinationStream, type Logger } from 'pino';

/** LOG_LEVEL's values (config.ts reads it): pino's levels and `silent`. */
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

interface LoggerOptions {
  level?: LogLevel;
  /** Where lines go; stdout by default. Tests pass a buffer and search it. */
  destination?: DestinationStream;
  /** Values that must never be written, e.g. the API token; replaced wherever they appear. */
  secrets?: readonly string[];
  /**
   * The last-line scrub (secrets, bearer credentials, addresses); on by default. Tests turn it
   * off to prove that no code path writes such a value in the first place.
   */
  scrub?: boolean;
}

const CENSOR = '[redacted]';

/** pino's levels as Cloud Logging's LogSeverity names. */
const SEVERITY: Readonly<Record<string, string>> = {
  trace: 'DEBUG',
  debug: 'DEBUG',
  info: 'INFO',
  warn: 'WARNING',
  error: 'ERROR',
  fatal: 'CRITICAL',
};

/**
 * Fields that may hold credentials, request bodies or submitted addresses, at the top level and one
 * level down (`req.headers.authorization` is matched by its own path).
 */
const REDACT_PATHS = [
  'authorization',
  'cookie',
  'token',
  'idToken',
  'key',
  'body',
  'emails',
  'email',
  'handles',
  '*.authorization',
  '*.cookie',
  '*.token',
  '*.idToken',
  '*.key',
  '*.body',
  '*.emails',
  '*.email',
  '*.handles',
  'req.headers.authorization',
  'req.headers.cookie',
];

/**
 * Anything shaped like an e-mail address. Users' and submitted addresses alike stay out of the
 * logs (DESIGN "State"); a log line says what happened, not to whom.
 */
const EMAIL_PATTERN = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/**
 * The worker's logger: pino, JSON lines. Two layers keep secrets out: `redact` drops the fields
 * that may hold them, and every finished line is scrubbed of the configured secrets, of any
 * `Bearer ...` credential and of anything shaped like an e-mail address, wherever a message or a
 * library quoted one.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const scrub = lineScrubber(options.secrets ?? []);
  return pino(
    {
      level: options.level ?? 'info',
      base: undefined,
      // Cloud Logging reads a line's severity from `severity`; pino's numeric `level` stays beside it.
      formatters: { level: (label, level) => ({ level, severity: SEVERITY[label] ?? 'DEFAULT' }) },
      redact: { paths: REDACT_PATHS, censor: CENSOR },
      ...(options.scrub === false ? {} : { hooks: { streamWrite: scrub } }),
    },
    options.destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

/** Replaces secrets, bearer credentials and addresses in one serialized JSON line. */
export function lineScrubber(secrets: readonly string[]): (line: string) => string {
  // A secret may appear as is or JSON-escaped inside a string.
  const needles = secrets
    .filter((secret) => secret.length > 0)
    .flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]);
  return (line) => {
    let out = line;
    for (const needle of needles) if (out.includes(needle)) out = out.split(needle).join(CENSOR);
    return out
      .replace(/\bBearer\s+(?!\[redacted\])[^\s",\\}]+/gi, `Bearer ${CENSOR}`)
      .replace(EMAIL_PATTERN, '[email]');
  };
}
