import { Button } from './button';

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
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="text-sm text-slate-600">
        Showing {shown} of {total}
      </p>
      <Button variant="outline" onClick={onClick} disabled={loading} className="min-w-40">
        {loading ? (
          <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-navy-100 border-t-navy-600" />
        ) : null}
        {loading ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
