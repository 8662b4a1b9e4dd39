import { z } from 'zod';
import { profileUpdateSchema } from './user.js';

/** How long the confirmation link sent to a new address works. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your email address';
export const INCORRECT_PASSWORD = 'Incorrect password';

/** True when the e-mail typed is another address than the account's, as the server compares them. */
export function isEmailChange(currentEmail: string, typedEmail: string): boolean {
  return typedEmail.trim().toLowerCase() !== currentEmail.trim().toLowerCase();
}

/** The My Profile form's rules for this user: the server's, plus the current password when the e-mail changes. */
export function profileFormSchema(currentEmail: string) {
  return profileUpdateSchema.superRefine((value, context) => {
    if (isEmailChange(currentEmail, value.email) && !value.currentPassword) {
      context.addIssue({ code: 'custom', path: ['currentPassword'], message: CURRENT_PASSWORD_REQUIRED });
    }
  });
}

/** A change of address waiting for its link to be followed. */
export const pendingEmailChangeSchema = z.object({ newEmail: z.string(), expiresAt: z.iso.datetime() });
export type PendingEmailChange = z.infer<typeof pendingEmailChangeSchema>;

/** `GET /api/profile/email-change`. */
export const emailChangeStatusSchema = z.object({ pending: pendingEmailChangeSchema.nullable() });
export type EmailChangeStatus = z.infer<typeof emailChangeStatusSchema>;

/** `POST /api/profile/email-change/confirm`: the token of the link; anyone holding it may follow it. */
export const confirmEmailChangeSchema = z.object({ token: z.string().min(1, 'The link is not complete').max(200, 'The link is not valid') });
export const emailChangeConfirmedSchema = z.object({ email: z.string() });
export type EmailChangeConfirmed = z.infer<typeof emailChangeConfirmedSchema>;
