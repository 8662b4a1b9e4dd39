// A listing whose location is a ZIP code lists the experts there and those who travel there, nearest first
// when asked, with each expert's distance (docs/PRODUCT.md#expert-listing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { insertExpert } from '../../test/expert-factory.js';
import { loadZipCentroids } from '../../geo/zip-centroids.js';
import type { Expert } from '../../../common/experts.js';
import { NEAREST_NEEDS_ZIP } from '../../../common/experts.js';

let t: TestApp;
const ids: Record<string, number> = {};
let miles: (zip: string) => number;

beforeAll(async () => {
  t = await createTestApp();
  const zips = await loadZipCentroids();
  miles = (zip) => zips.milesBetween('21401', zip)!;
  const add = async (key: string, values: Parameters<typeof insertExpert>[1]) => {
    ids[key] = (await insertExpert(t.database.db, { name: key, ...values })).id;
  };
  // Annapolis itself; Baltimore (some 25 miles) with a long and a short reach; Destin, FL, far away.
  await add('Ann Harbor', { zipCode: '21401', city: 'Annapolis', serviceRadius: 10, rating: '4.00' });
  await add('Video Only Vic', { zipCode: '21401-1234', city: 'Annapolis', serviceTypes: ['video'], serviceRadius: 0, rating: '4.90' });
  await add('Baltimore Long', { zipCode: '21201', city: 'Baltimore', serviceRadius: 50, rating: '5.00' });
  await add('Baltimore Short', { zipCode: '21201', city: 'Baltimore', serviceRadius: 10, rating: '5.00' });
  await add('Travis Destin', { zipCode: '32541', city: 'Destin', state: 'FL', serviceRadius: 50, rating: '5.00' });
  await add('Nowhere Ned', { zipCode: '00001', city: 'Nowhere', serviceRadius: 3_000, rating: '5.00' });
  t.app.expertListings.clear();
});
afterAll(() => t.close());

async function list(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/experts${query}` });
  return { response, body: response.json() as Expert[], names: (response.json() as Expert[]).map?.((e) => e.name) };
}

describe('a listing near a ZIP code', () => {
  it('finds the experts there and the onsite experts whose travel area reaches it, and says how far each is', async () => {
    const { response, body, names } = await list('?location=21401');
    expect(response.statusCode).toBe(200);
    // Highest rated first (the sort asked for by default); Baltimore Short, Destin and the unknown ZIP do not reach.
    expect(names).toEqual(['Baltimore Long', 'Video Only Vic', 'Ann Harbor']);
    expect(response.headers['x-total-count']).toBe('3');
    const long = body.find((e) => e.name === 'Baltimore Long')!;
    expect(long.distanceMiles).toBe(Math.round(miles('21201') * 10) / 10);
    expect(long.distanceMiles).toBeGreaterThan(10);
    expect(long.distanceMiles).toBeLessThanOrEqual(50);
    expect(body.find((e) => e.name === 'Ann Harbor')!.distanceMiles).toBe(0);
  });

  it('sorts nearest first, then by rating, and pages by cursor without repeating or skipping', async () => {
    const { names } = await list('?location=21401&sort=distance');
    expect(names).toEqual(['Video Only Vic', 'Ann Harbor', 'Baltimore Long']);
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const { response, names: page } = await list(`?location=21401&sort=distance&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page);
      cursor = response.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    expect(paged).toEqual(names);
    const { names: offsetPage } = await list('?location=21401&sort=distance&limit=1&offset=2');
    expect(offsetPage).toEqual(['Baltimore Long']);
  });

  it('keeps to the other filters: onsite only, a ZIP+4 read as its ZIP code', async () => {
    expect((await list('?location=21401&serviceType=onsite&sort=distance')).names).toEqual(['Ann Harbor', 'Baltimore Long']);
    expect((await list('?location=21401-0000&serviceType=onsite&sort=distance')).names).toEqual(['Ann Harbor', 'Baltimore Long']);
    expect((await list('?location=21401&serviceType=video')).names).toEqual(['Baltimore Long', 'Video Only Vic', 'Ann Harbor']);
  });

  it('says nobody when nobody reaches the place, and reads a ZIP code the table lacks as text', async () => {
    const far = await list('?location=99950&serviceType=onsite');
    expect(far.response.statusCode).toBe(200);
    expect(far.names).toEqual([]);
    expect(far.response.headers['x-total-count']).toBe('0');
    const unknown = await list('?location=00001');
    expect(unknown.names).toEqual(['Nowhere Ned']);
    expect(unknown.body[0]).not.toHaveProperty('distanceMiles');
    const city = await list('?location=destin');
    expect(city.names).toEqual(['Travis Destin']);
    expect(city.body[0]).not.toHaveProperty('distanceMiles');
  });

  it('refuses to sort by distance without a ZIP code to measure from', async () => {
    for (const query of ['?sort=distance', '?sort=distance&location=Annapolis']) {
      const { response } = await list(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(NEAREST_NEEDS_ZIP);
    }
  });

  it('refuses a cursor of another order', async () => {
    const { response } = await list('?location=21401&limit=1');
    const cursor = response.headers['x-next-cursor'] as string;
    const mixed = await list(`?location=21401&sort=distance&limit=1&cursor=${cursor}`);
    expect(mixed.response.statusCode).toBe(400);
  });
});
