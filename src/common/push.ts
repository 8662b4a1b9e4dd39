import { z } from 'zod';

/**
 * Web push (docs/PRODUCT.md#installable-app-and-push): what a browser's `PushSubscription` sends us, and
 * the messages a refused one is told. Which addresses a push service may have is the server's rule (it
 * depends on its configuration); the shape and the keys are checked here.
 */

export const ENDPOINT_NOT_HTTPS = "The subscription's endpoint must be the https address of a push service";
export const ENDPOINT_NOT_PUBLIC = "The subscription's endpoint must be a public address, not a local or private one";
export const P256DH_INVALID = "keys.p256dh must be the browser's P-256 public key: 65 bytes, base64url";
export const AUTH_INVALID = "keys.auth must be the browser's 16-byte auth secret, base64url";

/** How many devices one account may have push on; a new one beyond it replaces the least recently used. */
export const MAX_PUSH_DEVICES = 10;

const ENDPOINT_MAX_LENGTH = 2048;

/** base64url of `bytes` bytes, without padding (as browsers write the keys), or with it. */
const base64urlOf = (bytes: number, first = '[A-Za-z0-9_-]') => {
  const chars = Math.ceil((bytes * 4) / 3);
  const padding = (4 - (chars % 4)) % 4;
  return new RegExp(`^${first}[A-Za-z0-9_-]{${chars - 1}}={0,${padding}}$`);
};

/** The device's public key: an uncompressed P-256 point (65 bytes), whose first byte 0x04 is 'B' in base64url. */
const P256DH = base64urlOf(65, 'B');
const AUTH = base64urlOf(16);

export const pushEndpointSchema = z
  .string({ error: ENDPOINT_NOT_HTTPS })
  .max(ENDPOINT_MAX_LENGTH, ENDPOINT_NOT_HTTPS)
  .refine((value) => URL.canParse(value), ENDPOINT_NOT_HTTPS);

/** `POST /api/push/subscriptions`: the browser's `PushSubscription.toJSON()`. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string({ error: P256DH_INVALID }).regex(P256DH, P256DH_INVALID),
      auth: z.string({ error: AUTH_INVALID }).regex(AUTH, AUTH_INVALID),
    },
    { error: 'keys must hold p256dh and auth, as PushSubscription.toJSON() gives them' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** `DELETE /api/push/subscriptions`: the device's endpoint. */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });

/** `GET /api/push/public-key`: the VAPID public key a browser subscribes with (`applicationServerKey`). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
