import type { Propulsion, HullType, Fuel } from '../../../common/boats.js';
import type { Specialty } from '../../../common/specialties.js';
import type { BoatType } from '../../../common/bookings-fields.js';
import { addDays } from '../../../common/zoned-time.js';

/**
 * The tasks a new boat's maintenance schedule starts with, chosen by how it is driven, its engines' fuel
 * and its hull, with the usual intervals of marine engine and yard practice. The boat's history is
 * unknown, so each task's first due date is a season boundary: spring commissioning (1 April), or the
 * lay-up before the first frost. The owner edits any of it.
 */

export interface TemplateBoat {
  boatType: BoatType;
  hullType: HullType;
  propulsion: Propulsion;
  engines: { make: string; model: string | null; year: number | null; hours: number | null; fuel: Fuel }[];
}

export interface TaskDraft {
  /** Stable key of the template: 'impeller', 'engine-oil', 'winterisation', ... */
  templateKey: string;
  title: string;
  specialty: Specialty;
  /** YYYY-MM-DD */
  dueDate: string | null;
  dueHours: number | null;
  intervalMonths: number | null;
  intervalHours: number | null;
  /** One short sentence the owner reads under the task: why this date or these hours. */
  dueReason: string | null;
}

/** A spring task is due at least this many days after the boat is added, so its reminders can go out. */
const SPRING_NOTICE_DAYS = 14;
/** Winterization is due this many days before the usual first frost: time to book a yard before it. */
const WINTERIZE_DAYS_BEFORE_FROST = 14;

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** When a task of unknown history is first due. */
type FirstDue = 'spring' | 'lay-up';

interface Template {
  templateKey: string;
  title: string;
  specialty: Specialty;
  intervalMonths: number;
  intervalHours: number | null;
  firstDue: FirstDue;
  /** What the owner does if unsure: 'change' a part, 'check' by an inspection, 'repaint' the bottom. */
  action: 'change' | 'check' | 'repaint';
  /** Why it goes with the lay-up, for a 'lay-up' task. */
  layUpReason?: string;
}

/** The tasks a new boat starts with. `firstFrost` is the next usual first frost (YYYY-MM-DD) near the boat's home ZIP, or null (unknown ZIP or no usual frost). */
export function maintenanceDrafts(boat: TemplateBoat, today: string, firstFrost: string | null): TaskDraft[] {
  const winterizeOn = firstFrost === null ? null : laterDate(addDays(firstFrost, -WINTERIZE_DAYS_BEFORE_FROST), today);
  const springOn = nextFirstOfApril(addDays(today, SPRING_NOTICE_DAYS));
  const hoursKnown = boat.engines.map((engine) => engine.hours).filter((hours) => hours !== null);
  const currentHours = hoursKnown.length > 0 ? Math.max(...hoursKnown) : null;

  const drafts: TaskDraft[] = templatesFor(boat).map((template) => {
    const layUp = template.firstDue === 'lay-up' && winterizeOn !== null;
    return {
      templateKey: template.templateKey,
      title: template.title,
      specialty: template.specialty,
      dueDate: layUp ? winterizeOn : springOn,
      dueHours: template.intervalHours !== null && currentHours !== null ? nextMultipleAbove(currentHours, template.intervalHours) : null,
      intervalMonths: template.intervalMonths,
      intervalHours: template.intervalHours,
      dueReason: layUp
        ? (template.layUpReason ?? null)
        : `Before the boating season: ${template.action} it if you do not know when it was last done.`,
    };
  });

  if (winterizeOn !== null && firstFrost !== null) {
    const missed = missedLayUp(firstFrost, today);
    drafts.push({
      templateKey: 'winterisation',
      title: 'Winterize the boat',
      specialty: 'winterization',
      dueDate: missed ? today : winterizeOn,
      dueHours: null,
      intervalMonths: 12,
      intervalHours: null,
      dueReason: missed
        ? `Not done yet this season? Book it now: the usual first frost near your home port (about ${monthAndDay(firstFrost)}) has passed. Done already? Mark it done and it comes due next year.`
        : `Two weeks before the usual first frost near your home port (about ${monthAndDay(firstFrost)}).`,
    });
  }
  return drafts;
}

/**
 * A boat added between this season's lay-up date (two weeks before last autumn's frost) and the next
 * boating season (April 1) may never have been winterized: its first winterization is due now, not next
 * autumn. `firstFrost` is the next usual frost, so the season's was a year before it.
 */
function missedLayUp(firstFrost: string, today: string): boolean {
  const seasonFrost = `${Number(firstFrost.slice(0, 4)) - 1}${firstFrost.slice(4)}`;
  const seasonLayUp = addDays(seasonFrost, -WINTERIZE_DAYS_BEFORE_FROST);
  return today > seasonLayUp && today < nextFirstOfApril(seasonLayUp);
}

