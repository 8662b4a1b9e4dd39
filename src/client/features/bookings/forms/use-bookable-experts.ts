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
 * the specialty, when one is chosen). Nearest first when the signed-in owner's profile has a US ZIP code;
 * by name otherwise.
 */
export function useBookableExperts(serviceType: ServiceType, specialty: Specialty | '') {
  const zip = zip5(useAuth().user?.zipCode);
  const filter = specialty || undefined;
  const nearby = useNearbyExperts({ serviceType, specialty: filter, zip: zip ?? '', limit: EXPERT_MAX_PAGE_SIZE }, zip !== null);
  const byName = useExperts({ serviceType, specialty: filter, available: true, sort: 'name', limit: EXPERT_MAX_PAGE_SIZE }, zip === null);
  const chosen = zip !== null ? nearby : byName;
  const experts: BookableExpert[] = zip !== null ? (nearby.data ?? []) : (byName.data?.experts ?? []);
  /** `nearTo`: the owner's ZIP code the list is ordered by, or null when it is by name. */
  return { experts, isPending: chosen.isPending, isError: chosen.isError, nearTo: zip };
}
