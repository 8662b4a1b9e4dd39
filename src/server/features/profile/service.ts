import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { CurrentUser, ProfileUpdate } from '../../../common/user.js';
import { toCurrentUser } from '../../auth/current-user.js';
import { AppError } from '../../core/app-error.js';

export const EMAIL_TAKEN_MESSAGE = 'This email address is already used by another account.';

/** Changes the caller's own profile fields; the e-mail changed here is the one they sign in with. */
export async function updateProfile(db: Database, userId: string, input: ProfileUpdate): Promise<CurrentUser> {
  try {
    const [row] = await db
      .update(users)
      .set({ ...input, name: `${input.firstName} ${input.lastName}` })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'Your account no longer exists.');
    return toCurrentUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    throw error;
  }
}
