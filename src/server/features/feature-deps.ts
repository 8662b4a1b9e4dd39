import type { BookingDeps } from './bookings/booking-deps.js';
import type { ListingCache } from './experts/listing-cache.js';

/** What the features that change experts and their bookings are given: bookings' deps and the listing cache. */
export interface FeatureDeps {
  deps: BookingDeps;
  /** Cleared by every change that shows in the listings. */
  listings: ListingCache;
}
