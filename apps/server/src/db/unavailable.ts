import { pgErrorCode } from './errors';

/** The database is gone for the moment (restart, failover, no connection): nothing of the request was written. */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03']);
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)|database "[^"]*" is not currently accepting connections)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  const sqlState = pgErrorCode(error);
  if (sqlState && (sqlState.startsWith('08') || UNAVAILABLE_CODES.has(sqlState))) return true;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_ERRNO.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    if (current instanceof AggregateError && current.errors.some((e) => isDatabaseUnavailable(e))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
