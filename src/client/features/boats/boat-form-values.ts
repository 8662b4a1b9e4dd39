import type { Boat } from '@common/boats';
import type { MaintenanceTask } from '@common/maintenance';

/** What the boat form's controls hold: text, and '' for a choice not made yet. */
export interface EngineFormValues {
  make: string;
  model: string;
  year: string;
  hours: string;
  fuel: string;
}

export interface BoatFormValues {
  name: string;
  boatType: string;
  make: string;
  model: string;
  year: string;
  lengthFeet: string;
  hullType: string;
  propulsion: string;
  engines: EngineFormValues[];
  homeMarina: string;
  slip: string;
  homeZip: string;
}

const text = (value: string | number | null) => (value === null ? '' : String(value));

export const NEW_ENGINE: EngineFormValues = { make: '', model: '', year: '', hours: '', fuel: '' };

/** The form's values for a boat being edited, or empty for a new one. */
export function boatFormValues(boat?: Boat): BoatFormValues {
  if (!boat) {
    return { name: '', boatType: '', make: '', model: '', year: '', lengthFeet: '', hullType: '', propulsion: '', engines: [], homeMarina: '', slip: '', homeZip: '' };
  }
  return {
    name: boat.name,
    boatType: boat.boatType,
    make: text(boat.make),
    model: text(boat.model),
    year: text(boat.year),
    lengthFeet: text(boat.lengthFeet),
    hullType: boat.hullType,
    propulsion: boat.propulsion,
    engines: boat.engines.map((engine) => ({ make: engine.make, model: text(engine.model), year: text(engine.year), hours: text(engine.hours), fuel: engine.fuel })),
    homeMarina: text(boat.homeMarina),
    slip: text(boat.slip),
    homeZip: text(boat.homeZip),
  };
}

/** What the task form's controls hold. */
export interface TaskFormValues {
  title: string;
  specialty: string;
  dueDate: string;
  dueHours: string;
  intervalMonths: string;
  intervalHours: string;
}

/** The form's values for a task being edited, or empty for a new one. */
export function taskFormValues(task?: MaintenanceTask): TaskFormValues {
  if (!task) return { title: '', specialty: '', dueDate: '', dueHours: '', intervalMonths: '', intervalHours: '' };
  return {
    title: task.title,
    specialty: task.specialty,
    dueDate: text(task.dueDate),
    dueHours: text(task.dueHours),
    intervalMonths: text(task.intervalMonths),
    intervalHours: text(task.intervalHours),
  };
}
