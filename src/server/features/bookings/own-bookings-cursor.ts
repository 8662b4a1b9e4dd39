import { z } from 'zod';
import { AppError } from '../../core/app-error.js';

const INVALID_CURSOR = 'This cursor does not belong to your bookings list; ask for the first page again';

/**
 * Where a page of the caller's bookings ends: the moment the first page split upcoming from past (kept
 * for every later page, so no booking crosses from one part to the other between pages), the part the
 * last booking is in, and its start and id (the order's key).
 */
export interface OwnBookingsCursor {
  asOf: Date;
  upcoming: boolean;
  startsAt: Date;
  id: string;
}

const cursorShape = z.tuple([z.iso.datetime(), z.enum(['upcoming', 'past']), z.iso.datetime(), z.uuid()]);

/** An opaque cursor (base64url JSON). */
export function encodeOwnBookingsCursor({ asOf, upcoming, startsAt, id }: OwnBookingsCursor): string {
  return Buffer.from(JSON.stringify([asOf.toISOString(), upcoming ? 'upcoming' : 'past', startsAt.toISOString(), id])).toString('base64url');
}

/** The cursor `encodeOwnBookingsCursor` made; anything else is a 400 saying to start again. */
export function decodeOwnBookingsCursor(cursor: string): OwnBookingsCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const result = cursorShape.safeParse(parsed);
  if (!result.success) throw AppError.onField('cursor', INVALID_CURSOR);
  const [asOf, part, startsAt, id] = result.data;
  return { asOf: new Date(asOf), upcoming: part === 'upcoming', startsAt: new Date(startsAt), id };
}
