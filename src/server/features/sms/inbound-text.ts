import twilio from 'twilio';
import { eq } from 'drizzle-orm';
import { smsOptOuts } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import { PRODUCT_NAME } from '../../../common/brand.js';
import { HELP_WORDS, START_WORDS, STOP_WORDS } from '../../../common/sms.js';
import type { SmsDeps } from './sms-deps.js';

export const NOT_SET_UP = 'Text messages are not set up on this server.';
export const BAD_SIGNATURE = 'This request is not signed by Twilio.';

/** The reply word a text is, if it is one: the whole message, any case, stray punctuation aside. */
function keywordOf(body: string): string {
  return body.trim().toUpperCase().replace(/[.!]+$/, '');
}
const isOneOf = (words: readonly string[], word: string) => words.includes(word);

export const helpReply = (baseUrl: string) =>
  `${PRODUCT_NAME}: booking notices by text. Reply STOP to end them, START to have them again. Choose what comes by text: ${baseUrl}/settings`;

/**
 * A text someone sent to our number, as Twilio's webhook posts it (docs/PRODUCT.md#text-messages). Only a
 * request signed with our auth token over this very address counts (403 otherwise). STOP and its synonyms
 * turn every text to the number off at once, for every account that has it; START turns them on again;
 * HELP is answered. Twilio confirms STOP and START itself, so those get an empty reply. Answers TwiML.
 */
export async function receiveText(deps: SmsDeps, request: { url: string; signature: string | undefined; params: Record<string, string> }): Promise<string> {
  if (!deps.authToken) throw new AppError('NOT_FOUND', NOT_SET_UP);
  if (!request.signature || !twilio.validateRequest(deps.authToken, request.signature, request.url, request.params)) {
    throw new AppError('FORBIDDEN', BAD_SIGNATURE);
  }
  const reply = new twilio.twiml.MessagingResponse();
  const from = request.params.From ?? '';
  const word = keywordOf(request.params.Body ?? '');
  if (from && isOneOf(STOP_WORDS, word)) {
    await inTransaction(deps.db, async (tx) => {
      const stopped = await tx.insert(smsOptOuts).values({ number: from, stoppedAt: deps.now() }).onConflictDoNothing().returning();
      if (stopped.length) await writeAudit(tx, { actorUserId: null, actorRole: 'system', action: 'sms.stopped', entityType: 'sms_number', entityId: from, note: word });
    });
  } else if (from && isOneOf(START_WORDS, word)) {
    await inTransaction(deps.db, async (tx) => {
      const started = await tx.delete(smsOptOuts).where(eq(smsOptOuts.number, from)).returning();
      if (started.length) await writeAudit(tx, { actorUserId: null, actorRole: 'system', action: 'sms.started', entityType: 'sms_number', entityId: from, note: word });
    });
  } else if (isOneOf(HELP_WORDS, word)) {
    reply.message(helpReply(deps.baseUrl));
  }
  return reply.toString();
}
