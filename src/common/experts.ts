import { z } from 'zod';
import { SERVICE_TYPES } from './roles.js';
import { EXPERT_MAX_PAGE_SIZE, EXPERT_PAGE_SIZE, LISTING_SORTS } from './experts-listing.js';
import { zip5 } from './travel-area.js';

/** The Expert, as `GET /api/experts` answers it (docs/PRODUCT.md#expert-listing). */
export const expertSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  specialty: z.string(),
  profileImage: z.string().nullable(),
  bio: z.string(),
  /** Decimal string, '4.80'. */
  rating: z.string(),
  reviewCount: z.number().int(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  /** Comma-separated. */
  certifications: z.string(),
  /** Years. */
  experience: z.number().int(),
  /** Miles. */
  serviceRadius: z.number().int(),
  /** Price of one 30-minute video consultation, decimal string '75.00'. */
  videoRate: z.string(),
  /** Hourly onsite price, decimal string '125.00'. */
  onsiteRate: z.string(),
  onsiteMinimumHours: z.number().int(),
  serviceTypes: z.array(z.enum(SERVICE_TYPES)),
  available: z.boolean(),
  /** IANA time zone of the expert; booking slots are in it. */
  timeZone: z.string(),
  /** Real presence: the expert's account was active in the last two minutes. */
  online: z.boolean(),
  createdAt: z.iso.datetime(),
  /**
   * Straight-line miles (to a tenth) from the listing's location when that is a ZIP code; null when the
   * expert's ZIP code is unknown to the centroid table. Only in such listings.
   */
  distanceMiles: z.number().nullable().optional(),
});
export type Expert = z.infer<typeof expertSchema>;

export { EXPERT_COUNT_CAP, EXPERT_MAX_PAGE_SIZE, EXPERT_PAGE_SIZE, EXPERT_SORTS, LISTING_SORTS, type ExpertSort, type ListingSort } from './experts-listing.js';

const trimmedOptional = z
  .string()
  .trim()
  .max(200, 'Search text must be at most 200 characters')
  .optional()
  .transform((v) => (v ? v : undefined));

const booleanParam = z
  .enum(['true', 'false'], { error: "Use 'true' or 'false'" })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

export const NEAREST_NEEDS_ZIP = 'Sorting by distance needs a ZIP code as the location';

/**
 * `GET /api/experts` query. Price sorts use the rate of the requested service type: the video rate with
 * `serviceType=video`, the onsite rate otherwise.
 */
export const expertListQuerySchema = z.object({
  q: trimmedOptional,
  specialty: trimmedOptional,
  location: trimmedOptional,
  serviceType: z.enum(SERVICE_TYPES, { error: "serviceType must be 'video' or 'onsite'" }).optional(),
  available: booleanParam,
  minRating: z.coerce
    .number({ error: 'minRating must be a number between 0 and 5' })
    .min(0, 'minRating must be a number between 0 and 5')
    .max(5, 'minRating must be a number between 0 and 5')
    .optional(),
  sort: z
    .enum(LISTING_SORTS, { error: `Unknown sort. Use one of: ${LISTING_SORTS.join(', ')}` })
    .default('rating'),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(EXPERT_MAX_PAGE_SIZE, `limit must be at most ${EXPERT_MAX_PAGE_SIZE}`)
    .default(EXPERT_PAGE_SIZE),
  offset: z.coerce
    .number({ error: 'offset must be a whole number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .default(0),
  /** From the previous page's `X-Next-Cursor`: the page after it, as fast on page 40 as on page 2. */
  cursor: z.string().max(2_000, 'cursor is too long').optional(),
})
  .refine((query) => !(query.cursor && query.offset > 0), {
    message: 'Use either cursor or offset, not both',
    path: ['cursor'],
  })
  .refine((query) => query.sort !== 'distance' || zip5(query.location) !== null, {
    message: NEAREST_NEEDS_ZIP,
    path: ['sort'],
  });
export type ExpertListQuery = z.output<typeof expertListQuerySchema>;
/** The filters of a listing: what decides which experts match, whatever the order and page. */
export type ExpertFilters = Pick<ExpertListQuery, 'q' | 'specialty' | 'location' | 'serviceType' | 'available' | 'minRating'>;
