import { timeZoneName } from './time-zone-name';

/** US zones first (where our experts work), then every other zone the browser knows. */
const US_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
];

/** The zones a time-zone select offers, `current` among them even when the browser does not list it. */
export function timeZoneOptions(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const rest = all.filter((zone) => !US_ZONES.includes(zone));
  const options = [...US_ZONES, ...rest];
  return options.includes(current) ? options : [current, ...options];
}

/** 'America/New York (Eastern Standard Time)': a zone as a select option reads. */
export function timeZoneLabel(zone: string): string {
  return `${zone.replaceAll('_', ' ')} (${timeZoneName(zone)})`;
}
