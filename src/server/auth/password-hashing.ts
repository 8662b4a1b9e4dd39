import { APIError } from 'better-auth/api';
import { hashPassword as scryptHash, verifyPassword as scryptVerify } from 'better-auth/crypto';
import { takingTurns } from '../core/taking-turns.js';

/**
 * Hashes that may wait their turn: one takes about 0.2 s of a core here, so this many is some three
 * seconds of waiting. Past that, a burst of sign-ins is turned away at once (503 with Retry-After) rather
 * than held until the browser or a proxy gives up: bench/memory.ts saw sign-ins wait over 10 s.
 */
export const MAX_WAITING_HASHES = 16;
export const SIGN_INS_BUSY = 'Many people are signing in right now. Please try again in a moment.';
/** The refusal's code: its message is ours to show, unlike other 5xx answers of Better Auth's (auth/routes.ts). */
export const SIGN_INS_BUSY_CODE = 'SIGN_INS_BUSY';

/**
 * Better Auth's password hash is scrypt with N 16384 and r 16: each hash or check holds 32 MB while it
 * runs, in libuv's pool of four threads, so a burst of sign-ins held 128 MB at once (bench/memory.ts).
 * One at a time keeps it at 32 MB; on a small server the hash has one core and the event loop the other.
 * The refusal is Better Auth's own error type, as every caller over HTTP is one of its routes.
 */
const turns = takingTurns(1, {
  maxWaiting: MAX_WAITING_HASHES,
  whenFull: () => new APIError('SERVICE_UNAVAILABLE', { code: SIGN_INS_BUSY_CODE, message: SIGN_INS_BUSY }, { 'Retry-After': '3' }),
});

export const hashPassword = (password: string) => turns.run(() => scryptHash(password));

export const verifyPassword = (data: { hash: string; password: string }) => turns.run(() => scryptVerify(data));
