import { z } from 'zod';
import { AppError } from '../../core/app-error.js';
import type { SortKey } from './sort-keys.js';

type KeyValues = (string | number)[];

const INVALID_CURSOR = 'This cursor does not belong to this listing; ask for the first page again';

/** An opaque cursor: the order it belongs to and the sort-key values of the last expert of a page. */
export function encodeCursor(order: string, values: KeyValues): string {
  return Buffer.from(JSON.stringify([order, ...values])).toString('base64url');
}

/** The key values of a cursor made by `encodeCursor` for the same order; anything else is a 400. */
export function decodeCursor(cursor: string, order: string, keys: SortKey[]): KeyValues {
  const invalid = new AppError('BAD_REQUEST', INVALID_CURSOR, { cursor: INVALID_CURSOR });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  const shape = z.tuple([z.literal(order), ...keys.map((k) => k.value)] as [z.ZodType, ...z.ZodType[]]);
  const result = shape.safeParse(parsed);
  if (!result.success) throw invalid;
  return (result.data as unknown[]).slice(1) as KeyValues;
}
