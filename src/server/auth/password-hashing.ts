import { randomBytes, scrypt } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { hashPassword as scryptHash, verifyPassword as scryptVerify } from 'better-auth/crypto';
import { takingTurns } from '../core/taking-turns.js';

/**
 * Hashes that may wait their turn: a few seconds of waiting at most. Past that, a burst of sign-ins is
 * turned away at once (503 with Retry-After; our sign-in form asks again by itself) rather than held until
 * the browser or a proxy gives up (`npm run bench -- auth` measures a burst).
 */
export const MAX_WAITING_HASHES = 50;
export const SIGN_INS_BUSY = 'Many people are signing in right now. Please try again in a moment.';
/** The refusal's code: its message is ours to show, unlike other 5xx answers of Better Auth's (auth/routes.ts). */
export const SIGN_INS_BUSY_CODE = 'SIGN_INS_BUSY';

/**
 * Better Auth's password hash is scrypt with N 16384 and r 16: each hash or check works in 32 MB (and
 * may take up to 64 MB), in libuv's pool of four threads, so an unbounded burst holds four at once. One
 * at a time by default: the server's memory budget (250 MB on PostgreSQL under a mixed load) has room for
 * one hash beside everything else, not two, and on two cores a second hash at once barely shortened a
 * burst, as the event loop needs the other core. PASSWORD_HASHES_AT_ONCE raises it where memory allows.
 */
export const DEFAULT_HASHES_AT_ONCE = 1;

/** The refusal is Better Auth's own error type, as every caller over HTTP but one is one of its routes. */
function hashingTurns(atOnce: number) {
  return takingTurns(atOnce, {
    maxWaiting: MAX_WAITING_HASHES,
    whenFull: () => new APIError('SERVICE_UNAVAILABLE', { code: SIGN_INS_BUSY_CODE, message: SIGN_INS_BUSY }, { 'Retry-After': '3' }),
  });
}

// One queue for the process, as its memory is the process's: every app built in it shares the queue.
let atOnceNow = DEFAULT_HASHES_AT_ONCE;
let turns = hashingTurns(atOnceNow);

/** Sets how many hashes run at once (buildApp, from the config); hashes already queued finish in the old queue. */
export function setHashesAtOnce(atOnce: number): void {
  if (atOnce === atOnceNow) return;
  atOnceNow = atOnce;
  turns = hashingTurns(atOnce);
}

export const hashesAtOnce = () => atOnceNow;

/**
 * What a hash costs: Better Auth's scrypt, or, for apps that API tests build (buildApp's
 * `testOnlyCheapPasswordHashes`, never a setting), scrypt at the least cost it takes, in the same
 * `salt:key` form. Those tests sign up and in thousands of times and test what happens around the hash,
 * not its strength. Set by every buildApp, for the whole process like the queue: an operator command
 * run beside a test app (setUserPassword) hashes as that app checks.
 */
let cheapForTests = false;

export function useCheapHashesForTests(cheap: boolean): void {
  cheapForTests = cheap;
}

const CHEAP = { N: 2, r: 1, p: 1 };

function cheapKey(password: string, salt: string): Promise<string> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 64, CHEAP, (err, key) => (err ? reject(err) : resolve(key.toString('hex')))),
  );
}

async function cheapHash(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${await cheapKey(password, salt)}`;
}

async function cheapVerify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, key] = hash.split(':');
  if (!salt || !key) throw new Error('Invalid password hash');
  return (await cheapKey(password, salt)) === key;
}

export const hashPassword = (password: string) => turns.run(() => (cheapForTests ? cheapHash(password) : scryptHash(password)));

export const verifyPassword = (data: { hash: string; password: string }) => turns.run(() => (cheapForTests ? cheapVerify(data) : scryptVerify(data)));
