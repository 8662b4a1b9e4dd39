import { hashPassword as scryptHash, verifyPassword as scryptVerify } from 'better-auth/crypto';
import { takingTurns } from '../core/taking-turns.js';

/**
 * Better Auth's password hash is scrypt with N 16384 and r 16: each hash or check holds 32 MB while it
 * runs, in libuv's pool of four threads, so a burst of sign-ins held 128 MB at once (bench/memory.ts).
 * One at a time keeps it at 32 MB; on a small server the hash has one core and the event loop the other.
 */
const turns = takingTurns(1);

export const hashPassword = (password: string) => turns.run(() => scryptHash(password));

export const verifyPassword = (data: { hash: string; password: string }) => turns.run(() => scryptVerify(data));
