import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { parseCookies } from 'better-auth/cookies';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';

/** The longest a browser keeps a cookie (Chromium cuts a longer Max-Age to this); each sign-in renews it. */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
/** Sent only with sign-ins, the one request that reads it. */
const COOKIE_PATH = '/api/auth/sign-in';

/**
 * A browser that signed in to an account before carries a cookie that says so (docs/PRODUCT.md#account-safety):
 * one per account, signed with the auth secret, httpOnly, kept for months. When strangers have
 * used up the account's failed sign-ins, the owner's own browser is still let try (account-sign-in-limit.ts).
 */
export function rememberedDevices(options: { db: Database; secret: string; secure: boolean }) {
  const { db, secret, secure } = options;
  const nameOf = (userId: string) => `${secure ? '__Secure-' : ''}kb.device.${userId}`;
  const signatureOf = (userId: string, deviceId: string) =>
    createHmac('sha256', secret).update(`remembered-device:${userId}:${deviceId}`).digest('base64url');

  /** This browser's id for the account, if its cookie for that account is one we signed. */
  function deviceIdIn(cookieHeader: string | undefined, userId: string): string | null {
    const value = parseCookies(cookieHeader ?? '').get(nameOf(userId));
    const [deviceId, signature] = value?.split('.') ?? [];
    if (!deviceId || !signature) return null;
    const expected = Buffer.from(signatureOf(userId, deviceId));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
  }

  return {
    /** The id of this browser if it signed in to the account of this e-mail before. */
    async deviceOf(cookieHeader: string | undefined, email: string): Promise<string | null> {
      if (!cookieHeader) return null;
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
      return user ? deviceIdIn(cookieHeader, user.id) : null;
    },

    /** The Set-Cookie that remembers this browser for the account, keeping the id it already has. */
    cookieFor(cookieHeader: string | undefined, userId: string): string {
      const deviceId = deviceIdIn(cookieHeader, userId) ?? randomBytes(16).toString('base64url');
      const attributes = [`Max-Age=${MAX_AGE_SECONDS}`, `Path=${COOKIE_PATH}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
      return [`${nameOf(userId)}=${deviceId}.${signatureOf(userId, deviceId)}`, ...attributes].join('; ');
    },
  };
}

export type RememberedDevices = ReturnType<typeof rememberedDevices>;
