import { SearchX } from 'lucide-react';
import { Card } from '../../components/ui/card';

/** 'No experts found' with the screen's own hint. */
export function ExpertsEmptyState({ hint }: { hint: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <SearchX aria-hidden className="size-10 text-navy-500" />
      <h2 className="text-lg font-semibold text-slate-900">No experts found</h2>
      <p className="max-w-md text-slate-600">{hint}</p>
    </Card>
  );
}
