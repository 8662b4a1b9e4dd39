import type { ServiceType } from '@common/roles';
import { formatPrice } from '@common/experts-rules';
import { fromPriceSearch } from '@common/page-requests';
import { useExperts } from '../../experts';

/**
 * 'from $X' for a service when no expert is chosen: the cheapest rate among the experts who can be booked
 * for it now (the price sort uses that service's rate). Null until known, or when nobody offers it.
 */
export function useFromPrice(serviceType: ServiceType): string | null {
  const cheapest = useExperts(fromPriceSearch(serviceType));
  const expert = cheapest.data?.experts[0];
  if (!expert) return null;
  return `from ${formatPrice(serviceType === 'video' ? expert.videoRate : expert.onsiteRate)}`;
}
