import { z } from 'zod';
import { APPLICATION_STATUSES, EXPERT_STATUSES, SERVICE_TYPES } from './roles.js';
import type { Specialty } from './specialties.js';

/** One expert as `GET /api/admin/experts` answers it (docs/PRODUCT.md#expert-management). */
export const adminExpertSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  specialty: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  /** Years. */
  experience: z.number().int(),
  status: z.enum(EXPERT_STATUSES),
  /** Decimal strings, '75.00'; a new expert's video rate is '0.00' until they set it. */
  videoRate: z.string(),
  onsiteRate: z.string(),
  profileImage: z.string().nullable(),
  certifications: z.string(),
  /** Why the expert was suspended, while suspended. */
  statusReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** The expert's latest application, if they applied (the demo experts did not). */
  applicationId: z.number().int().nullable(),
});
export type AdminExpert = z.infer<typeof adminExpertSchema>;

/** The answer to a suspension: the expert, and how many of their future bookings were cancelled. */
export const suspendedExpertSchema = adminExpertSchema.extend({ cancelledBookings: z.number().int() });
export type SuspendedExpert = z.infer<typeof suspendedExpertSchema>;

export const applicationReferenceSchema = z.object({
  name: z.string(),
  company: z.string(),
  phone: z.string(),
  relationship: z.string(),
});

/** The application payload, as it was submitted (missing text reads as ''). */
export const applicationPayloadSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  /** The application's own choice ('Engine Repair', 'Canvas & Upholstery'...). */
  specialty: z.string(),
  experience: z.number(),
  certifications: z.string(),
  bio: z.string(),
  serviceTypes: z.array(z.enum(SERVICE_TYPES)),
  onsiteRate: z.string(),
  serviceRadius: z.number(),
  businessInfo: z.object({
    businessName: z.string(),
    businessAddress: z.string(),
    insuranceProvider: z.string(),
    licenseNumber: z.string(),
  }),
  references: z.array(applicationReferenceSchema),
  backgroundCheck: z.boolean(),
  termsAccepted: z.boolean(),
});
export type ApplicationPayload = z.infer<typeof applicationPayloadSchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });

/** An application in full, with the decision on it. */
export const applicationReviewSchema = z.object({
  id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  submittedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  decidedBy: personSchema.nullable(),
  decisionReason: z.string().nullable(),
  payload: applicationPayloadSchema,
});
export type ApplicationReview = z.infer<typeof applicationReviewSchema>;

/** One decision or change of an expert, read from the audit log: who, when, what and why. */
export const expertDecisionSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  at: z.iso.datetime(),
  /** Null when no person acted (or their account is gone). */
  by: personSchema.nullable(),
  reason: z.string().nullable(),
});
export type ExpertDecision = z.infer<typeof expertDecisionSchema>;

/** `GET /api/admin/experts/{id}`: the expert, the latest application in full, and every decision so far. */
export const adminExpertDetailSchema = z.object({
  expert: adminExpertSchema,
  application: applicationReviewSchema.nullable(),
  /** Earlier applications of the same account (for instance a rejected one), newest first. */
  earlierApplications: z.array(applicationReviewSchema.omit({ payload: true })),
  history: z.array(expertDecisionSchema),
});
export type AdminExpertDetail = z.infer<typeof adminExpertDetailSchema>;

export const REASON_MAX_LENGTH = 500;
export const REASON_REQUIRED = 'Please give a reason';
const REASON_TOO_LONG = `The reason must be at most ${REASON_MAX_LENGTH} characters`;

/** The body of suspend and reject: a reason, kept in the decision history and e-mailed to the person. */
export const decisionReasonSchema = z.object({
  reason: z.string({ error: REASON_REQUIRED }).trim().min(1, REASON_REQUIRED).max(REASON_MAX_LENGTH, REASON_TOO_LONG),
});
export type DecisionReasonInput = z.input<typeof decisionReasonSchema>;

/** The reinstate form: a reason is welcome but not needed. */
export const optionalReasonSchema = z.object({
  reason: z
    .string({ error: 'The reason must be text' })
    .trim()
    .max(REASON_MAX_LENGTH, REASON_TOO_LONG)
    .nullable()
    .optional(),
});

/** The body of reinstate, which may be absent (Fastify reads a request without a body as null). */
export const reinstateSchema = optionalReasonSchema.nullish().transform((body) => ({ reason: body?.reason || null }));
export type ReinstateInput = z.input<typeof reinstateSchema>;

/**
 * The specialty filter of the expert management screen (docs/PRODUCT.md#expert-management), and the
 * specialties each option covers. Its names differ from the listing's: 'Navigation & Electronics' covers
 * both of ours.
 */
export const ADMIN_SPECIALTY_FILTERS: readonly { value: string; label: string; specialties: readonly Specialty[] }[] = [
  { value: 'all', label: 'All Specialties', specialties: [] },
  { value: 'engines', label: 'Engine Repair', specialties: ['engines'] },
  { value: 'electrical', label: 'Electrical Systems', specialties: ['electrical'] },
  { value: 'hull', label: 'Hull & Fiberglass', specialties: ['hull'] },
  { value: 'plumbing', label: 'Plumbing & Systems', specialties: ['plumbing'] },
  { value: 'navigation', label: 'Navigation & Electronics', specialties: ['navigation', 'electronics'] },
];

/** Whether an expert's specialty falls under the chosen admin filter option ('all' takes every one). */
export function matchesAdminSpecialty(filter: string, specialty: string): boolean {
  const option = ADMIN_SPECIALTY_FILTERS.find((o) => o.value === filter);
  if (!option || option.specialties.length === 0) return true;
  return (option.specialties as readonly string[]).includes(specialty);
}

export const ADMIN_STATUS_FILTERS = [
  { value: 'all', label: 'All Statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'suspended', label: 'Suspended' },
] as const;

export interface AdminExpertFilters {
  search: string;
  /** 'all' or an expert status. */
  status: string;
  /** 'all' or a value of ADMIN_SPECIALTY_FILTERS. */
  specialty: string;
}

/**
 * The screen's filtering, done in the browser: the search text matches name, specialty
 * (our value or its label) and city, ignoring case.
 */
export function filterAdminExperts<T extends Pick<AdminExpert, 'name' | 'specialty' | 'city' | 'status'>>(
  experts: readonly T[],
  filters: AdminExpertFilters,
  labelOf: (specialty: string) => string,
): T[] {
  const needle = filters.search.trim().toLowerCase();
  return experts.filter((expert) => {
    if (filters.status !== 'all' && expert.status !== filters.status) return false;
    if (!matchesAdminSpecialty(filters.specialty, expert.specialty)) return false;
    if (!needle) return true;
    return [expert.name, expert.specialty, labelOf(expert.specialty), expert.city].some((text) => text.toLowerCase().includes(needle));
  });
}
