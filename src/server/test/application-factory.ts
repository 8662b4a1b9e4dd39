import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { expertApplications, experts, users } from '../db/schema.js';
import type { ApplicationPayload } from '../../common/admin-experts.js';

let counter = 0;

/** An expert application payload with plausible values; overrides set what a test is about. */
export function applicationPayload(overrides: Partial<ApplicationPayload> = {}): ApplicationPayload {
  counter += 1;
  return {
    firstName: 'Casey',
    lastName: `Applicant ${counter}`,
    email: `applicant-${counter}@example.com`,
    phone: '(410) 555-0142',
    city: 'Annapolis',
    state: 'MD',
    zipCode: '21401',
    specialty: 'Engine Repair',
    experience: 8,
    certifications: 'ABYC Marine Systems Certified',
    bio: 'Diesel and outboard technician who has kept charter fleets running on the Chesapeake for eight seasons.',
    serviceTypes: ['video', 'onsite'],
    onsiteRate: '125',
    serviceRadius: 25,
    businessInfo: {
      businessName: 'Bay Engine Works',
      businessAddress: '12 Dock Street, Annapolis, MD 21401',
      insuranceProvider: 'Chesapeake Marine Insurance, policy CMI-44821',
      licenseNumber: 'MD-MT-20931',
    },
    references: [
      { name: 'Jordan Reyes', company: 'Harbor Marina', phone: '(410) 555-0190', relationship: 'Service manager' },
      { name: 'Pat Lee', company: 'Bay Charters', phone: '(410) 555-0191', relationship: 'Client for five years' },
    ],
    backgroundCheck: true,
    termsAccepted: true,
    ...overrides,
  };
}

/**
 * What `POST /api/expert/apply` leaves behind: a pending application of the account, a pending expert
 * profile beside it, and the account's status 'pending'.
 */
export async function insertApplication(db: Database, userId: string, overrides: Partial<ApplicationPayload> = {}) {
  const payload = applicationPayload(overrides);
  const [expert] = await db
    .insert(experts)
    .values({
      userId,
      name: `${payload.firstName} ${payload.lastName}`,
      specialty: 'engines',
      bio: payload.bio,
      city: payload.city,
      state: payload.state,
      zipCode: payload.zipCode,
      certifications: payload.certifications,
      experience: payload.experience,
      serviceRadius: payload.serviceRadius,
      // The application has no video rate: the new expert sets it in the workspace.
      videoRateCents: 0,
      onsiteRateCents: Math.round(Number(payload.onsiteRate) * 100),
      serviceTypes: payload.serviceTypes,
      status: 'pending',
    })
    .returning();
  const [application] = await db.insert(expertApplications).values({ userId, expertId: expert!.id, payload }).returning();
  await db.update(users).set({ status: 'pending' }).where(eq(users.id, userId));
  return { expert: expert!, application: application!, payload };
}
