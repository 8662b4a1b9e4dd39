import { Link } from 'react-router';
import { MapPin } from 'lucide-react';
import type { Boat } from '@common/boats';
import type { MaintenanceTask } from '@common/maintenance';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { boatKindLine, boatModelLine, boatWhereLine } from './boat-label';
import { BoatPhoto } from './boat-photo';
import { describeDue, TASK_STATE_TONES } from './task-due';
import { TASK_STATE_LABELS } from '@common/maintenance-rules';

/** A boat in My Boats: its photo, what it is, where it is kept and, when known, its next task due. The whole card opens the boat. */
export function BoatCard({ boat, nextTask }: { boat: Boat; nextTask?: MaintenanceTask }) {
  const model = boatModelLine(boat);
  const where = boatWhereLine(boat);
  return (
    <Card className="relative flex flex-col overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-navy-500 hover:shadow-md">
      <BoatPhoto boat={boat} alt="" className="aspect-[16/9] w-full" />
      <div className="flex flex-1 flex-col gap-2 p-4 sm:p-5">
        <h2 className="text-lg font-semibold leading-tight text-slate-900">
          {/* The link's box covers the card, so the whole card opens the boat. */}
          <Link to={`/boats/${boat.id}`} className="break-words after:absolute after:inset-0 focus-visible:outline-none">
            {boat.name}
          </Link>
        </h2>
        {model ? <p className="text-sm font-medium text-slate-700">{model}</p> : null}
        <p className="text-sm text-slate-600">{boatKindLine(boat)}</p>
        {where ? (
          <p className="flex items-start gap-1.5 text-sm text-slate-600">
            <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />
            <span className="min-w-0 break-words">{where}</span>
          </p>
        ) : null}
        {nextTask ? (
          <div className="mt-auto flex flex-col gap-1 border-t border-slate-100 pt-3 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900">Next: {nextTask.title}</span>
              <Badge tone={TASK_STATE_TONES[nextTask.state]}>{TASK_STATE_LABELS[nextTask.state]}</Badge>
            </p>
            <p className="text-slate-600">{describeDue(nextTask)}</p>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
