import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import type { CurrentUser, ProfileUpdate } from '../../../common/user.js';
import { CURRENT_PASSWORD_REQUIRED, isEmailChange } from '../../../common/profile-email-change.js';
import { toCurrentUser } from '../../auth/current-user.js';
import { AppError } from '../../core/app-error.js';
import { checkCurrentPassword } from './current-password.js';
import { countEmailChangeAttempt, refuseTakenEmail, requestEmailChange, type ProfileDeps } from './email-change.js';

// The administrators' user edit refuses a taken address with the same words.
export { EMAIL_TAKEN_MESSAGE } from './email-change.js';

/**
 * Saves the caller's own profile fields. A new e-mail address is not saved here: with the current
 * password it becomes a request, confirmed through a link sent to the address (email-change.ts); the
 * other fields save at once, with or without one.
 */
export async function updateProfile(deps: ProfileDeps, user: CurrentUser, input: ProfileUpdate): Promise<CurrentUser> {
  const { currentPassword, email, ...fields } = input;
  const changingEmail = isEmailChange(user.email, email);
  let passwordStamp = '';
  if (changingEmail) {
    if (!currentPassword) throw AppError.onField('currentPassword', CURRENT_PASSWORD_REQUIRED);
    await countEmailChangeAttempt(deps.db, user.id, deps.now());
    passwordStamp = await checkCurrentPassword(deps.db, user.id, currentPassword);
    await refuseTakenEmail(deps.db, user.id, email);
  }
  return inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...fields, name: `${fields.firstName} ${fields.lastName}` })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'Your account no longer exists.');
    if (changingEmail) await requestEmailChange(deps, tx, row, email, passwordStamp);
    return toCurrentUser(row);
  });
}
