import { z } from 'zod';

const BAD_KEY = 'Idempotency-Key must be 8 to 100 letters, digits or -_.:';

/**
 * The `headers` schema of a create route that honours `Idempotency-Key` (see `idempotentWrite`): optional,
 * and a malformed key is a 400 with a sentence saying what a key is.
 */
export const idempotencyKeyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{8,100}$/, BAD_KEY)
    .optional(),
});

/** The OpenAPI description of the header, for the routes that take it. */
export const IDEMPOTENCY_KEY_DESCRIPTION =
  'Send an `Idempotency-Key` header, one per submit: a retry with the same key and the same request answers the first result (200); the same key with another request is a 409.';
