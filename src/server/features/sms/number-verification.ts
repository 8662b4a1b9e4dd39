import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { smsNumbers, smsOptOuts, smsVerificationCodes, users } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import { PRODUCT_NAME } from '../../../common/brand.js';
import { CODE_LENGTH, CODE_MINUTES, CODE_TRIES, CODES_PER_HOUR, type SmsSettings } from '../../../common/sms.js';
import type { SmsDeps } from './sms-deps.js';
import { isStopped, TEXT_CODE_QUEUE, type CodeText } from './text-jobs.js';

export const NUMBER_STOPPED =
  'This number replied STOP to our texts, so we cannot text it a code. Reply START to one of our texts, then ask again.';
export const NO_CODE = 'Ask for a code first: enter your mobile number and press Send code.';
export const CODE_EXPIRED = `This code has expired: codes work for ${CODE_MINUTES} minutes. Press Send code for a new one.`;
export const CODE_DEAD = `This code had ${CODE_TRIES} wrong tries and no longer works. Press Send code for a new one.`;
export const CODE_WRONG_LAST = `That code is not right, and that was its last try: it no longer works. Press Send code for a new one.`;
export const codeWrong = (left: number) => `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`;

const HOUR_MS = 60 * 60 * 1000;

const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};
export const tooManyForAccount = (retryAfterSeconds: number) =>
  `You have asked for ${CODES_PER_HOUR} codes in the last hour. Try again ${inMinutes(retryAfterSeconds)}.`;
export const tooManyForNumber = (retryAfterSeconds: number) =>
  `This number has been sent ${CODES_PER_HOUR} codes in the last hour. Try again ${inMinutes(retryAfterSeconds)}.`;

const codeHash = (secret: string, userId: string, number: string, code: string) =>
  createHmac('sha256', secret).update(`sms-code:${userId}:${number}:${code}`).digest('hex');

/** What Settings shows of the account's number: verified, said STOP, a code waiting. */
export async function smsSettings(db: Database, userId: string, now: Date): Promise<SmsSettings> {
  const [verified] = await db
    .select({ number: smsNumbers.number, stoppedAt: smsOptOuts.stoppedAt })
    .from(smsNumbers)
    .leftJoin(smsOptOuts, eq(smsOptOuts.number, smsNumbers.number))
    .where(eq(smsNumbers.userId, userId));
  const [pending] = await db
    .select({ number: smsVerificationCodes.number, expiresAt: smsVerificationCodes.expiresAt })
    .from(smsVerificationCodes)
    .where(
      and(
        eq(smsVerificationCodes.userId, userId),
        isNull(smsVerificationCodes.closedAt),
        gt(smsVerificationCodes.expiresAt, now),
        sql`${smsVerificationCodes.wrongTries} < ${CODE_TRIES}`,
      ),
    )
    .orderBy(desc(smsVerificationCodes.id))
    .limit(1);
  return {
    number: verified?.number ?? null,
    stopped: !!verified?.stoppedAt,
    pending: pending ? { number: pending.number, expiresAt: pending.expiresAt.toISOString() } : null,
  };
}

/** Seconds until the oldest of the hour's codes is an hour old, when the hour already had its share. */
async function waitForCode(tx: Database, column: 'userId' | 'number', value: string, now: Date): Promise<number | null> {
  const rows = await tx
    .select({ createdAt: smsVerificationCodes.createdAt })
    .from(smsVerificationCodes)
    .where(and(eq(smsVerificationCodes[column], value), gt(smsVerificationCodes.createdAt, new Date(now.getTime() - HOUR_MS))))
    .orderBy(asc(smsVerificationCodes.createdAt));
  if (rows.length < CODES_PER_HOUR) return null;
  return Math.ceil((rows[0]!.createdAt.getTime() + HOUR_MS - now.getTime()) / 1000);
}

/** The code text; its last line lets a phone offer the code to the page that asked for it (WebOTP). */
function codeText(code: string, baseUrl: string): string {
  return `${code} is your ${PRODUCT_NAME} code. It works for ${CODE_MINUTES} minutes. Do not share it.\n\n@${new URL(baseUrl).host} #${code}`;
}

/**
 * Sends a code to the number (docs/PRODUCT.md#text-messages): at most 3 an hour for the account and for the
 * number, each newer one replacing the last. The code leaves by a job after the commit, so it is kept only
 * as an HMAC.
 */
