/**
 * Suggests the IANA time zone of a US ZIP code from its first three digits. A suggestion only (the expert
 * confirms it in the workspace): states split by a zone line get the zone of most of their people, except
 * the well-known splits by 3-digit area (Florida's panhandle, west Tennessee and Kentucky, El Paso,
 * southern Idaho, western Nebraska, the Black Hills).
 */
const RANGES: readonly (readonly [from: number, to: number, zone: string])[] = [
  [6, 7, 'America/Puerto_Rico'],
  [8, 8, 'America/St_Thomas'],
  [9, 9, 'America/Puerto_Rico'],
  [10, 89, 'America/New_York'], // New England and New Jersey
  [100, 323, 'America/New_York'], // New York to Florida's east
  [324, 325, 'America/Chicago'], // Florida's panhandle: Panama City, Pensacola
  [326, 349, 'America/New_York'],
  [350, 372, 'America/Chicago'], // Alabama, middle Tennessee (Nashville)
  [373, 379, 'America/New_York'], // east Tennessee: Chattanooga, Knoxville
  [380, 397, 'America/Chicago'], // west Tennessee (Memphis), Mississippi
  [398, 419, 'America/New_York'], // south Georgia, most of Kentucky
  [420, 427, 'America/Chicago'], // west Kentucky
  [430, 462, 'America/New_York'], // Ohio, most of Indiana
  [463, 464, 'America/Chicago'], // northwest Indiana (Gary)
  [465, 475, 'America/New_York'],
  [476, 477, 'America/Chicago'], // southwest Indiana (Evansville)
  [478, 499, 'America/New_York'], // Indiana's rest, Michigan
  [500, 576, 'America/Chicago'], // Iowa, Wisconsin, Minnesota, most of South Dakota
  [577, 577, 'America/Denver'], // the Black Hills (Rapid City)
  [580, 588, 'America/Chicago'], // North Dakota
  [590, 599, 'America/Denver'], // Montana
  [600, 692, 'America/Chicago'], // Illinois to most of Nebraska
  [693, 693, 'America/Denver'], // western Nebraska panhandle
  [700, 797, 'America/Chicago'], // Louisiana, Arkansas, Oklahoma, most of Texas
  [798, 799, 'America/Denver'], // El Paso
  [800, 831, 'America/Denver'], // Colorado, Wyoming
  [832, 837, 'America/Boise'], // southern Idaho
  [838, 838, 'America/Los_Angeles'], // northern Idaho
  [840, 847, 'America/Denver'], // Utah
  [850, 865, 'America/Phoenix'], // Arizona keeps standard time
  [870, 884, 'America/Denver'], // New Mexico
  [889, 961, 'America/Los_Angeles'], // Nevada, California
  [967, 968, 'Pacific/Honolulu'],
  [970, 994, 'America/Los_Angeles'], // Oregon, Washington
  [995, 999, 'America/Anchorage'],
];

/** The zone a ZIP code suggests, or null when it is not a US ZIP code we place (military mail, Guam). */
export function timeZoneForZip(zipCode: string): string | null {
  const match = /^\s*(\d{3})\d{2}(?:-?\d{4})?\s*$/.exec(zipCode);
  if (!match) return null;
  const prefix = Number(match[1]);
  return RANGES.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? null;
}
