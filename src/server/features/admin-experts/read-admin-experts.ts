import { and, desc, eq, inArray, isNotNull, max, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { auditLog, expertApplications, experts, users } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import { centsToDecimal } from '../../../common/experts-rules.js';
import { displayName } from '../../../common/user-display.js';
import type { AdminExpert, AdminExpertDetail, ApplicationReview, ExpertDecision } from '../../../common/admin-experts.js';
import { readApplicationPayload } from './application-payload.js';

export const EXPERT_NOT_FOUND = 'Expert not found';

type ExpertRow = typeof experts.$inferSelect;
type ApplicationRow = typeof expertApplications.$inferSelect;

/** Each expert's latest application id (the demo experts have none). */
async function latestApplicationIds(db: Database, expertIds?: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ expertId: expertApplications.expertId, id: max(expertApplications.id) })
    .from(expertApplications)
    .where(expertIds ? inArray(expertApplications.expertId, expertIds) : isNotNull(expertApplications.expertId))
    .groupBy(expertApplications.expertId);
  return new Map(rows.map((row) => [row.expertId!, row.id!]));
}

export function toAdminExpert(row: ExpertRow, applicationId: number | null): AdminExpert {
  return {
    id: row.id,
    name: row.name,
    specialty: row.specialty,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    experience: row.experience,
    status: row.status,
    videoRate: centsToDecimal(row.videoRateCents),
    onsiteRate: centsToDecimal(row.onsiteRateCents),
    profileImage: row.profileImage,
    certifications: row.certifications,
    statusReason: row.statusReason,
    createdAt: row.createdAt.toISOString(),
    applicationId,
  };
}

/** Every expert whatever their status: applications waiting for a decision first, then newest first. */
export async function listAdminExperts(db: Database): Promise<AdminExpert[]> {
  const rows = await db
    .select()
    .from(experts)
    .orderBy(sql`${experts.status} = 'pending' desc`, desc(experts.createdAt), desc(experts.id));
  const applications = await latestApplicationIds(db);
  return rows.map((row) => toAdminExpert(row, applications.get(row.id) ?? null));
}

/** Route ids are digits; anything else cannot name an expert, so it is 404 like an unknown one. */
export function parseExpertId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new AppError('NOT_FOUND', EXPERT_NOT_FOUND);
  return Number(raw);
}

export async function getAdminExpert(db: Database, id: number): Promise<AdminExpert> {
  const [row] = await db.select().from(experts).where(eq(experts.id, id));
  if (!row) throw new AppError('NOT_FOUND', EXPERT_NOT_FOUND);
  const applications = await latestApplicationIds(db, [id]);
  return toAdminExpert(row, applications.get(id) ?? null);
}

async function namesOf(db: Database, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.firstName ? displayName(row) : row.email]));
}

function person(names: Map<string, string>, id: string | null) {
  const name = id ? names.get(id) : undefined;
  return id && name ? { id, name } : null;
}

function toApplication(row: ApplicationRow, names: Map<string, string>): ApplicationReview {
  return {
    id: row.id,
    status: row.status,
    submittedAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: person(names, row.decidedBy),
    decisionReason: row.decisionReason,
    payload: readApplicationPayload(row.payload),
  };
}

/**
 * The expert, their latest application in full, earlier applications of the same account, and every
 * decision about them from the audit log (the expert's own entries and those of their applications,
 * which keep a rejection after its expert profile is gone).
 */
export async function getAdminExpertDetail(db: Database, id: number): Promise<AdminExpertDetail> {
  const [row] = await db.select().from(experts).where(eq(experts.id, id));
  if (!row) throw new AppError('NOT_FOUND', EXPERT_NOT_FOUND);
  const applications = await db
    .select()
    .from(expertApplications)
    .where(row.userId ? or(eq(expertApplications.expertId, id), eq(expertApplications.userId, row.userId)) : eq(expertApplications.expertId, id))
    .orderBy(desc(expertApplications.id));
  const latest = applications.find((application) => application.expertId === id) ?? null;
  const applicationIds = applications.map((application) => String(application.id));
  const entries = await db
    .select()
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.entityType, 'expert'), eq(auditLog.entityId, String(id))),
        applicationIds.length > 0 ? and(eq(auditLog.entityType, 'expert_application'), inArray(auditLog.entityId, applicationIds)) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  const names = await namesOf(db, [...applications.map((a) => a.decidedBy), ...entries.map((e) => e.actorUserId)]);
  const history: ExpertDecision[] = entries.map((entry) => ({
    id: entry.id,
    action: entry.action,
    at: entry.createdAt.toISOString(),
    by: person(names, entry.actorUserId),
    reason: entry.note,
  }));
  return {
    expert: toAdminExpert(row, latest?.id ?? null),
    application: latest ? toApplication(latest, names) : null,
    earlierApplications: applications
      .filter((application) => application !== latest)
      .map((application) => {
        const { payload: _payload, ...rest } = toApplication(application, names);
        return rest;
      }),
    history,
  };
}
