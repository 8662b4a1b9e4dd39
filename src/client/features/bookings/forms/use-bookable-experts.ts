import type { Expert } from '@common/experts';
import { EXPERT_MAX_PAGE_SIZE } from '@common/experts-listing';
import { zip5 } from '@common/travel-area';
import type { ServiceType } from '@common/roles';
import type { Specialty } from '@common/specialties';
import { useExperts } from '../../experts';
import { useNearbyExperts } from '../../ai-handoff';
import { useAuth } from '../../../lib/session';

export type BookableExpert = Expert & { distanceMiles?: number | null };

/**
 * The experts a form without an expert can book: those who offer the service and take bookings now (of
 * the specialty, when one is chosen). When the signed-in owner's profile has a US ZIP code: for a visit,
 * only the experts who travel there (docs/PRODUCT.md#expert-listing), nearest first; for a call, every
 * expert, nearest first. By name otherwise.
 */
export function useBookableExperts(serviceType: ServiceType, specialty: Specialty | '') {
  const zip = zip5(useAuth().user?.zipCode);
  const filter = specialty || undefined;
  const near = zip !== null;
  const visit = serviceType === 'onsite';
  const nearby = useNearbyExperts({ serviceType, specialty: filter, zip: zip ?? '', limit: EXPERT_MAX_PAGE_SIZE }, near && !visit);
  const listing = useExperts(
    { serviceType, specialty: filter, available: true, limit: EXPERT_MAX_PAGE_SIZE, ...(near && visit ? { location: zip, sort: 'distance' } : { sort: 'name' }) },
    !near || visit,
  );
  const chosen = near && !visit ? nearby : listing;
  const experts: BookableExpert[] = near && !visit ? (nearby.data ?? []) : (listing.data?.experts ?? []);
  /** `nearTo`: the owner's ZIP code the list is ordered by (for a visit, reaches), or null when it is by name. */
  return { experts, isPending: chosen.isPending, isError: chosen.isError, nearTo: zip };
}
