import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * US ZIP-code centroids, offline, from the `zipcodes` package's table (42,555 ZIP codes). The package's
 * `lib/codes.js` is a 5 MB object literal with a city, state and country string per ZIP code; requiring it
 * would keep all of that (and the module's source) in memory for good. Instead it is read once, on first
 * use, as text, parsed, and copied into one Float32Array of latitude and longitude indexed by the numeric
 * ZIP code (100,000 x 2 x 4 bytes = 800 KB); the parsed object is then garbage. Float32 keeps about 7
 * significant digits, under 10 m at these magnitudes, finer than a centroid means anyway.
 */
export interface ZipCentroids {
  /** [latitude, longitude] of a five-digit ZIP code, or null when the table does not have it. */
  centroid(zip: string): [number, number] | null;
  /** Straight-line miles between two ZIP codes' centroids, or null when either is unknown. */
  milesBetween(zipA: string, zipB: string): number | null;
}

const ZIP_SLOTS = 100_000;
const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles between two points in degrees (haversine: stable for short distances). */
export function haversineMiles(latA: number, lonA: number, latB: number, lonB: number): number {
  const rad = Math.PI / 180;
  const dLat = (latB - latA) * rad;
  const dLon = (lonB - lonA) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(latA * rad) * Math.cos(latB * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The table as the package writes it: `exports.codes = {"10001": {latitude, longitude, ...}, ...};` then `exports.stateMap`. */
export function parseZipCodesModule(source: string): Float32Array {
  const start = source.indexOf('{', source.indexOf('exports.codes'));
  const stateMap = source.indexOf('exports.stateMap');
  const end = source.lastIndexOf('}', stateMap === -1 ? source.length : stateMap);
  if (start === -1 || end <= start) throw new Error('zipcodes: the code table was not found in lib/codes.js');
  const codes = JSON.parse(source.slice(start, end + 1)) as Record<string, { latitude?: unknown; longitude?: unknown }>;
  const table = new Float32Array(ZIP_SLOTS * 2).fill(Number.NaN);
  for (const [zip, entry] of Object.entries(codes)) {
    if (!/^\d{5}$/.test(zip) || typeof entry.latitude !== 'number' || typeof entry.longitude !== 'number') continue;
    const slot = Number(zip) * 2;
    table[slot] = entry.latitude;
    table[slot + 1] = entry.longitude;
  }
  return table;
}

export function zipCentroidsFrom(table: Float32Array): ZipCentroids {
  const centroid = (zip: string): [number, number] | null => {
    if (!/^\d{5}$/.test(zip)) return null;
    const slot = Number(zip) * 2;
    const lat = table[slot]!;
    return Number.isNaN(lat) ? null : [lat, table[slot + 1]!];
  };
  return {
    centroid,
    milesBetween(zipA, zipB) {
      const a = centroid(zipA);
      const b = centroid(zipB);
      return a && b ? haversineMiles(a[0], a[1], b[0], b[1]) : null;
    },
  };
}

let loading: Promise<ZipCentroids> | null = null;

/** The table, read on first use and shared by every later caller (a failed read is tried again next time). */
export function loadZipCentroids(): Promise<ZipCentroids> {
  loading ??= (async () => {
    const path = createRequire(import.meta.url).resolve('zipcodes/lib/codes.js');
    return zipCentroidsFrom(parseZipCodesModule(await readFile(path, 'utf8')));
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
