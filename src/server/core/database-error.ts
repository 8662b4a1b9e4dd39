import { AppError } from './app-error.js';
import { DatabaseConnectError } from '../db/connect-error.js';
import { ONE_OPEN_REQUEST } from '../../common/help-now.js';

/** The 409 message of each named constraint a user can run into; any other constraint gets a generic one. */
const CONSTRAINT_MESSAGES: Record<string, string> = {
  bookings_no_overlap: 'That time was just booked. Please choose another time.',
  help_requests_one_ringing: ONE_OPEN_REQUEST,
  bookings_one_live_per_task: 'This maintenance task was just booked. Open it from the schedule to see that booking.',
  expert_applications_one_pending_idx: 'You already have an expert application being reviewed.',
  experts_user_id_idx: 'This account already has an expert profile.',
  reviews_booking_id_idx: 'You have already reviewed this booking.',
};

const CONFLICT_CODES = new Set(['23505', '23P01', '23503']);
/** Lost a race with another transaction: the same request again would usually succeed. */
const RETRY_CODES = new Set(['40001', '40P01']);

/**
 * PostgreSQL's codes for a server that cannot serve now: class 08 (connection exception), 57P01-57P05
 * (admin or crash shutdown, cannot connect now while starting or stopping, database dropped, idle
 * session timeout) and class 53 (insufficient resources: too many connections, out of memory, disk full).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-5]|53[0-9A-Z]{3})$/;
/** Node's codes for a connection that failed or broke (either driver's socket, DNS included). */
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
]);
/** What pg, pg-pool and PGlite say without a code when the connection is gone, closed or never came. */
const UNAVAILABLE_MESSAGE =
  /PGlite is closed|Cannot use a pool after calling end|Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Query read timeout|database is closed/i;

interface PgErrorLike {
  code?: unknown;
  constraint?: string;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * Every error in the chain, outermost first: drizzle keeps the driver's error as `cause`, Better Auth
 * wraps its own around that, and a connect to a name with several addresses (localhost: ::1 and
 * 127.0.0.1) fails with an AggregateError holding one error per address.
 */
function chainOf(error: unknown): PgErrorLike[] {
  const chain: PgErrorLike[] = [];
  const queue: unknown[] = [error];
  while (queue.length && chain.length < 16) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || chain.includes(current as PgErrorLike)) continue;
    const candidate = current as PgErrorLike;
    chain.push(candidate);
    if (candidate.cause !== undefined) queue.push(candidate.cause);
    if (Array.isArray(candidate.errors)) queue.push(...candidate.errors);
  }
  return chain;
}

/** True when the error says the database cannot be reached or has gone away (not a fault of the query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return chainOf(error).some((link) => {
    if (link instanceof DatabaseConnectError) return true;
    const { code, message } = link;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
    // A backend ended (pg_terminate_backend, a shutdown) while compiling a regular expression (the
    // expert search) reports 2201B 'invalid regular expression: operation cancelled', not 57P01.
    if (code === '2201B' && typeof message === 'string' && /operation cancelled/.test(message)) return true;
    return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
  });
}

/** The PostgreSQL error with one of `codes` inside drizzle's wrapper (DrizzleQueryError keeps it as `cause`). */
function pgErrorWith(error: unknown, codes: Set<string>): PgErrorLike | undefined {
  return chainOf(error).find(({ code }) => typeof code === 'string' && codes.has(code));
}

const UNAVAILABLE_MESSAGE_TEXT = 'The service is temporarily unavailable. Please try again in a moment.';
/** Long enough for a database restart or fail-over to finish; short enough that clients come back soon. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** What every caller hears while the database cannot be reached. */
export function databaseUnavailableError(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', UNAVAILABLE_MESSAGE_TEXT, undefined, UNAVAILABLE_RETRY_AFTER_SECONDS);
}

/**
 * Turns a database failure into the application error a caller should see: a constraint violation is a
 * 409 named by its constraint, a lost race a 409 to retry, an unreachable database a 503 with a
 * Retry-After. Anything else is returned as it is (a defect: logged and answered 500).
 */
export function toAppError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const conflict = pgErrorWith(error, CONFLICT_CODES);
  if (conflict) {
    const message = (conflict.constraint && CONSTRAINT_MESSAGES[conflict.constraint]) ?? 'This conflicts with existing data.';
    return new AppError('CONFLICT', message);
  }
  if (pgErrorWith(error, RETRY_CODES)) {
    return new AppError('CONFLICT', 'Someone else changed this at the same moment. Please try again.');
  }
  if (isDatabaseUnavailable(error)) {
    return databaseUnavailableError();
  }
  return error;
}
