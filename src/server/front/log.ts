/**
 * One JSON object per line on stdout: what log collectors (Docker, journald, Loki, CloudWatch)
 * read without a parser. Fields are chosen by the caller; never cookies, tokens or query strings.
 */
export type LogLevel = 'info' | 'warn' | 'error';

export type LogFields = Record<string, string | number | boolean | undefined>;

export type Logger = (level: LogLevel, message: string, fields?: LogFields) => void;

/** One log line (no newline): time, level, message, then the fields; undefined fields are left out. */
export function logLine(time: Date, level: LogLevel, message: string, fields: LogFields = {}): string {
  return JSON.stringify({ time: time.toISOString(), level, msg: message, ...fields });
}

/** A logger writing lines to a stream (stdout by default). */
export function createLogger(write: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  return (level, message, fields) => write(`${logLine(new Date(), level, message, fields)}\n`);
}

/** A path fit for a log: without its query string (it may hold a secret such as an OAuth `code`), at most 512 characters. */
export function loggablePath(url: string | undefined): string {
  const path = (url ?? '').split(/[?#]/, 1)[0] ?? '';
  return path.length > 512 ? `${path.slice(0, 512)}…` : path;
}