export async function sendCode(deps: SmsDeps, userId: string, number: string): Promise<SmsSettings> {
  if (await isStopped(deps.db, number)) throw new AppError('CONFLICT', NUMBER_STOPPED, { number: NUMBER_STOPPED });
  return inTransaction(deps.db, async (tx) => {
    const now = deps.now();
    // The account's row and the number's lock keep two requests at once from both taking the hour's last code.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-number:${number}`}))`);
    const accountWait = await waitForCode(tx, 'userId', userId, now);
    if (accountWait !== null) throw new AppError('TOO_MANY_REQUESTS', tooManyForAccount(accountWait), undefined, accountWait);
    const numberWait = await waitForCode(tx, 'number', number, now);
    if (numberWait !== null) throw new AppError('TOO_MANY_REQUESTS', tooManyForNumber(numberWait), undefined, numberWait);

    await tx
      .update(smsVerificationCodes)
      .set({ closedAt: now })
      .where(and(eq(smsVerificationCodes.userId, userId), isNull(smsVerificationCodes.closedAt)));
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
    const expiresAt = new Date(now.getTime() + CODE_MINUTES * 60 * 1000);
    await tx.insert(smsVerificationCodes).values({ userId, number, codeHash: codeHash(deps.codeSecret, userId, number, code), expiresAt, createdAt: now });
    await writeAudit(tx, { actorUserId: userId, actorRole: 'user', action: 'sms.code_sent', entityType: 'user', entityId: userId, after: { number } });
    const text: CodeText = { number, body: codeText(code, deps.baseUrl) };
    await deps.jobs.insert(tx, [{ name: TEXT_CODE_QUEUE, data: text }]);
    return smsSettings(tx, userId, now);
  });
}

type Checked = { verified: SmsSettings } | { refused: AppError };

/**
 * Checks the code against the account's live one: right, the number is verified (replacing any earlier
 * one); wrong, the try is counted (and saved, though the answer is a refusal), and the fifth ends the code.
 */
export async function verifyCode(deps: SmsDeps, userId: string, code: string): Promise<SmsSettings> {
  const checked = await inTransaction(deps.db, async (tx): Promise<Checked> => {
    const now = deps.now();
    const [live] = await tx
      .select()
      .from(smsVerificationCodes)
      .where(and(eq(smsVerificationCodes.userId, userId), isNull(smsVerificationCodes.closedAt)))
      .orderBy(desc(smsVerificationCodes.id))
      .limit(1)
      .for('update');
    if (!live) return { refused: new AppError('BAD_REQUEST', NO_CODE, { code: NO_CODE }) };
    if (live.wrongTries >= CODE_TRIES) return { refused: new AppError('GONE', CODE_DEAD, { code: CODE_DEAD }) };
    if (live.expiresAt <= now) return { refused: new AppError('GONE', CODE_EXPIRED, { code: CODE_EXPIRED }) };
    const expected = Buffer.from(live.codeHash, 'hex');
    const given = Buffer.from(codeHash(deps.codeSecret, userId, live.number, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      const wrongTries = live.wrongTries + 1;
      await tx.update(smsVerificationCodes).set({ wrongTries }).where(eq(smsVerificationCodes.id, live.id));
      const message = wrongTries >= CODE_TRIES ? CODE_WRONG_LAST : codeWrong(CODE_TRIES - wrongTries);
      return { refused: new AppError('BAD_REQUEST', message, { code: message }) };
    }
    await tx.update(smsVerificationCodes).set({ closedAt: now }).where(eq(smsVerificationCodes.id, live.id));
    const [before] = await tx.select({ number: smsNumbers.number }).from(smsNumbers).where(eq(smsNumbers.userId, userId));
    await tx
      .insert(smsNumbers)
      .values({ userId, number: live.number, verifiedAt: now })
      .onConflictDoUpdate({ target: smsNumbers.userId, set: { number: live.number, verifiedAt: now } });
    await writeAudit(tx, {
      actorUserId: userId,
      actorRole: 'user',
      action: 'sms.number_verified',
      entityType: 'user',
      entityId: userId,
      before: { number: before?.number ?? null },
      after: { number: live.number },
    });
    return { verified: await smsSettings(tx, userId, now) };
  });
  if ('refused' in checked) throw checked.refused;
  return checked.verified;
}

/** Removes the account's number and any code on its way: no text goes to it any more. */
export async function removeNumber(deps: SmsDeps, userId: string): Promise<SmsSettings> {
  return inTransaction(deps.db, async (tx) => {
    const now = deps.now();
    const removed = await tx.delete(smsNumbers).where(eq(smsNumbers.userId, userId)).returning({ number: smsNumbers.number });
    await tx
      .update(smsVerificationCodes)
      .set({ closedAt: now })
      .where(and(eq(smsVerificationCodes.userId, userId), isNull(smsVerificationCodes.closedAt)));
    if (removed.length) {
      await writeAudit(tx, {
        actorUserId: userId,
        actorRole: 'user',
        action: 'sms.number_removed',
        entityType: 'user',
        entityId: userId,
        before: { number: removed[0]!.number },
        after: { number: null },
      });
    }
    return smsSettings(tx, userId, now);
  });
}
