import { Anchor, Sailboat, Ship, type LucideIcon } from 'lucide-react';
import type { Boat } from '@common/boats';
import type { BoatType } from '@common/bookings-fields';
import { cn } from '../../lib/cn';

/** The drawing that stands in for a boat's photo: a sail for boats under sail, a hull for the rest. */
const PLACEHOLDER_ICONS: Record<BoatType, LucideIcon> = {
  sailboat: Sailboat,
  catamaran: Sailboat,
  powerboat: Ship,
  yacht: Ship,
  'fishing-boat': Ship,
  pontoon: Ship,
  other: Anchor,
};

/** The boat's photo, or a drawn placeholder of its kind, of the same size, when it has none. */
export function BoatPhoto({ boat, className, alt }: { boat: Pick<Boat, 'name' | 'photoUrl' | 'boatType'>; className?: string; alt?: string }) {
  if (boat.photoUrl) {
    return <img src={boat.photoUrl} alt={alt ?? `Photo of ${boat.name}`} loading="lazy" decoding="async" className={cn('object-cover', className)} />;
  }
  const Icon = PLACEHOLDER_ICONS[boat.boatType];
  return (
    <div className={cn('flex items-center justify-center bg-gradient-to-br from-navy-50 to-sky-100 text-navy-500', className)}>
      <Icon aria-hidden className="size-1/3 max-h-16 max-w-16" strokeWidth={1.5} />
    </div>
  );
}
