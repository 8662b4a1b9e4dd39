import { useNavigate } from 'react-router';
import { Anchor, Camera, Gauge, Pencil, Trash2 } from 'lucide-react';
import { FUEL_LABELS, HULL_TYPE_LABELS, PROPULSION_LABELS, type Boat } from '@common/boats';
import { BOAT_TYPE_LABELS } from '@common/bookings-fields';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { LocalDate } from '../../components/ui/local-date';
import { errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { useDeleteBoat } from './api';
import { BoatFormDialog } from './boat-form-dialog';
import { boatModelLine, engineName, formatFeet, formatHours } from './boat-label';
import { BoatPhotoEditor } from './boat-photo-editor';
import { ConfirmDialog } from './confirm-dialog';
import { EngineHoursDialog } from './engine-hours-dialog';

function Detail({ term, value }: { term: string; value: string | number | null }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-slate-500">{term}</dt>
      <dd className="break-words font-medium text-slate-900">{value === null || value === '' ? <span className="font-normal text-slate-500">Not given</span> : value}</dd>
    </div>
  );
}

function RemoveBoatButton({ boat }: { boat: Boat }) {
  const navigate = useNavigate();
  const remove = useDeleteBoat();
  const confirm = () =>
    remove.mutateAsync(boat.id).then(
      () => {
        showToast({ title: 'Boat removed', description: `${boat.name} is no longer in My Boats.` });
        void navigate('/boats', { replace: true });
      },
      (failure: unknown) => {
        showToast({ title: 'Error', description: errorText(failure, 'Failed to remove the boat'), variant: 'destructive' });
        throw failure;
      },
    );
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="outline" size="sm" className="border-red-300 text-red-700 hover:bg-red-50">
          <Trash2 aria-hidden /> Remove boat
        </Button>
      }
      title={`Remove ${boat.name}?`}
      description="It leaves My Boats with its schedule, notes and photo. Bookings made for it keep the details they were made with."
      confirmLabel="Remove boat"
      pendingLabel="Removing..."
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}

/** The boat's Overview tab: its photo, what it is and where it is kept, its engines and their hours. */
export function BoatOverview({ boat }: { boat: Boat }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <SectionCard title="Photo" icon={Camera}>
        <BoatPhotoEditor boat={boat} />
      </SectionCard>
      <div className="flex min-w-0 flex-col gap-6">
        <SectionCard title="Details" icon={Anchor}>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail term="Type" value={BOAT_TYPE_LABELS[boat.boatType]} />
            <Detail term="Year, make and model" value={boatModelLine(boat)} />
            <Detail term="Length" value={boat.lengthFeet === null ? null : formatFeet(boat.lengthFeet)} />
            <Detail term="Hull type" value={HULL_TYPE_LABELS[boat.hullType]} />
            <Detail term="Propulsion" value={PROPULSION_LABELS[boat.propulsion]} />
            <Detail term="Home marina" value={boat.homeMarina} />
            <Detail term="Slip" value={boat.slip} />
            <Detail term="Home ZIP" value={boat.homeZip} />
          </dl>
          <div className="mt-5 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
            <BoatFormDialog
              boat={boat}
              trigger={
                <Button type="button" variant="outline" size="sm">
                  <Pencil aria-hidden /> Edit details
                </Button>
              }
            />
            <RemoveBoatButton boat={boat} />
          </div>
        </SectionCard>
        <SectionCard title="Engines" icon={Gauge}>
          {boat.engines.length === 0 ? (
            <p className="text-sm text-slate-600">No engines listed. Add them with Edit details, so hour-based maintenance can come due.</p>
          ) : (
            <div className="flex flex-col gap-4">
              <ul className="flex flex-col divide-y divide-slate-100">
                {boat.engines.map((engine, index) => (
                  <li key={index} className="flex flex-col gap-1 py-3 first:pt-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                    <div className="min-w-0">
                      <p className="break-words font-medium text-slate-900">{engineName(engine, index)}</p>
                      <p className="text-sm text-slate-600">{[engine.year, FUEL_LABELS[engine.fuel]].filter(Boolean).join(' · ')}</p>
                    </div>
                    <p className="shrink-0 text-sm font-semibold text-navy-800">{engine.hours === null ? 'Hours not recorded' : formatHours(engine.hours)}</p>
                  </li>
                ))}
              </ul>
              <div className="flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm text-slate-600">
                  {boat.hoursRecordedAt ? (
                    <>
                      Hours recorded <LocalDate iso={boat.hoursRecordedAt} />
                    </>
                  ) : (
                    'Hours not recorded yet'
                  )}
                </p>
                <EngineHoursDialog boat={boat} />
              </div>
            </div>
          )}
        </SectionCard>
      </div>
    </div>
  );
}
