import { eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { experts, users } from '../../db/schema.js';
import type { AdminUser } from '../../../common/admin-users.js';
import type { ExpertStatus, Role, UserStatus } from '../../../common/roles.js';

/** The columns of the admin-managed user, with the account's expert profile (at most one) beside it. */
export const adminUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  role: users.role,
  status: users.status,
  createdAt: users.createdAt,
  expertId: experts.id,
  expertStatus: experts.status,
};

interface AdminUserRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
  role: Role;
  status: UserStatus;
  createdAt: Date;
  expertId: number | null;
  expertStatus: ExpertStatus | null;
}

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    role: row.role,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    hasExpertProfile: row.expertId !== null,
    expertStatus: row.expertStatus,
  };
}

/** The users `where` picks, with their expert profile. */
export function selectAdminUsers(db: Database, where: SQL | undefined) {
  return db.select(adminUserColumns).from(users).leftJoin(experts, eq(experts.userId, users.id)).where(where);
}
