/** True when a query failed with PostgreSQL's `sqlState`, whichever driver raised it (drizzle keeps it as `cause`). */
function hasSqlState(error: unknown, sqlState: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === sqlState) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** True when a query failed on a unique index (PostgreSQL error 23505). */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');

/** True when PostgreSQL ended the transaction to break a deadlock (40P01): the same work again may succeed. */
export const isDeadlock = (error: unknown) => hasSqlState(error, '40P01');
