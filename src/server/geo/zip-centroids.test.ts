import { describe, expect, it } from 'vitest';
import { haversineMiles, loadZipCentroids, parseZipCodesModule, zipCentroidsFrom } from './zip-centroids.js';

describe('haversineMiles', () => {
  it('is zero for one point and symmetric', () => {
    expect(haversineMiles(25.78, -80.2, 25.78, -80.2)).toBe(0);
    expect(haversineMiles(42.36, -71.07, 40.75, -74)).toBeCloseTo(haversineMiles(40.75, -74, 42.36, -71.07), 9);
  });

  it('measures a degree of latitude as about 69 miles and known city pairs as their distance', () => {
    expect(haversineMiles(0, 0, 1, 0)).toBeCloseTo(69.09, 1);
    // Boston to New York: about 190 miles as the crow flies; Miami to Seattle about 2,730.
    expect(haversineMiles(42.3601, -71.0589, 40.7128, -74.006)).toBeGreaterThan(185);
    expect(haversineMiles(42.3601, -71.0589, 40.7128, -74.006)).toBeLessThan(195);
    expect(haversineMiles(25.7617, -80.1918, 47.6062, -122.3321)).toBeGreaterThan(2700);
    expect(haversineMiles(25.7617, -80.1918, 47.6062, -122.3321)).toBeLessThan(2760);
  });
});

describe('parseZipCodesModule', () => {
  const source = [
    'exports.codes = {"02108":{"zip":"02108","latitude":42.3576,"longitude":-71.0684,"city":"Boston","state":"MA","country":"US"},',
    '"A1B":{"zip":"A1B","latitude":47.5,"longitude":-52.7},"99999":{"zip":"99999","latitude":null,"longitude":null}};',
    'exports.stateMap = {"MA":["02108"]};',
  ].join('\n');

  it('keeps five-digit ZIP codes with coordinates and nothing else', () => {
    const zips = zipCentroidsFrom(parseZipCodesModule(source));
    const [lat, lon] = zips.centroid('02108')!;
    expect(lat).toBeCloseTo(42.3576, 4);
    expect(lon).toBeCloseTo(-71.0684, 4);
    expect(zips.centroid('99999')).toBeNull();
    expect(zips.centroid('00000')).toBeNull();
    expect(zips.centroid('A1B')).toBeNull();
    expect(zips.milesBetween('02108', '02108')).toBe(0);
    expect(zips.milesBetween('02108', '99999')).toBeNull();
  });

  it('refuses a file without the table', () => {
    expect(() => parseZipCodesModule('module.exports = 1;')).toThrow(/code table/);
  });
});

describe('the zipcodes package table', () => {
  it('is loaded once and gives the distances between real ZIP codes', async () => {
    const zips = await loadZipCentroids();
    expect(await loadZipCentroids()).toBe(zips);
    // Fort Lauderdale 17th Street (33316) to downtown Miami (33101): about 23 miles.
    expect(zips.milesBetween('33316', '33101')).toBeGreaterThan(20);
    expect(zips.milesBetween('33316', '33101')).toBeLessThan(26);
    // Boston (02108) to Seattle (98101): about 2,490 miles.
    expect(zips.milesBetween('02108', '98101')).toBeGreaterThan(2450);
    expect(zips.milesBetween('02108', '98101')).toBeLessThan(2530);
    expect(zips.centroid('00000')).toBeNull();
    expect(zips.centroid('2108')).toBeNull();
  });
});