/** The templates that fit this boat, without winterization (which depends on the frost, not the boat). */
function templatesFor(boat: TemplateBoat): Template[] {
  const { propulsion, hullType, engines } = boat;
  // An electric boat has no oil, fuel or raw-water cooling; a sailboat's auxiliary engine does.
  const combustion = propulsion !== 'electric' && engines.some((engine) => engine.fuel !== 'electric');
  const diesel = engines.some((engine) => engine.fuel === 'diesel');
  const electric = propulsion === 'electric' || engines.some((engine) => engine.fuel === 'electric');
  const templates: Template[] = [];

  if (combustion) {
    // A jet drive is cooled by the water its own pump moves: it has no raw-water pump impeller.
    if (propulsion !== 'jet') {
      templates.push(springTask('impeller', 'Replace the raw-water pump impeller', 'engines', 24, 300, 'change'));
    }
    templates.push({
      templateKey: 'engine-oil',
      title: 'Change the engine oil and filter',
      specialty: 'engines',
      intervalMonths: 12,
      intervalHours: 100,
      firstDue: 'lay-up',
      action: 'change',
      layUpReason: 'At lay-up, with the winterization: old oil left in over winter is acidic.',
    });
    // Only an outboard's lower unit and a sterndrive's drive have their own gear case to drain.
    if (propulsion === 'outboard' || propulsion === 'sterndrive') {
      templates.push(springTask('gear-oil', 'Change the lower-unit gear oil', 'engines', 12, 100, 'change'));
    }
    templates.push({
      templateKey: 'fuel-filter',
      // A diesel has a primary filter (water separator) and a secondary one on the engine.
      title: diesel ? 'Replace the primary and secondary fuel filters' : 'Replace the fuel filter and water separator',
      specialty: 'engines',
      intervalMonths: 12,
      intervalHours: 200,
      firstDue: 'lay-up',
      action: 'change',
      layUpReason: 'At lay-up, with the winterization: water left in the filter over winter can freeze and corrode it.',
    });
    // Diesels and most inboards have a closed (freshwater) cooling circuit: its coolant's corrosion inhibitors wear out.
    if (diesel || propulsion === 'inboard') {
      templates.push(springTask('coolant', 'Replace the engine coolant', 'engines', 24, null, 'change'));
    }
    // A split bellows lets water into the boat and the drive.
    if (propulsion === 'sterndrive') {
      templates.push(springTask('bellows', 'Inspect the sterndrive bellows', 'engines', 24, null, 'check'));
    }
  }

  // Anodes corrode instead of the metal of a boat that lives in the water; an inflatable usually lives ashore
  // or on davits. Fitting them is a yard or diver's job of no one trade, hence general maintenance.
  if (hullType !== 'inflatable') {
    templates.push(springTask('anodes', 'Replace the sacrificial anodes (zincs)', 'maintenance', 12, null, 'change'));
  }
  if (propulsion === 'sail') {
    templates.push(springTask('rigging', 'Inspect the standing rigging', 'rigging', 12, null, 'check'));
  }
  if (electric) {
    templates.push(springTask('batteries', 'Check the batteries and charging system', 'electrical', 12, null, 'check'));
  }
  // Aluminum pontoon tubes and inflatables are not antifouled as a rule.
  if (hullType !== 'inflatable' && hullType !== 'pontoon') {
    templates.push(springTask('bottom-paint', 'Renew the antifouling bottom paint', 'hull', 12, null, 'repaint'));
  }
  return templates;
}

/** A task first due at spring commissioning. */
function springTask(
  templateKey: string,
  title: string,
  specialty: Specialty,
  intervalMonths: number,
  intervalHours: number | null,
  action: Template['action'],
): Template {
  return { templateKey, title, specialty, intervalMonths, intervalHours, firstDue: 'spring', action };
}

/** The next due date and hours after a task is done on `doneOn` at `engineHours` (either may be null): the interval added; null where the task has no such interval. */
export function nextDue(
  task: { intervalMonths: number | null; intervalHours: number | null },
  doneOn: string,
  engineHours: number | null,
): { dueDate: string | null; dueHours: number | null } {
  return {
    dueDate: task.intervalMonths === null ? null : addMonths(doneOn, task.intervalMonths),
    dueHours: task.intervalHours !== null && engineHours !== null ? engineHours + task.intervalHours : null,
  };
}

/** Adds calendar months to 'YYYY-MM-DD'; a day the month lacks becomes its last day (Jan 31 + 1 month = Feb 28 or 29). */
function addMonths(localDate: string, months: number): string {
  const [year, month, day] = localDate.split('-').map(Number) as [number, number, number];
  const monthIndex = month - 1 + months;
  // Day 0 of the following month is the last day of this one.
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, monthIndex, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/** 1 April on or after the date. */
function nextFirstOfApril(localDate: string): string {
  const year = Number(localDate.slice(0, 4));
  const thisYear = `${year}-04-01`;
  // YYYY-MM-DD strings sort as the dates do.
  return thisYear >= localDate ? thisYear : `${year + 1}-04-01`;
}

function laterDate(a: string, b: string): string {
  return a >= b ? a : b;
}

/** The next multiple of `interval` strictly above `hours`: 420 h every 100 h is due at 500 h. */
function nextMultipleAbove(hours: number, interval: number): number {
  return (Math.floor(hours / interval) + 1) * interval;
}

/** 'Oct 12' for '2026-10-12'. */
function monthAndDay(localDate: string): string {
  const [, month, day] = localDate.split('-').map(Number) as [number, number, number];
  return `${MONTH_NAMES[month - 1]} ${day}`;
}
