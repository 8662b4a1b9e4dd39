import { availableParallelism, totalmem } from 'node:os';
import { APIError } from 'better-auth/api';
import { hashPassword as scryptHash, verifyPassword as scryptVerify } from 'better-auth/crypto';
import { takingTurns } from '../core/taking-turns.js';

/**
 * Hashes that may wait their turn: one takes about 0.2 s of a core here, so this many is some five
 * seconds of waiting with two hashes at a time (ten with one). Past that, a burst of sign-ins is turned
 * away at once (503 with Retry-After; our sign-in form asks again by itself) rather than held until the
 * browser or a proxy gives up: bench/memory.ts saw sign-ins wait over 10 s with no bound.
 */
export const MAX_WAITING_HASHES = 50;
export const SIGN_INS_BUSY = 'Many people are signing in right now. Please try again in a moment.';
/** The refusal's code: its message is ours to show, unlike other 5xx answers of Better Auth's (auth/routes.ts). */
export const SIGN_INS_BUSY_CODE = 'SIGN_INS_BUSY';

const GIB = 1024 ** 3;

/**
 * Better Auth's password hash is scrypt with N 16384 and r 16: each hash or check works in 32 MB (and
 * may take up to 64 MB), in libuv's pool of four threads, so a burst of sign-ins held 128 MB at once
 * (bench/memory.ts). Two at a time, where the machine has a second core and 2 GB or more of memory (the
 * server itself runs in about 250 MB), holds at most 128 MB and halves the wait of a burst; otherwise one
 * at a time, which leaves the event loop a core. PASSWORD_HASHES_AT_ONCE overrides it.
 */
export function defaultHashesAtOnce(memoryBytes = totalmem(), cores = availableParallelism()): number {
  return cores >= 2 && memoryBytes >= 2 * GIB ? 2 : 1;
}

/** The refusal is Better Auth's own error type, as every caller over HTTP but one is one of its routes. */
function hashingTurns(atOnce: number) {
  return takingTurns(atOnce, {
    maxWaiting: MAX_WAITING_HASHES,
    whenFull: () => new APIError('SERVICE_UNAVAILABLE', { code: SIGN_INS_BUSY_CODE, message: SIGN_INS_BUSY }, { 'Retry-After': '3' }),
  });
}

// One queue for the process, as its memory is the process's: every app built in it shares the queue.
let atOnceNow = defaultHashesAtOnce();
let turns = hashingTurns(atOnceNow);

/** Sets how many hashes run at once (buildApp, from the config); hashes already queued finish in the old queue. */
export function setHashesAtOnce(atOnce: number): void {
  if (atOnce === atOnceNow) return;
  atOnceNow = atOnce;
  turns = hashingTurns(atOnce);
}

export const hashesAtOnce = () => atOnceNow;

export const hashPassword = (password: string) => turns.run(() => scryptHash(password));

export const verifyPassword = (data: { hash: string; password: string }) => turns.run(() => scryptVerify(data));
