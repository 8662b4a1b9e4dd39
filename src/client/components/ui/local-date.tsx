import { formatDate } from '../../lib/format';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * A day in the reader's time zone. The server does not know it, so its HTML, and the browser's render
 * that hydrates it, give the day in UTC; the reader's own follows at once.
 */
export function LocalDate({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{formatDate(iso, hydrated ? undefined : 'UTC')}</time>;
}
