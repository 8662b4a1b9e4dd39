import { z } from 'zod';
import { AppError } from '../../core/app-error.js';
import { ORDERS, type OrderName } from './directory/sort-orders.js';

type KeyValues = (string | number)[];

const INVALID_CURSOR = 'This cursor does not belong to this listing; ask for the first page again';

/** An opaque cursor: the order it belongs to and the sort-key values of the last expert of a page. */
export function encodeCursor(order: OrderName, values: KeyValues): string {
  const keys = ORDERS[order];
  return Buffer.from(JSON.stringify([order, ...values.map((v, i) => keys[i]!.toCursor(v))])).toString('base64url');
}

/** The key values of a cursor made by `encodeCursor` for the same order; anything else is a 400. */
export function decodeCursor(cursor: string, order: OrderName): KeyValues {
  const invalid = AppError.onField('cursor', INVALID_CURSOR);
  const keys = ORDERS[order];
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  const shape = z.tuple([z.literal(order), ...keys.map((k) => k.cursorValue)] as [z.ZodType, ...z.ZodType[]]);
  const result = shape.safeParse(parsed);
  if (!result.success) throw invalid;
  return (result.data as KeyValues).slice(1).map((v, i) => keys[i]!.fromCursor(v));
}
