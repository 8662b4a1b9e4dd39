import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Role } from '../../../common/roles.js';
import { AppError } from '../../core/app-error.js';

/** Gives the account with this e-mail a role; an operator's action (`npm run user:set-role`). */
export async function setUserRole(db: Database, email: string, role: Role): Promise<{ email: string; role: Role }> {
  const [row] = await db
    .update(users)
    .set({ role })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ email: users.email, role: users.role });
  if (!row) throw new AppError('NOT_FOUND', `No account uses the e-mail address ${email}.`);
  return row;
}
