import type { InfiniteData } from '@tanstack/react-query';
import type { ExpertPage } from '../../lib/api/experts';

/** The number of experts matching, from the first page's X-Total-Count; null before the first answer. */
export function resultsTotal(data: InfiniteData<ExpertPage> | undefined): number | null {
  return data?.pages[0]?.total ?? null;
}
