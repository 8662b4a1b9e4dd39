import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { asUser, createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { insertExpert } from '../../test/expert-factory.js';
import { daysAhead, movableClock, onsiteBooking, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { bookings, experts } from '../../db/schema.js';
import { loadZipCentroids } from '../../geo/zip-centroids.js';
import type { BoatFormInput } from '../../../common/boats.js';

const clock = movableClock();
let t: TestApp;
let owner: TestUser;
/** Destin, FL: the demo's Travis Boudreaux, who travels up to 50 miles. */
let destin: { id: number };
/** Annapolis, MD, travelling up to 30 miles. */
let annapolis: { id: number };
let day = 10;
let annapolisToDestin: number;

const ANNAPOLIS_ZIP = '21401';
const DESTIN_ZIP = '32541';

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
  destin = await insertExpert(t.database.db, { name: 'Travis Boudreaux', zipCode: DESTIN_ZIP, city: 'Destin', state: 'FL', serviceRadius: 50, instantBooking: true });
  annapolis = await insertExpert(t.database.db, { name: 'Ann Napolis', zipCode: ANNAPOLIS_ZIP, serviceRadius: 30, instantBooking: true });
  annapolisToDestin = (await loadZipCentroids()).milesBetween(ANNAPOLIS_ZIP, DESTIN_ZIP)!;
});
afterAll(() => t.close());

/** An onsite visit at `address` with the given expert, on a day of its own so no two tests meet. */
function bookAt(expertId: number, address: string, extra: Record<string, unknown> = {}) {
  day += 1;
  return postBooking(t.app, owner, { ...onsiteBooking(expertId, daysAhead(day)), boatAddress: address, ...extra });
}

async function bookingsOf(expertId: number) {
  return t.database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.expertId, expertId));
}

describe('onsite bookings and the expert travel area', () => {
  it('books an expert whose area takes in the ZIP code written in the address', async () => {
    const response = await bookAt(annapolis.id, '80 Compromise St, Annapolis, MD 21401-1234');
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses a visit beyond the radius, saying how far it is, and writes nothing', async () => {
    const before = (await bookingsOf(destin.id)).length;
    const response = await bookAt(destin.id, '1 Marina Way, Annapolis, MD 21401');
    expect(response.statusCode).toBe(400);
    const miles = Math.round(annapolisToDestin);
    expect(miles).toBeGreaterThan(800);
    expect(response.json().errors.boatAddress).toBe(`Travis Boudreaux travels up to 50 miles; this marina is ${miles} miles away`);
    expect((await bookingsOf(destin.id)).length).toBe(before);
    // Without a marina, the message speaks of the address.
    const noMarina = await bookAt(destin.id, '1 Marina Way, Annapolis, MD 21401', { marinaName: null });
    expect(noMarina.json().errors.boatAddress).toBe(`Travis Boudreaux travels up to 50 miles; this address is ${miles} miles away`);
  });

  it('takes a visit exactly at the edge of the radius and refuses one a mile beyond it', async () => {
    const edge = await insertExpert(t.database.db, { name: 'Edie Edge', zipCode: DESTIN_ZIP, serviceRadius: Math.round(annapolisToDestin), instantBooking: true });
    expect((await bookAt(edge.id, `Annapolis, MD ${ANNAPOLIS_ZIP}`)).statusCode).toBe(201);
    await t.database.db.update(experts).set({ serviceRadius: Math.round(annapolisToDestin) - 1 }).where(eq(experts.id, edge.id));
    const beyond = await bookAt(edge.id, `Annapolis, MD ${ANNAPOLIS_ZIP}`);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().errors.boatAddress).toMatch(/travels up to \d+ miles; this marina is \d+ miles away$/);
  });

  it("measures from the boat's home ZIP code when the address has none, and the address's ZIP code wins", async () => {
    const boat: BoatFormInput = {
      name: 'Chesapeake Wind',
      boatType: 'sailboat',
      make: 'Catalina',
      model: '320',
      year: '2004',
      lengthFeet: '32',
      hullType: 'monohull',
      propulsion: 'inboard',
      engines: [{ make: 'Yanmar', model: '3GM30F', year: 2004, hours: '1200', fuel: 'diesel' }],
      homeMarina: 'Harbor Marina',
      slip: 'B-12',
      homeZip: ANNAPOLIS_ZIP,
    };
    const created = await t.app.inject(asUser(owner, { method: 'POST', url: '/api/boats', payload: boat }));
    expect(created.statusCode, created.body).toBe(201);
    const boatId = created.json().boat.id as string;
    const fromBoat = await bookAt(destin.id, '1 Marina Way, Slip B-12', { boatId });
    expect(fromBoat.statusCode).toBe(400);
    expect(fromBoat.json().errors.boatAddress).toMatch(/^Travis Boudreaux travels up to 50 miles/);
    // The visit is at a Destin address this time, whatever the boat's usual home.
    expect((await bookAt(destin.id, '500 Harbor Blvd, Destin, FL 32541', { boatId })).statusCode).toBe(201);
  });

  it('leaves a place it cannot measure to the expert: no ZIP code, or one the centroid table does not know', async () => {
    expect((await loadZipCentroids()).centroid('00000')).toBeNull();
    expect((await bookAt(destin.id, '1 Marina Way, Annapolis, MD')).statusCode).toBe(201);
    expect((await bookAt(destin.id, '1 Marina Way, Nowhere 00000')).statusCode).toBe(201);
  });

  it('does not apply to video calls', async () => {
    day += 1;
    expect((await postBooking(t.app, owner, videoBooking(destin.id, daysAhead(day)))).statusCode).toBe(201);
  });
});
