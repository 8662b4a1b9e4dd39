import { createHmac } from 'node:crypto';
import type { IceServer } from '../../../common/video-call.js';

/**
 * The relay's credentials for one call, as coturn's `use-auth-secret` checks them (the "TURN REST API"):
 * the username is `{expiry in Unix seconds}:{booking id}`, the credential base64(HMAC-SHA1(secret, username)).
 * coturn recomputes the credential from the username and refuses it once the expiry has passed, so nothing
 * is stored and a credential cannot outlive its call by much (docs/PRODUCT.md#video-calls).
 */

/** TURN_URLS and TURN_SECRET (coturn's static-auth-secret). */
export interface TurnRelay {
  urls: string[];
  secret: string;
}

/** A credential lasts this long past the end of the call room (a call may run to its end)... */
export const TURN_VALID_AFTER_ROOM_MS = 60 * 60_000;
/** ...and at least this long from when it is handed out. */
export const TURN_VALID_AT_LEAST_MS = 60 * 60_000;

/**
 * When a credential handed out now for a room closing at `roomClosesAt` expires, in whole seconds. While the
 * room is open it depends on the booking only, so asking again gives the same credential.
 */
export function turnExpiry(roomClosesAt: Date, now: Date): Date {
  const ms = Math.max(roomClosesAt.getTime() + TURN_VALID_AFTER_ROOM_MS, now.getTime() + TURN_VALID_AT_LEAST_MS);
  return new Date(Math.ceil(ms / 1000) * 1000);
}

/** The RTCIceServer entry of the relay for one booking's call, valid until `expiresAt`. */
export function turnServerFor(relay: TurnRelay, bookingId: string, expiresAt: Date): Required<IceServer> {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${bookingId}`;
  const credential = createHmac('sha1', relay.secret).update(username).digest('base64');
  return { urls: relay.urls, username, credential };
}
