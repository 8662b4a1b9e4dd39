import type { Boat } from '@common/boats';
import type { MaintenanceTask } from '@common/maintenance';
import { BoatCard } from './boat-card';

/** My Boats' cards; each shows its boat's first task among the upcoming ones across boats, when there is one. */
export function BoatsGrid({ boats, upcoming = [] }: { boats: Boat[]; upcoming?: MaintenanceTask[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {boats.map((boat) => (
        <li key={boat.id} className="flex min-w-0 flex-col [&>*]:flex-1">
          <BoatCard boat={boat} nextTask={upcoming.find((task) => task.boatId === boat.id && task.state !== 'done')} />
        </li>
      ))}
    </ul>
  );
}
