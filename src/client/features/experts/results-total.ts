import type { InfiniteData } from '@tanstack/react-query';
import type { ExpertPage } from './api';

export interface ResultsTotal {
  count: number;
  /** The server stopped counting at its cap: there are at least `count` matches. */
  capped: boolean;
}

/** The number of experts matching, from the first page's X-Total-Count; null before the first answer. */
export function resultsTotal(data: InfiniteData<ExpertPage> | undefined): ResultsTotal | null {
  const first = data?.pages[0];
  return first ? { count: first.total, capped: first.totalCapped } : null;
}

/** '48', or '1,000+' when the server stopped counting. */
export function formatTotal({ count, capped }: ResultsTotal): string {
  return capped ? `${count.toLocaleString('en-US')}+` : String(count);
}
