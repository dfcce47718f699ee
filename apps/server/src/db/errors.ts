/** The SQLSTATE of a driver error, also when Drizzle wraps it (DrizzleQueryError.cause). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A PostgreSQL unique violation (SQLSTATE 23505), wherever the driver put it in the cause chain. */
export const isUniqueViolation = (err: unknown): boolean => pgErrorCode(err) === '23505';
