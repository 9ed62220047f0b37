// The one logger of main/exchange. It redacts before anything leaves: Authorization values,
// every field whose name says secret, and any text that looks like a credential header.
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogFields = Record<string, unknown>;
export type LogSink = (level: LogLevel, message: string, fields: LogFields) => void;

export interface ExchangeLogger {
  /** The least severe level kept; a logger without one is given every line. */
  readonly minLevel?: LogLevel;
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const REDACTED = '[redacted]';
const SECRET_FIELD = /authorization|secret|password|passphrase|signature|token|skey|cookie/i;
const CREDENTIAL_TEXT = /\b(HS256|Basic|Bearer)\s+[A-Za-z0-9+/=._-]{8,}/g;
const MAX_DEPTH = 6;

export function redactText(text: string): string {
  return text.replace(CREDENTIAL_TEXT, (_match, scheme: string) => `${scheme} ${REDACTED}`);
}

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[deep]';
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value instanceof Error) return { name: value.name, message: redactText(value.message) };
  return redactFields(Object.fromEntries(Object.entries(value)), depth);
}

export function redactFields(fields: LogFields, depth = 0): LogFields {
  const out: LogFields = {};
  for (const [key, inner] of Object.entries(fields)) {
    out[key] = SECRET_FIELD.test(key) ? REDACTED : redact(inner, depth + 1);
  }
  return out;
}

export function createLogger(sink: LogSink, minLevel: LogLevel = 'info'): ExchangeLogger {
  const threshold = LOG_LEVELS.indexOf(minLevel);
  const emit = (level: LogLevel) => (message: string, fields: LogFields = {}) => {
    if (LOG_LEVELS.indexOf(level) < threshold) return;
    sink(level, redactText(message), redactFields(fields));
  };
  return { minLevel, debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

/** Whether `logger` keeps lines of `level`: a caller can skip building the fields of a line that would be dropped. */
export function logs(logger: ExchangeLogger, level: LogLevel): boolean {
  return logger.minLevel === undefined || LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(logger.minLevel);
}

export const silentLogger: ExchangeLogger = createLogger(() => undefined, 'error');

/** Redacted JSON lines to stderr, warnings and errors only (retries, reconnects, failures):
 *  what the app's profile sessions log with. */
export const consoleLogger: ExchangeLogger = createLogger((level, message, fields) => {
  process.stderr.write(`${JSON.stringify({ level, message, ...fields, at: new Date().toISOString() })}\n`);
}, 'warn');
