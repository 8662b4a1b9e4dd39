import { AppError } from '../core/app-error.js';

/** The 409 message of each named constraint a user can run into; any other constraint gets a generic one. */
const CONSTRAINT_MESSAGES: Record<string, string> = {
  bookings_no_overlap: 'That time was just booked. Please choose another time.',
};

const CONFLICT_CODES = new Set(['23505', '23P01', '23503']);
/** Lost a race with another transaction: the same request again would usually succeed. */
const RETRY_CODES = new Set(['40001', '40P01']);
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

interface PgErrorLike {
  code?: string;
  constraint?: string;
  message?: string;
}

/** The PostgreSQL error inside drizzle's wrapper (DrizzleQueryError keeps it as `cause`). */
function pgErrorOf(error: unknown): PgErrorLike | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgErrorLike & { cause?: unknown };
    if (typeof candidate.code === 'string') return candidate;
    current = candidate.cause;
  }
  return undefined;
}

function isConnectionFailure(error: unknown): boolean {
  const pgError = pgErrorOf(error);
  if (pgError?.code && (UNAVAILABLE_CODES.has(pgError.code) || UNAVAILABLE_NODE_CODES.has(pgError.code))) return true;
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (/PGlite is closed|Cannot use a pool after calling end|Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|database is closed/i.test(current.message)) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

/**
 * Turns a database failure into the application error a caller should see: a constraint violation is a
 * 409 named by its constraint, a lost race a 409 to retry, an unreachable database a 503. Anything else
 * is returned as it is (a defect: logged and answered 500).
 */
export function toAppError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const pgError = pgErrorOf(error);
  if (pgError?.code && CONFLICT_CODES.has(pgError.code)) {
    const message = (pgError.constraint && CONSTRAINT_MESSAGES[pgError.constraint]) ?? 'This conflicts with existing data.';
    return new AppError('CONFLICT', message);
  }
  if (pgError?.code && RETRY_CODES.has(pgError.code)) {
    return new AppError('CONFLICT', 'Someone else changed this at the same moment. Please try again.');
  }
  if (isConnectionFailure(error)) {
    return new AppError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again in a moment.');
  }
  return error;
}
