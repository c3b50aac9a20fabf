/** Apps Script's console: what the script logs (Cloud Logging in production) is kept for tests. */
interface LogEntry {
  level: 'log' | 'info' | 'warn' | 'error';
  message: string;
}

export class FakeConsole {
  readonly entries: LogEntry[] = [];

  log = (...data: unknown[]): void => this.record('log', data);
  info = (...data: unknown[]): void => this.record('info', data);
  warn = (...data: unknown[]): void => this.record('warn', data);
  error = (...data: unknown[]): void => this.record('error', data);

  private record(level: LogEntry['level'], data: unknown[]): void {
    this.entries.push({
      level,
      message: data.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(' '),
    });
  }
}
