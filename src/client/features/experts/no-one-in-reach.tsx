import { Link } from 'react-router';
import { MapPinOff, Video } from 'lucide-react';
import { parseSpecialty } from '@common/ai-handoff-rules';
import { distanceLabel } from '@common/travel-area';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useNearbyExperts } from '../ai-handoff';
import { useBookingBoat, withBookingBoat } from '../boats';
import { ExpertPhoto } from './expert-photo';
import { videoRateLabel } from './expert-labels';

const VIDEO_OFFERS = 3;

/**
 * The empty listing near a ZIP code: nobody there, and no onsite expert travels that far. Instead of a dead
 * end, the nearest experts of the same specialty who can look at it on a video call (docs/PRODUCT.md#expert-listing).
 */
export function NoOneInReach({ zip, specialty }: { zip: string; specialty: string }) {
  const boat = useBookingBoat();
  const nearest = useNearbyExperts({ serviceType: 'video', specialty: parseSpecialty(specialty) ?? undefined, zip, limit: VIDEO_OFFERS }, true);
  const experts = nearest.data ?? [];
  return (
    <Card className="flex flex-col gap-5 px-5 py-8 sm:px-8">
      <div className="flex flex-col items-center gap-3 text-center">
        <MapPinOff aria-hidden className="size-10 text-navy-500" />
        <h2 className="text-lg font-semibold text-slate-900">No experts found</h2>
        <p className="max-w-md text-slate-600">
          No expert here travels to {zip} for an onsite visit yet.
          {experts.length > 0 ? ' These experts can look at it with you on a video call:' : ''}
        </p>
      </div>
      {experts.length > 0 ? (
        <ul aria-label="Experts by video call" className="flex flex-col divide-y divide-slate-100">
          {experts.map((expert) => (
            <li key={expert.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
              <div className="flex min-w-0 flex-1 items-center gap-3">
                <ExpertPhoto expert={expert} className="size-12 shrink-0 rounded-full" />
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{expert.name}</p>
                  <p className="text-sm text-slate-600">
                    {expert.city}, {expert.state}
                    {typeof expert.distanceMiles === 'number' ? ` · ${distanceLabel(expert.distanceMiles)}` : ''} · {videoRateLabel(expert)}
                  </p>
                </div>
              </div>
              <Button asChild variant="outline" size="sm">
                <Link to={withBookingBoat(`/book-video?expertId=${expert.id}`, boat)} aria-label={`Book Video Consultation with ${expert.name}`}>
                  <Video aria-hidden /> Book Video Consultation
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
