import { z } from 'zod';
import { SERVICE_TYPES } from '../../../common/roles.js';
import type { ApplicationPayload } from '../../../common/admin-experts.js';

const text = z.string().catch('');
const number = z.coerce.number().catch(0);
const flag = z.boolean().catch(false);

/**
 * The stored payload as the admin view shows it. It was validated when submitted, but the JSON column
 * outlives schema changes, so a missing or odd field reads as empty instead of failing the whole page.
 */
const storedPayloadSchema = z.object({
  firstName: text,
  lastName: text,
  email: text,
  phone: text,
  city: text,
  state: text,
  zipCode: text,
  specialty: text,
  experience: number,
  certifications: text,
  bio: text,
  serviceTypes: z.array(z.string()).catch([]).transform((types) => types.filter((t): t is (typeof SERVICE_TYPES)[number] => (SERVICE_TYPES as readonly string[]).includes(t))),
  onsiteRate: z.union([z.string(), z.number().transform(String)]).catch(''),
  serviceRadius: number,
  businessInfo: z
    .object({ businessName: text, businessAddress: text, insuranceProvider: text, licenseNumber: text })
    .catch({ businessName: '', businessAddress: '', insuranceProvider: '', licenseNumber: '' }),
  references: z.array(z.object({ name: text, company: text, phone: text, relationship: text })).catch([]),
  backgroundCheck: flag,
  termsAccepted: flag,
});

export function readApplicationPayload(stored: unknown): ApplicationPayload {
  return storedPayloadSchema.parse(stored && typeof stored === 'object' ? stored : {});
}
