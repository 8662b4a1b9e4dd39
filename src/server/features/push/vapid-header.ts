import webPush from 'web-push';
import type { VapidKeys } from './vapid-keys.js';

/** How long a signed header is good for (RFC 8292 allows at most 24 hours)… */
const VALID_SECONDS = 12 * 3600;
/** …and how long it is reused: renewed well before a push service would refuse it. */
const REUSE_SECONDS = 11 * 3600;

/**
 * The VAPID `Authorization` header for a push service (RFC 8292), signed once per push service and
 * reused: its ES256 signature was most of the CPU a push cost, and the JWT names only the push service's
 * origin, never the device, so every push to that service may carry the same one until it nears expiry.
 */
export function vapidHeaders(vapid: VapidKeys, now: () => Date) {
  const signed = new Map<string, { authorization: string; renewAt: number }>();
  return (endpoint: string): string => {
    const audience = new URL(endpoint).origin;
    const at = now().getTime();
    const kept = signed.get(audience);
    if (kept && at < kept.renewAt) return kept.authorization;
    const expiresAt = Math.floor(at / 1000) + VALID_SECONDS;
    const { Authorization: authorization } = webPush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', expiresAt);
    signed.set(audience, { authorization, renewAt: at + REUSE_SECONDS * 1000 });
    return authorization;
  };
}
