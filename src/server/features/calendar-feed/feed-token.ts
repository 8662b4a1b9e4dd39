import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A feed's token: 32 random bytes, base64url (43 characters), the secret part of its address. */
export function newFeedToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token: its SHA-256, base64url. A leaked table row cannot be turned back into an address. */
export function feedTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The shape every token has; any other file name is not a feed. */
export const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/**
 * Whether a stored hash is the token's, compared in constant time. The row was found by the hash (an
 * index), whose lookup time says nothing about the token itself; this compare is the last word.
 */
export function hashMatches(storedHash: string, token: string): boolean {
  const stored = Buffer.from(storedHash);
  const given = Buffer.from(feedTokenHash(token));
  return stored.length === given.length && timingSafeEqual(stored, given);
}
