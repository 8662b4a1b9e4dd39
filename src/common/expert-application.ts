import { z } from 'zod';
import { moneyToCents } from './money.js';
import { firstNameSchema, lastNameSchema } from './user.js';
import { APPLICATION_STATUSES, SERVICE_TYPES } from './roles.js';
import type { Specialty } from './specialties.js';

/**
 * The application's ten specialty choices (docs/PRODUCT.md#expert-application) and, in this one place,
 * the listing specialty each becomes on the expert's profile. Every choice has a listing specialty of its
 * own, so no applicant is filed under a neighbouring trade.
 */
export const APPLICATION_SPECIALTIES = [
  { value: 'Engine Repair', specialty: 'engines' },
  { value: 'Electronics', specialty: 'electronics' },
  { value: 'Winterization', specialty: 'winterization' },
  { value: 'Rigging', specialty: 'rigging' },
  { value: 'Hull Repair', specialty: 'hull' },
  { value: 'Electrical Systems', specialty: 'electrical' },
  { value: 'Plumbing', specialty: 'plumbing' },
  { value: 'Canvas & Upholstery', specialty: 'canvas' },
  { value: 'Detailing', specialty: 'detailing' },
  { value: 'General Maintenance', specialty: 'maintenance' },
] as const satisfies readonly { value: string; specialty: Specialty }[];

export type ApplicationSpecialty = (typeof APPLICATION_SPECIALTIES)[number]['value'];

const SPECIALTY_CHOICES = APPLICATION_SPECIALTIES.map((s) => s.value) as [ApplicationSpecialty, ...ApplicationSpecialty[]];

export function listingSpecialtyOf(choice: ApplicationSpecialty): Specialty {
  return APPLICATION_SPECIALTIES.find((s) => s.value === choice)!.specialty;
}

/** The form's defaults and minimums (docs/PRODUCT.md#expert-application). */
export const APPLICATION_DEFAULTS = { serviceRadius: 25, onsiteRate: '125' } as const;
export const MIN_EXPERIENCE_YEARS = 1;
export const MAX_EXPERIENCE_YEARS = 70;
export const MIN_SERVICE_RADIUS = 5;
export const MAX_SERVICE_RADIUS = 500;
export const MIN_REFERENCES = 2;
export const MAX_REFERENCES = 5;
/** Highest hourly onsite rate we accept, in cents: a typo guard, not a market cap. */
export const MAX_ONSITE_RATE_CENTS = 1_000_000;

export const APPLICATION_MESSAGES = {
  email: 'Valid email is required',
  phone: 'Valid phone number is required',
  city: 'City is required',
  state: 'State is required',
  zipCode: 'Valid ZIP code is required',
  specialty: 'Please select a specialty',
  experience: 'Years of experience is required',
  certifications: 'Please describe your certifications',
  bio: 'Please provide a detailed bio (minimum 50 characters)',
  serviceTypes: 'Select at least one service type',
  onsiteRate: 'Onsite service rate is required',
  onsiteRateFormat: 'Enter the onsite rate as an amount in dollars, such as 125 or $125.00',
  serviceRadius: 'Service radius must be at least 5 miles',
  insuranceProvider: 'Insurance information is required',
  references: 'Please provide at least 2 references',
  referenceName: 'Reference name is required',
  referenceCompany: 'Company is required',
  referenceRelationship: 'Relationship is required',
  backgroundCheck: 'Background check consent is required',
  termsAccepted: 'You must accept the terms and conditions',
} as const;

/** Trimmed text with the product's message when missing, too short or of the wrong type. */
function requiredText(message: string, max: number, label: string, min = 1) {
  return z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, `${label} must be at most ${max} characters`);
}

function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v ?? '');
}

/** What a number box holds, as typed or as a JSON number: the whole part of the number, or NaN. */
function wholeNumber(value: string | number): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : Number.NaN;
  return Number.parseInt(value.trim(), 10);
}

/** Text converts to an integer, or 0 when it is not a number, so it fails the minimum. */
const experienceSchema = z
  .union([z.string(), z.number()], { error: APPLICATION_MESSAGES.experience })
  .transform((value) => {
    const years = wholeNumber(value);
    return Number.isNaN(years) ? 0 : years;
  })
  .pipe(
    z
      .number()
      .min(MIN_EXPERIENCE_YEARS, APPLICATION_MESSAGES.experience)
      .max(MAX_EXPERIENCE_YEARS, `Years of experience must be at most ${MAX_EXPERIENCE_YEARS}`),
  );

/** A non-numeric radius falls back to the default of 25 miles. */
const serviceRadiusSchema = z
  .union([z.string(), z.number()], { error: 'Service radius must be a number of miles' })
  .transform((value) => {
    const miles = wholeNumber(value);
    return Number.isNaN(miles) ? APPLICATION_DEFAULTS.serviceRadius : miles;
  })
  .pipe(
    z
      .number()
      .min(MIN_SERVICE_RADIUS, APPLICATION_MESSAGES.serviceRadius)
      .max(MAX_SERVICE_RADIUS, `Service radius must be at most ${MAX_SERVICE_RADIUS} miles`),
  );

