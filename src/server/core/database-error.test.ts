import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { DatabaseConnectError } from '../db/connect-error.js';
import { toAppError } from './database-error.js';

/** drizzle wraps the driver's error in its own, keeping it as `cause`. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: insert ...'), { cause });

describe('database errors', () => {
  it('maps a named constraint to its 409 message, and any other to a generic 409', () => {
    expect(toAppError(wrapped({ code: '23P01', constraint: 'bookings_no_overlap' }))).toMatchObject({
      statusCode: 409,
      message: 'That time was just booked. Please choose another time.',
    });
    expect(toAppError(wrapped({ code: '23505', constraint: 'users_email_unique' }))).toMatchObject({ statusCode: 409 });
  });

  it('answers a deadlock or serialisation failure with a 409 to try again', () => {
    expect(toAppError(wrapped({ code: '40P01' }))).toMatchObject({ statusCode: 409 });
  });

  it('answers 503 with a Retry-After when the database cannot be reached', () => {
    const nodeError = (code: string, message = `connect ${code} 127.0.0.1:5432`) => Object.assign(new Error(message), { code });
    // What pg raises when PostgreSQL refuses, drops or sheds connections (the SQLSTATE rides on `code`).
    const pgFatal = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
    const unavailable: [string, unknown][] = [
      ['refused', wrapped(nodeError('ECONNREFUSED'))],
      ['reset', wrapped(nodeError('ECONNRESET', 'read ECONNRESET'))],
      ['timed out', wrapped(nodeError('ETIMEDOUT'))],
      ['broken pipe', wrapped(nodeError('EPIPE', 'write EPIPE'))],
      ['unknown host', wrapped(nodeError('ENOTFOUND', 'getaddrinfo ENOTFOUND db'))],
      ['admin shutdown', wrapped(pgFatal('57P01', 'terminating connection due to administrator command'))],
      ['starting up', pgFatal('57P03', 'the database system is starting up')],
      ['shutting down', pgFatal('57P03', 'the database system is shutting down')],
      ['too many connections', pgFatal('53300', 'sorry, too many clients already')],
      ['disk full', wrapped(Object.assign(new Error('could not extend file "base/5/16387": No space left on device'), { code: '53100', severity: 'ERROR' }))],
      ['ended while compiling a regex', wrapped(Object.assign(new Error('invalid regular expression: operation cancelled'), { code: '2201B', severity: 'ERROR' }))],
      ['connection failure', pgFatal('08006', 'connection failure')],
      ['cannot establish', pgFatal('08001', 'could not connect')],
      ['protocol violation', pgFatal('08P01', 'protocol violation')],
      ['pg: cut mid-query', wrapped(new Error('Connection terminated unexpectedly'))],
      ['pg: connect timeout', new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') })],
      ['pg-pool: no client in time', wrapped(new Error('timeout exceeded when trying to connect'))],
      ['pg-pool: ended', new Error('Cannot use a pool after calling end on the pool')],
      ['pg: client broken', new Error('Client has encountered a connection error and is not queryable')],
      ['PGlite closed', new Error('PGlite is closed')],
      // Any failure to get a connection, whatever its code: the database refusing connections (55000), a
      // password no longer accepted (28P01); Better Auth and drizzle wrap it as they wrap the others.
      ['connect: database not accepting connections', wrapped(new DatabaseConnectError(pgFatal('55000', 'database "kb" is not currently accepting connections')))],
      ['connect: password refused', new DatabaseConnectError(pgFatal('28P01', 'password authentication failed for user "kb"'))],
      // Node's dual-stack connect (localhost is ::1 and 127.0.0.1): one error per address, no code of its own.
      ['dual-stack', wrapped(new AggregateError([nodeError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432'), nodeError('ECONNREFUSED')], ''))],
      // Better Auth's session lookup: its own APIError around drizzle's error around the driver's.
      [
        'Better Auth session lookup',
        Object.assign(new Error('Failed to get session', { cause: wrapped(nodeError('ECONNREFUSED')) }), { status: 'INTERNAL_SERVER_ERROR', statusCode: 500, body: { code: 'FAILED_TO_GET_SESSION' } }),
      ],
      // An outer error with a string code of its own does not hide the driver's error beneath it.
      ['behind a coded wrapper', Object.assign(new Error('wrapped'), { code: 'ERR_WRAPPED', cause: new Error('x', { cause: new Error('y', { cause: nodeError('ECONNREFUSED') }) }) })],
    ];
    for (const [what, error] of unavailable) {
      const mapped = toAppError(error);
      expect(mapped, what).toBeInstanceOf(AppError);
      expect(mapped, what).toMatchObject({
        statusCode: 503,
        retryAfterSeconds: 5,
        message: 'The service is temporarily unavailable. Please try again in a moment.',
      });
    }
  });

  it('leaves defects alone, to be logged and answered 500', () => {
    const defect = new TypeError('x is undefined');
    expect(toAppError(defect)).toBe(defect);
    expect(toAppError(wrapped({ code: '42703' }))).not.toBeInstanceOf(AppError);
    // A query cancelled by statement_timeout (57014) or a wrong password (28P01) is not an outage.
    expect(toAppError(wrapped({ code: '57014' }))).not.toBeInstanceOf(AppError);
    expect(toAppError(wrapped({ code: '28P01' }))).not.toBeInstanceOf(AppError);
    // 55000 from a query (an object in the wrong state) is not an outage either; from a connect it is.
    expect(toAppError(wrapped({ code: '55000' }))).not.toBeInstanceOf(AppError);
    expect(toAppError(wrapped({ code: '2201B', message: 'invalid regular expression: parentheses () not balanced' }))).not.toBeInstanceOf(AppError);
  });
});
