import { Button } from './button';
import { useHydrated } from '../../lib/use-hydrated';

/** 'Showing 24 of 48' and the button that asks for the next page of a paged list. */
export function LoadMoreButton({
  shown,
  total,
  loading,
  onClick,
}: {
  shown: number;
  /** '48', or '1,000+' when the server stopped counting. */
  total: string;
  loading: boolean;
  onClick: () => void;
}) {
  // Disabled until the app has started on a page the server rendered: visibly not ready, not dead.
  const hydrated = useHydrated();
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="text-sm text-slate-600">
        Showing {shown} of {total}
      </p>
      <Button variant="outline" onClick={onClick} disabled={!hydrated || loading} className="min-w-40">
        {loading ? (
          <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-navy-100 border-t-navy-600" />
        ) : null}
        {loading ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