const onsiteRateSchema = z
  .string({ error: APPLICATION_MESSAGES.onsiteRate })
  .trim()
  .min(1, APPLICATION_MESSAGES.onsiteRate)
  .max(20, APPLICATION_MESSAGES.onsiteRateFormat)
  .refine((text) => moneyToCents(text) !== null, APPLICATION_MESSAGES.onsiteRateFormat)
  .refine((text) => (moneyToCents(text) ?? 0) > 0, 'Onsite rate must be more than $0')
  .refine((text) => (moneyToCents(text) ?? 0) <= MAX_ONSITE_RATE_CENTS, 'Onsite rate must be at most $10,000 per hour');

const phoneSchema = (label: string) => requiredText(APPLICATION_MESSAGES.phone, 30, label, 10);

export const referenceSchema = z.object(
  {
    name: requiredText(APPLICATION_MESSAGES.referenceName, 100, 'Reference name'),
    company: requiredText(APPLICATION_MESSAGES.referenceCompany, 200, 'Company'),
    phone: phoneSchema('Phone number'),
    relationship: requiredText(APPLICATION_MESSAGES.referenceRelationship, 200, 'Relationship'),
  },
  { error: 'Each reference needs a name, company, phone and relationship' },
);

const businessInfoSchema = z
  .object(
    {
      businessName: optionalText(200, 'Business name'),
      businessAddress: optionalText(300, 'Business address'),
      insuranceProvider: requiredText(APPLICATION_MESSAGES.insuranceProvider, 1000, 'Insurance information'),
      licenseNumber: optionalText(100, 'License number'),
    },
    { error: 'Business information must be an object' },
  )
  // A payload without business details gets the insurance message, not a bare type error.
  .prefault({ insuranceProvider: '' });

/**
 * The application payload, validated the same way by the form and by `POST /api/expert/apply`.
 * status, rating and reviewCount are not part of it: unknown keys are dropped, so an applicant cannot rate
 * or approve themselves. The output adds the onsite rate in cents.
 */
export const expertApplicationSchema = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: z
      .string({ error: APPLICATION_MESSAGES.email })
      .trim()
      .toLowerCase()
      .pipe(z.email(APPLICATION_MESSAGES.email).max(254, 'Email must be at most 254 characters')),
    phone: phoneSchema('Phone number'),
    city: requiredText(APPLICATION_MESSAGES.city, 100, 'City'),
    state: requiredText(APPLICATION_MESSAGES.state, 50, 'State'),
    zipCode: z
      .string({ error: APPLICATION_MESSAGES.zipCode })
      .trim()
      .regex(/^\d{5}(-?\d{4})?$/, APPLICATION_MESSAGES.zipCode),
    specialty: z.enum(SPECIALTY_CHOICES, { error: APPLICATION_MESSAGES.specialty }),
    experience: experienceSchema,
    certifications: requiredText(APPLICATION_MESSAGES.certifications, 1000, 'Certifications', 10),
    bio: requiredText(APPLICATION_MESSAGES.bio, 2000, 'Bio', 50),
    serviceTypes: z
      .array(z.enum(SERVICE_TYPES, { error: "Service types must be 'video' or 'onsite'" }), { error: APPLICATION_MESSAGES.serviceTypes })
      .min(1, APPLICATION_MESSAGES.serviceTypes)
      .max(SERVICE_TYPES.length, APPLICATION_MESSAGES.serviceTypes)
      .transform((types) => SERVICE_TYPES.filter((t) => types.includes(t))),
    onsiteRate: onsiteRateSchema,
    serviceRadius: serviceRadiusSchema,
    businessInfo: businessInfoSchema,
    references: z
      .array(referenceSchema, { error: APPLICATION_MESSAGES.references })
      .min(MIN_REFERENCES, APPLICATION_MESSAGES.references)
      .max(MAX_REFERENCES, `Please provide at most ${MAX_REFERENCES} references`),
    backgroundCheck: z.literal(true, { error: APPLICATION_MESSAGES.backgroundCheck }),
    termsAccepted: z.literal(true, { error: APPLICATION_MESSAGES.termsAccepted }),
  })
  .transform((application) => ({ ...application, onsiteRateCents: moneyToCents(application.onsiteRate)! }));

export type ExpertApplicationInput = z.input<typeof expertApplicationSchema>;
export type ExpertApplication = z.output<typeof expertApplicationSchema>;

/** `POST /api/expert/apply` answers this; `GET /api/expert/application` adds the decision. */
export const applicationSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  createdAt: z.iso.datetime(),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;

export const applicationStatusSchema = applicationSummarySchema.extend({
  decidedAt: z.iso.datetime().nullable(),
  decisionReason: z.string().nullable(),
});
export type ApplicationStatusView = z.infer<typeof applicationStatusSchema>;

/** The toast after a successful submit (docs/PRODUCT.md#expert-application). */
export const APPLICATION_SUBMITTED = {
  title: 'Application Submitted',
  description: "Your expert application has been submitted successfully. We'll review it within 5-7 business days.",
} as const;
