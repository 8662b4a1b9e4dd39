import { z } from 'zod';
import { ROLES, USER_STATUSES } from './roles.js';
import { PASSWORD_MAX_LENGTH } from './password-rules.js';

/** The current user, as `GET /api/auth/user` answers it (docs/PRODUCT.md#accounts-and-sign-in). */
export const currentUserSchema = z.object({
  id: z.string(),
  profileImageUrl: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  /** Whether the address was proved by its code or a link; until then it gets no e-mail but those (docs/PRODUCT.md#account-safety). */
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  /** The IANA zone chosen in Settings, or null: not chosen (docs/PRODUCT.md#settings). */
  timeZone: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  createdAt: z.iso.datetime(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('Invalid email address').max(254));

export const firstNameSchema = z
  .string({ error: 'First name is required' })
  .trim()
  .min(1, 'First name is required')
  .max(100, 'First name must be at most 100 characters');
export const lastNameSchema = z
  .string({ error: 'Last name is required' })
  .trim()
  .min(1, 'Last name is required')
  .max(100, 'Last name must be at most 100 characters');

/**
 * `PATCH /api/profile` and the My Profile form. Role and status are not part of it: a user can never
 * change their own. A new e-mail address also needs the current password (`common/email-change.ts`).
 */
export const profileUpdateSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: z.string({ error: 'Invalid email address' }).pipe(emailSchema),
  phone: optionalText(30),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  zipCode: optionalText(20),
  // Not trimmed: it is compared with the password as typed.
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH, 'Incorrect password').optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
