import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { expertApplications, experts, users } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import type { ApplicationPayload } from '../../common/admin-experts.js';
import { expertApplicationSchema } from '../../common/expert-application.js';
import { expertProfileOf } from '../features/expert-application/index.js';
import { DEMO_EMAIL_DOMAIN } from './demo-accounts.js';

interface DemoApplicant {
  payload: ApplicationPayload;
}

/** Fictional people who have applied and wait for a decision, so the expert management screen has work to show. */
export const demoApplicants: DemoApplicant[] = [
  {
    payload: {
      firstName: 'Tobias',
      lastName: 'Wren',
      email: `tobias.wren@${DEMO_EMAIL_DOMAIN}`,
      phone: '(843) 555-0174',
      city: 'Charleston',
      state: 'SC',
      zipCode: '29401',
      specialty: 'Engine Repair',
      experience: 11,
      certifications: 'Yanmar Certified Technician, ABYC Diesel Engines',
      bio: 'Diesel technician for eleven years at a Charleston boatyard: inboard repowers, injector and cooling-system work, and sea-trial diagnostics for sail and power boats.',
      serviceTypes: ['video', 'onsite'],
      onsiteRate: '130',
      serviceRadius: 40,
      businessInfo: {
        businessName: 'Wren Marine Diesel',
        businessAddress: '88 Concord Street, Charleston, SC 29401',
        insuranceProvider: 'Lowcountry Marine Underwriters, general and garage-keepers liability, policy LMU-551903',
        licenseNumber: 'SC-MEC-44871',
      },
      references: [
        { name: 'Dana Whitlock', company: 'Ashley River Boatyard', phone: '(843) 555-0119', relationship: 'Yard manager, supervised my work for six years' },
        { name: 'Luis Ortega', company: 'Harbor Charters', phone: '(843) 555-0163', relationship: 'Fleet owner and client since 2019' },
      ],
      backgroundCheck: true,
      termsAccepted: true,
    },
  },
  {
    payload: {
      firstName: 'Mireille',
      lastName: 'Sato',
      email: `mireille.sato@${DEMO_EMAIL_DOMAIN}`,
      phone: '(619) 555-0128',
      city: 'San Diego',
      state: 'CA',
      zipCode: '92106',
      specialty: 'Canvas & Upholstery',
      experience: 7,
      certifications: 'Sunbrella Certified Fabricator, Marine Fabricators Association member',
      bio: 'Canvas and upholstery maker: biminis, dodgers, enclosures and cushions patterned on the boat, with repairs to UV-damaged seams and zippers.',
      serviceTypes: ['onsite'],
      onsiteRate: '95',
      serviceRadius: 25,
      businessInfo: {
        businessName: 'Point Loma Canvas Works',
        businessAddress: '2401 Shelter Island Drive, San Diego, CA 92106',
        insuranceProvider: 'Pacific Coast Marine Insurance, policy PCM-208817',
        licenseNumber: '',
      },
      references: [
        { name: 'Grace Huang', company: 'Shelter Island Marina', phone: '(619) 555-0142', relationship: 'Dock master' },
        { name: 'Evan Brooks', company: 'Brooks Yacht Brokerage', phone: '(619) 555-0187', relationship: 'Refers clients to me' },
      ],
      backgroundCheck: true,
      termsAccepted: true,
    },
  },
  {
    payload: {
      firstName: 'Anders',
      lastName: 'Kolbe',
      email: `anders.kolbe@${DEMO_EMAIL_DOMAIN}`,
      phone: '(206) 555-0136',
      city: 'Seattle',
      state: 'WA',
      zipCode: '98119',
      specialty: 'Electronics',
      experience: 5,
      certifications: 'NMEA 2000 Certified Installer, NMEA Marine Electronics Installer',
      bio: 'Installs and troubleshoots chartplotters, radar, AIS and autopilots; plans NMEA 2000 backbones and fixes the network faults that make instruments drop out.',
      serviceTypes: ['video', 'onsite'],
      onsiteRate: '115',
      serviceRadius: 30,
      businessInfo: {
        businessName: '',
        businessAddress: '',
        insuranceProvider: 'Evergreen Marine Insurance, professional liability, policy EMI-77310',
        licenseNumber: '',
      },
      references: [
        { name: 'Hannah Lindqvist', company: 'Salmon Bay Electronics', phone: '(206) 555-0158', relationship: 'Former employer' },
        { name: 'Marco Reyes', company: 'Fishermen’s Terminal', phone: '(206) 555-0171', relationship: 'Commercial client' },
      ],
      backgroundCheck: true,
      termsAccepted: true,
    },
  },
];

/**
 * Adds the demo applicants that are missing (matched by e-mail): each an account without a password,
 * marked pending, with a pending application and the pending expert profile beside it, as applying
 * leaves them. Safe to run again.
 */
export async function seedDemoApplicants(db: Database): Promise<number> {
  const emails = demoApplicants.map((applicant) => applicant.payload.email);
  const existing = new Set((await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((row) => row.email));
  const missing = demoApplicants.filter((applicant) => !existing.has(applicant.payload.email));
  if (missing.length === 0) return 0;
  await inTransaction(db, async (tx) => {
    for (const [index, { payload }] of missing.entries()) {
      const userId = randomUUID();
      // Applied over the last few days, so the list has an order to show.
      const appliedAt = new Date(Date.now() - (index + 1) * 26 * 3_600_000);
      await tx.insert(users).values({
        id: userId,
        name: `${payload.firstName} ${payload.lastName}`,
        email: payload.email,
        emailVerified: true,
        firstName: payload.firstName,
        lastName: payload.lastName,
        phone: payload.phone,
        city: payload.city,
        state: payload.state,
        zipCode: payload.zipCode,
        status: 'pending',
        createdAt: appliedAt,
      });
      const [expert] = await tx
        .insert(experts)
        .values({ ...expertProfileOf(expertApplicationSchema.parse(payload)), userId, createdAt: appliedAt })
        .returning({ id: experts.id });
      await tx.insert(expertApplications).values({ userId, expertId: expert!.id, payload, createdAt: appliedAt });
    }
  });
  return missing.length;
}
