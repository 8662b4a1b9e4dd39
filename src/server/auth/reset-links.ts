import { and, eq, like } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { verifications } from '../db/schema.js';

/**
 * Better Auth keeps each password-reset link as a verification row, `reset-password:<token>`, whose value
 * is the account's user id, and spends only the link that was followed. Once the password has changed
 * (a reset, a change while signed in, an operator's command) every other link of the account is dropped:
 * a link mailed earlier must not set the password again. Rows are matched by their owner and their kind,
 * never by token, so this holds however the token part of the identifier is stored.
 */
export async function forgetResetLinks(db: Database, userId: string): Promise<void> {
  await db.delete(verifications).where(and(eq(verifications.value, userId), like(verifications.identifier, 'reset-password:%')));
}
