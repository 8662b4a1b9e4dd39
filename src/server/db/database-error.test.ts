import { describe, expect, it } from 'vitest';
import { AppError } from '../core/app-error.js';
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

  it('answers 503 when the database cannot be reached', () => {
    for (const error of [
      wrapped({ code: 'ECONNREFUSED' }),
      wrapped({ code: '57P01' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('PGlite is closed'),
    ]) {
      const mapped = toAppError(error);
      expect(mapped).toBeInstanceOf(AppError);
      expect(mapped).toMatchObject({ statusCode: 503 });
    }
  });

  it('leaves defects alone, to be logged and answered 500', () => {
    const defect = new TypeError('x is undefined');
    expect(toAppError(defect)).toBe(defect);
    expect(toAppError(wrapped({ code: '42703' }))).not.toBeInstanceOf(AppError);
  });
});
