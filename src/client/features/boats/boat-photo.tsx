import { Sailboat } from 'lucide-react';
import type { Boat } from '@common/boats';
import { cn } from '../../lib/cn';

/** The boat's photo, or a drawn placeholder of the same size when it has none. */
export function BoatPhoto({ boat, className, alt }: { boat: Pick<Boat, 'name' | 'photoUrl'>; className?: string; alt?: string }) {
  if (boat.photoUrl) {
    return <img src={boat.photoUrl} alt={alt ?? `Photo of ${boat.name}`} loading="lazy" decoding="async" className={cn('object-cover', className)} />;
  }
  return (
    <div className={cn('flex items-center justify-center bg-gradient-to-br from-navy-50 to-sky-100 text-navy-500', className)}>
      <Sailboat aria-hidden className="size-1/3 max-h-16 max-w-16" strokeWidth={1.5} />
    </div>
  );
}
