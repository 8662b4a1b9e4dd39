import { createHash } from 'node:crypto';

const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * The `Topic` header (RFC 8030 5.4): at most 32 characters of the URL-safe base64 alphabet. A topic that is
 * not one is hashed into one, so the same topic always gives the same header and a newer push still
 * replaces an older one waiting at the push service.
 */
export function pushTopic(topic: string): string {
  if (TOPIC.test(topic)) return topic;
  return createHash('sha256').update(topic).digest('base64url').slice(0, 32);
}
