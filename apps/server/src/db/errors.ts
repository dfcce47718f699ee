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

/** A row still referred to: 23001 restrict_violation (ON DELETE RESTRICT), 23503 foreign_key_violation. */
export const isInUseViolation = (err: unknown): boolean => ['23001', '23503'].includes(pgErrorCode(err) ?? '');

/** Runs a write; a unique violation throws `taken()`, a row still referred to `inUse()` (e.g. "retire it instead"). */
export async function mapConstraintErrors<T>(write: () => Promise<T>, errors: { taken: () => Error; inUse: () => Error }): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.taken();
    if (isInUseViolation(error)) throw errors.inUse();
    throw error;
  }
}
