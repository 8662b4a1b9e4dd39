import { z } from 'zod';
import { EXPERT_STATUSES, ROLES, USER_STATUSES } from './roles.js';
import { emailSchema, firstNameSchema, lastNameSchema } from './user.js';

/** The most users one `GET /api/admin/users` answers; the rest come with `offset`. */
export const ADMIN_USERS_PAGE_SIZE = 50;
export const ADMIN_USERS_MAX_PAGE_SIZE = 200;

/** The admin-managed user (docs/PRODUCT.md#user-management), with what an administrator needs to decide an edit. */
export const adminUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  createdAt: z.iso.datetime(),
  /** Whether the account owns an expert profile: only approval gives one, and with it role expert. */
  hasExpertProfile: z.boolean(),
  /** That profile's status, or null without one. */
  expertStatus: z.enum(EXPERT_STATUSES).nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** 'all' means no filter, the screen's default. */
const allAsMissing = <T>(value: T | 'all' | undefined): T | undefined => (value === 'all' ? undefined : value);

/** Query values arrive as text; an empty one means 'not sent' (the screen sends them only when non-empty). */
const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value);

/** `GET /api/admin/users` query. */
export const adminUserListQuerySchema = z.object({
  search: z.preprocess(
    emptyAsMissing,
    z.string({ error: 'search must be text' }).trim().max(100, 'search must be at most 100 characters').optional(),
  ),
  role: z.preprocess(
    emptyAsMissing,
    z.enum(['all', ...ROLES], { error: 'role must be one of: all, user, expert, admin' }).optional().transform(allAsMissing),
  ),
  status: z.preprocess(
    emptyAsMissing,
    z
      .enum(['all', ...USER_STATUSES], { error: 'status must be one of: all, active, inactive, pending' })
      .optional()
      .transform(allAsMissing),
  ),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(ADMIN_USERS_MAX_PAGE_SIZE, `limit must be at most ${ADMIN_USERS_MAX_PAGE_SIZE}`)
    .default(ADMIN_USERS_PAGE_SIZE),
  offset: z.coerce
    .number({ error: 'offset must be a whole number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .default(0),
});
export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;

export const adminUserParamsSchema = z.object({
  userId: z.string().trim().min(1, 'userId is required').max(100, 'userId is not valid'),
});

const optionalPhone = z
  .string({ error: 'Phone must be text' })
  .trim()
  .max(30, 'Phone must be at most 30 characters')
  .optional()
  .nullable()
  .transform((value) => (value ? value : null));

/** `PATCH /api/admin/users/{userId}` and the Edit dialog (docs/PRODUCT.md#user-management). */
export const adminUserUpdateSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: z.string({ error: 'Invalid email address' }).pipe(emailSchema),
  phone: optionalPhone,
  role: z.enum(ROLES, { error: 'Role must be one of: user, expert, admin' }),
  status: z.enum(USER_STATUSES, { error: 'Status must be one of: active, inactive, pending' }),
});
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateSchema>;
export type AdminUserUpdate = z.output<typeof adminUserUpdateSchema>;
