/**
 * A failure to get a connection at all (refused, timed out, the database refusing connections, too many
 * clients, a password no longer accepted): whatever its code, no query ran, so the service is unavailable
 * rather than at fault. The pool raises it (see client.ts) with the driver's error as `cause`.
 */
export class DatabaseConnectError extends Error {
  constructor(cause: unknown) {
    super(`could not get a database connection: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseConnectError';
  }
}
