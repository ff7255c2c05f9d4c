import type { LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Logger } from 'pino';

/** Paths never written to logs: credentials, tokens, secrets, PDF passwords. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.current_password',
  '*.new_password',
  '*.refresh_token',
  '*.access_token',
  '*.secret',
  '*.client_secret',
];

/**
 * Fields of a logged error that carry the values of a failed SQL statement: TypeORM's
 * QueryFailedError keeps the bound `parameters` (questions, answers, names, PANs…), and PostgreSQL's
 * `detail` quotes them too ("Key (email)=(…)", "Failing row contains (…)"). The SQL text (`query`),
 * the SQLSTATE and the constraint stay.
 */
const SQL_VALUE_FIELDS = new Set(['parameters', 'detail']);

function withoutSqlValues(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[too deep]';
  // An error anywhere (a QueryFailedError in a plain field too) is logged as pino logs one.
  const v = value instanceof Error ? pino.stdSerializers.err(value) : value;
  if (Array.isArray(v)) return v.map((item) => withoutSqlValues(item, depth + 1));
  // Plain objects only (serialized errors are): a Date or a Buffer is logged as it is.
  if (v.constructor !== Object) return v;
  return Object.fromEntries(Object.entries(v).filter(([key]) => !SQL_VALUE_FIELDS.has(key)).map(([key, item]) => [key, withoutSqlValues(item, depth + 1)]));
}

/** pino's error serializer (type, message, stack, own fields, nested errors), without SQL values at any depth. */
export const serializeError = (error: unknown): unknown => withoutSqlValues(error);

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, serializers: { err: serializeError }, base: { service: 'foliodesk' } }, destination);
}

const NOISY_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory']);

/** Routes Nest's own log calls into the structured pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    // Nest's start-up chatter (module and route registration) is debug detail, not operations news.
    const level = context && NOISY_CONTEXTS.has(context) ? 'debug' : 'info';
    this.logger[level]({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
