/**
 * A new Idempotency-Key: one per submit, kept for the retries of that submit, so a write whose answer was
 * lost is answered the first time's result instead of being made twice (docs/ARCHITECTURE.md, Shared mechanisms).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; plain-HTTP deployments still get 128 random bits.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
