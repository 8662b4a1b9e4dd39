import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';

export function ExpertProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading expert profile" className="flex flex-col gap-6">
      <Card className="flex flex-col gap-5 p-6 sm:flex-row">
        <Skeleton className="size-28 rounded-2xl sm:size-36" />
        <div className="flex flex-1 flex-col gap-3">
          <Skeleton className="h-8 w-2/3 max-w-sm" />
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-5 w-52" />
          <div className="flex gap-2">
            <Skeleton className="h-6 w-32 rounded-full" />
            <Skeleton className="h-6 w-28 rounded-full" />
          </div>
        </div>
      </Card>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <Skeleton className="h-40 w-full rounded-xl" />
          <Skeleton className="h-32 w-full rounded-xl" />
        </div>
        <div className="flex flex-col gap-6">
          <Skeleton className="h-32 w-full rounded-xl" />
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      </div>
    </div>
  );
}
