import { randomUUID } from 'node:crypto';
import { and, inArray, isNull, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { experts, users } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { demoExperts } from './demo-experts.js';

/** Demo accounts' e-mail addresses end here: a reserved domain, so no mail ever reaches a real person. */
export const DEMO_EMAIL_DOMAIN = 'demo.kbmarine.example';

/** 'Travis Boudreaux' → 'travis.boudreaux@demo.kbmarine.example' (accents and punctuation dropped). */
export function demoEmailOf(name: string): string {
  const local = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');
  return `${local}@${DEMO_EMAIL_DOMAIN}`;
}

/**
 * Gives each demo expert without one an account of role expert, with a demo e-mail address and no
 * password, so a fresh install can show the expert side: `npm run user:set-password -- <email>` (or the
 * reset flow, whose e-mail goes to the log without SMTP) lets the person running the demo sign in.
 */
export async function ensureDemoExpertAccounts(db: Database): Promise<number> {
  const names = demoExperts.map((expert) => expert.name);
  return inTransaction(db, async (tx) => {
    const unowned = await tx
      .select({ id: experts.id, name: experts.name })
      .from(experts)
      .where(and(isNull(experts.userId), inArray(experts.name, names)));
    for (const expert of unowned) {
      const [first = expert.name, ...rest] = expert.name.split(' ');
      const [account] = await tx
        .insert(users)
        .values({
          id: randomUUID(),
          name: expert.name,
          email: demoEmailOf(expert.name),
          emailVerified: true,
          firstName: first,
          lastName: rest.join(' ') || first,
          role: 'expert',
          status: 'active',
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      // An address already taken (an account made by hand) is left alone, and so is its expert.
      if (account) await tx.update(experts).set({ userId: account.id }).where(eq(experts.id, expert.id));
    }
    return unowned.length;
  });
}
