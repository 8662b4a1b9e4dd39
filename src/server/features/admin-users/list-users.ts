import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { experts, users } from '../../db/schema.js';
import type { AdminUser, AdminUserListQuery } from '../../../common/admin-users.js';
import { adminUserColumns, toAdminUser } from './admin-user-record.js';

/** User text is matched literally: `%`, `_` and `\` lose their LIKE meaning. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Every word of the search must appear in the first name, last name or e-mail (so 'ada love' finds Ada
 * Lovelace). Deleted accounts are never listed: what is left of them is an anonymous record.
 */
function filtersOf(query: AdminUserListQuery): SQL | undefined {
  const conditions: SQL[] = [isNull(users.deletedAt)];
  for (const word of query.search?.split(/\s+/).filter(Boolean) ?? []) {
    conditions.push(
      sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || ${users.email}) ilike ${likePattern(word)}`,
    );
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status) conditions.push(eq(users.status, query.status));
  return and(...conditions);
}

/** One page of the users matching the filters, newest first, and how many match in all. */
export async function listUsers(db: Database, query: AdminUserListQuery): Promise<{ users: AdminUser[]; total: number }> {
  const rows = await db
    .select({ ...adminUserColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(users)
    .leftJoin(experts, eq(experts.userId, users.id))
    .where(filtersOf(query))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  if (rows.length === 0 && query.offset > 0) {
    // Past the end: the window function has no row to report the total on.
    const [counted] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(users).where(filtersOf(query));
    return { users: [], total: counted?.total ?? 0 };
  }
  return { users: rows.map(toAdminUser), total: rows[0]?.total ?? 0 };
}
