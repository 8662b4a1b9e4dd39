import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { asUser, createPeerApp, createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { daysAhead, movableClock, onsiteBooking, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { multipartBody, requester, signUpExpert, type ExpertAccount } from '../../test/workspace-helpers.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import { auditLog, boatNotes, boats, bookings, maintenanceCompletions, maintenanceTasks, users } from '../../db/schema.js';
import type { Boat, BoatFormInput, ServiceHistoryEntry } from '../../../common/boats.js';
import type { MaintenanceTask } from '../../../common/maintenance.js';
import type { Booking } from '../../../common/bookings.js';
import { addDays } from '../../../common/zoned-time.js';

const clock = movableClock();
let t: TestApp;
let inbox: SmtpInbox;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let expert: ExpertAccount;
let http: ReturnType<typeof requester>;
let day = 5;

const seaBreeze: BoatFormInput = {
  name: 'Sea Breeze',
  boatType: 'powerboat',
  make: 'Grady-White',
  model: '209 Escape',
  year: '2008',
  lengthFeet: '21',
  hullType: 'monohull',
  propulsion: 'outboard',
  engines: [{ make: 'Mercury', model: '90 ELPT', year: 2012, hours: '420', fuel: 'gasoline' }],
  homeMarina: 'Harbor Marina',
  slip: 'B-12',
  homeZip: '02108',
};

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url }, { now: clock.now });
  http = requester(t);
  owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
  other = await signUp(t.app);
  admin = await signUp(t.app);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  expert = await signUpExpert(t, { name: 'Wendy Works', instantBooking: true, videoRateCents: 7500, onsiteRateCents: 12000, onsiteMinimumHours: 2 });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

async function addBoat(user: TestUser, form: BoatFormInput = seaBreeze): Promise<Boat> {
  const response = await http.post(user, '/api/boats', form);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().boat;
}
const tasksOf = async (boat: Boat, user: TestUser = owner): Promise<MaintenanceTask[]> => (await http.get(user, `/api/boats/${boat.id}/tasks`)).json().tasks;
const historyOf = async (boat: Boat): Promise<ServiceHistoryEntry[]> => (await http.get(owner, `/api/boats/${boat.id}/history`)).json().entries;

async function book(payload: object): Promise<Booking> {
  clock.set(new Date());
  const response = await postBooking(t.app, owner, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('My Boats', () => {
  it('adds a boat with its engines and answers each invalid field with its message', async () => {
    const boat = await addBoat(owner);
    expect(boat).toMatchObject({ name: 'Sea Breeze', year: 2008, lengthFeet: 21, engines: [{ make: 'Mercury', model: '90 ELPT', year: 2012, hours: 420, fuel: 'gasoline' }] });
    expect(boat.hoursRecordedAt).not.toBeNull();
    for (const [change, field, message] of [
      [{ name: ' ' }, 'name', "Please enter your boat's name"],
      [{ boatType: 'submarine' }, 'boatType', 'Please choose the type of boat'],
      [{ year: '1850' }, 'year', 'Enter a year from 1900 to next year'],
      [{ lengthFeet: '2' }, 'lengthFeet', 'Enter the length in feet, from 5 to 400'],
      [{ homeZip: '2108' }, 'homeZip', 'Enter a 5-digit ZIP code'],
      [{ hullType: undefined }, 'hullType', 'Please choose the hull type'],
      [{ engines: [{ make: '', fuel: 'gasoline' }] }, 'engines.0.make', "Please enter the engine's make, or remove this engine"],
      [{ engines: [{ make: 'Yanmar', hours: '-3', fuel: 'diesel' }] }, 'engines.0.hours', 'Engine hours are a whole number from 0 to 100,000'],
      [{ engines: Array.from({ length: 5 }, () => ({ make: 'Honda', fuel: 'gasoline' })) }, 'engines', 'A boat can have at most 4 engines'],
      [{ name: 'Nul\u0000' }, null, null],
    ] as const) {
      const response = await http.post(owner, '/api/boats', { ...seaBreeze, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      if (field) expect(response.json().errors?.[field], JSON.stringify(response.json())).toBe(message);
    }
    // A retried submit (same Idempotency-Key) makes one boat.
    const retry = () => t.app.inject(asUser(owner, { method: 'POST', url: '/api/boats', payload: { ...seaBreeze, name: 'Twice Sent' }, headers: { 'idempotency-key': 'boat-key-1' } }));
    const [first, second] = [await retry(), await retry()];
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(second.json().boat.id).toBe(first.json().boat.id);
    const list = (await http.get(owner, '/api/boats')).json().boats as Boat[];
    expect(list.filter((b) => b.name === 'Twice Sent')).toHaveLength(1);
    expect(list.map((b) => b.id)).toContain(boat.id);
    expect((await http.get(null, '/api/boats')).statusCode).toBe(401);
    expect((await http.post(null, '/api/boats', seaBreeze)).statusCode).toBe(401);
  });

  it("is the owner's alone: others get 404, administrators may read but not change it", async () => {
    const boat = await addBoat(owner);
    for (const user of [other, expert]) {
      expect((await http.get(user, `/api/boats/${boat.id}`)).statusCode).toBe(404);
      expect((await http.get(user, `/api/boats/${boat.id}/history`)).statusCode).toBe(404);
      expect((await http.get(user, `/api/boats/${boat.id}/tasks`)).statusCode).toBe(404);
      expect((await http.get(user, `/api/boats/${boat.id}/service-record.pdf`)).statusCode).toBe(404);
      expect((await http.put(user, `/api/boats/${boat.id}`, { ...seaBreeze, name: 'Mine now' })).statusCode).toBe(404);
      expect((await http.delete(user, `/api/boats/${boat.id}`)).statusCode).toBe(404);
      expect((await http.post(user, `/api/boats/${boat.id}/notes`, { body: 'x' })).statusCode).toBe(404);
      expect((await http.post(user, `/api/boats/${boat.id}/engine-hours`, { hours: [500] })).statusCode).toBe(404);
    }
    expect((await http.get(other, '/api/boats')).json().boats.map((b: Boat) => b.id)).not.toContain(boat.id);
    expect((await http.get(admin, `/api/boats/${boat.id}`)).statusCode).toBe(200);
    expect((await http.get(admin, `/api/boats/${boat.id}/history`)).statusCode).toBe(200);
    expect((await http.put(admin, `/api/boats/${boat.id}`, { ...seaBreeze, name: 'Admin was here' })).statusCode).toBe(404);
    expect((await http.get(owner, '/api/boats/not-a-uuid')).statusCode).toBe(404);
    expect((await http.get(owner, '/api/boats/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('edits and removes a boat, each with its audit entry', async () => {
    const boat = await addBoat(owner);
    const edited = await http.put(owner, `/api/boats/${boat.id}`, { ...seaBreeze, name: 'Sea Breeze II', engines: [] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().boat).toMatchObject({ name: 'Sea Breeze II', engines: [] });
    expect((await http.delete(owner, `/api/boats/${boat.id}`)).statusCode).toBe(204);
    expect((await http.get(owner, `/api/boats/${boat.id}`)).statusCode).toBe(404);
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, boat.id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['boat.create', 'boat.update', 'boat.remove']));
  });

  it('records engine hours forward only, one figure per engine', async () => {
    const boat = await addBoat(owner);
    const up = await http.post(owner, `/api/boats/${boat.id}/engine-hours`, { hours: [455] });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().boat.engines[0].hours).toBe(455);
    const down = await http.post(owner, `/api/boats/${boat.id}/engine-hours`, { hours: [400] });
    expect(down.statusCode).toBe(400);
    expect(down.json().errors['hours.0']).toBe('Engine hours cannot go down: enter at least the hours recorded before, or mark this a correction and say why');
    const twin = await http.post(owner, `/api/boats/${boat.id}/engine-hours`, { hours: [460, 470] });
    expect(twin.json().errors.hours).toBe("Give the hours of each of the boat's 1 engines, in order");
  });
});

describe('a full harbour', () => {
  it('keeps up to 20 boats per owner', async () => {
    const collector = await signUp(t.app);
    await t.database.db.insert(boats).values(Array.from({ length: 20 }, (_, i) => ({ ownerId: collector.id, name: `Boat ${i}`, boatType: 'other' as const, hullType: 'other' as const, propulsion: 'sail' as const })));
    const refused = await http.post(collector, '/api/boats', seaBreeze);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('My Boats holds up to 20 boats. Remove one you no longer keep to add another.');
  });
});

describe('a full boat', () => {
  it('keeps up to 500 notes, and of two added at once to the 499th only one passes', async () => {
    const boat = await addBoat(owner, { ...seaBreeze, name: 'Full of Notes' });
    await t.database.db.insert(boatNotes).values(Array.from({ length: 499 }, (_, i) => ({ boatId: boat.id, body: `Note ${i}` })));
    const both = await Promise.all([1, 2].map((n) => http.post(owner, `/api/boats/${boat.id}/notes`, { body: `Racing note ${n}` })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = await http.post(owner, `/api/boats/${boat.id}/notes`, { body: 'One more' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("A boat's history holds up to 500 notes. Delete one you no longer need to add another.");
    expect(await t.database.db.$count(boatNotes, eq(boatNotes.boatId, boat.id))).toBe(500);
  });

  it('keeps up to 100 tasks, and of two added at once to the 99th only one passes', async () => {
    const boat = await addBoat(owner, { ...seaBreeze, name: 'Full Schedule' });
    const kept = (await tasksOf(boat)).length;
    const today = clock.now().toISOString().slice(0, 10);
    await t.database.db.insert(maintenanceTasks).values(Array.from({ length: 99 - kept }, (_, i) => ({ boatId: boat.id, title: `Task ${i}`, specialty: 'engines', dueDate: addDays(today, 30) })));
    const task = { title: 'Racing task', specialty: 'detailing', dueDate: addDays(today, 40) };
    const both = await Promise.all([1, 2].map(() => http.post(owner, `/api/boats/${boat.id}/tasks`, task)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = await http.post(owner, `/api/boats/${boat.id}/tasks`, task);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("A boat's schedule holds up to 100 tasks. Remove one you no longer need to add another.");
    expect(await t.database.db.$count(maintenanceTasks, eq(maintenanceTasks.boatId, boat.id))).toBe(100);
  });
});

describe('bookings use the boat', () => {
  it('keeps a snapshot of the boat on the booking, shown to its expert, refused for a boat not in My Boats', async () => {
    const boat = await addBoat(owner);
    // The boat is kept in Boston; this visit is in Annapolis, within the expert's travel area.
    const visit = { ...onsiteBooking(expert.expertId, daysAhead(day++)), boatAddress: '1 Marina Way, Annapolis, MD 21401' };
    const booking = await book({ ...visit, boatId: boat.id });
    expect(booking.boat).toMatchObject({ id: boat.id, name: 'Sea Breeze', make: 'Grady-White', engines: [{ make: 'Mercury' }] });
    const seen = await http.get(expert, `/api/bookings/${booking.id}`);
    expect(seen.json().boat).toMatchObject({ name: 'Sea Breeze', homeMarina: 'Harbor Marina', slip: 'B-12' });

    const theirs = await addBoat(other, { ...seaBreeze, name: 'Not yours' });
    const refused = await postBooking(t.app, owner, { ...videoBooking(expert.expertId, daysAhead(day++)), boatId: theirs.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.boatId).toBe('We could not find that boat in My Boats');

    // Later changes and the boat's removal leave the booking's copy as it was booked.
    await http.put(owner, `/api/boats/${boat.id}`, { ...seaBreeze, name: 'Renamed' });
    expect((await http.get(owner, `/api/bookings/${booking.id}`)).json().boat.name).toBe('Sea Breeze');
    await http.delete(owner, `/api/boats/${boat.id}`);
    const after = (await http.get(expert, `/api/bookings/${booking.id}`)).json();
    expect(after.boat.name).toBe('Sea Breeze');
    // The expert never reaches the boat record itself.
    expect((await http.get(expert, `/api/boats/${boat.id}`)).statusCode).toBe(404);
  });

  it("lets the booking's expert record the engine hours; the owner records them on the boat, strangers get 404", async () => {
    const boat = await addBoat(owner);
    const booking = await book({ ...videoBooking(expert.expertId, daysAhead(day++)), boatId: boat.id });
    clock.set(new Date(Date.parse(booking.startsAt) + 5 * 60_000));
    expect((await http.get(owner, `/api/bookings/${booking.id}`)).json().hoursRecorded).toBeNull();
    expect((await http.post(expert, `/api/bookings/${booking.id}/engine-hours`, { hours: [512] })).statusCode).toBe(200);
    expect((await http.get(owner, `/api/boats/${boat.id}`)).json().boat.engines[0].hours).toBe(512);
    // The booking keeps the boat as booked, and says what was recorded on the visit: the latest reading.
    expect((await http.post(expert, `/api/bookings/${booking.id}/engine-hours`, { hours: [518] })).statusCode).toBe(200);
    for (const reader of [owner, expert]) {
      const page = (await http.get(reader, `/api/bookings/${booking.id}`)).json();
      expect(page.hoursRecorded).toEqual([518]);
      expect(page.boat.engines[0].hours).toBe(420);
    }
    expect((await http.post(owner, `/api/bookings/${booking.id}/engine-hours`, { hours: [520] })).statusCode).toBe(403);
    expect((await http.post(other, `/api/bookings/${booking.id}/engine-hours`, { hours: [520] })).statusCode).toBe(404);
    const plain = await book(videoBooking(expert.expertId, daysAhead(day++)));
    clock.set(new Date(Date.parse(plain.startsAt) + 5 * 60_000));
    expect((await http.post(expert, `/api/bookings/${plain.id}/engine-hours`, { hours: [520] })).statusCode).toBe(409);
    clock.set(new Date());
  });

  it('takes the expert\'s engine hours only from a live visit: from its start until 7 days after its end', async () => {
    const boat = await addBoat(owner, { ...seaBreeze, name: 'Window Test' });
    const hoursNow = async () => (await http.get(owner, `/api/boats/${boat.id}`)).json().boat.engines[0].hours as number;
    const record = (booking: Booking, hours: number) => http.post(expert, `/api/bookings/${booking.id}/engine-hours`, { hours: [hours] });

    // Cancelled: never, however large the figure.
    const cancelled = await book({ ...videoBooking(expert.expertId, daysAhead(day++)), boatId: boat.id });
    expect((await http.post(owner, `/api/bookings/${cancelled.id}/cancel`, { reason: 'Sold the boat' })).statusCode).toBe(200);
    clock.set(new Date(Date.parse(cancelled.startsAt) + 5 * 60_000));
    const refused = await record(cancelled, 100_000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Engine hours can be recorded only for a confirmed or completed booking.');

    // Confirmed, but before its start.
    const booking = await book({ ...videoBooking(expert.expertId, daysAhead(day++)), boatId: boat.id });
    clock.set(new Date(Date.parse(booking.startsAt) - 60_000));
    const early = await record(booking, 430);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Engine hours can be recorded from the start of the booking.');

    // Within the window: from the start, and completed within 7 days of its end.
    clock.set(new Date(Date.parse(booking.startsAt)));
    expect((await record(booking, 430)).statusCode).toBe(200);
    clock.set(new Date(Date.parse(booking.endsAt) + 60 * 60_000));
    expect((await http.post(expert, `/api/bookings/${booking.id}/complete`, {})).statusCode).toBe(200);
    clock.set(new Date(Date.parse(booking.endsAt) + 7 * 86_400_000 - 60_000));
    expect((await record(booking, 440)).statusCode).toBe(200);

    // Eight days after its end: too late.
    clock.set(new Date(Date.parse(booking.endsAt) + 8 * 86_400_000));
    const late = await record(booking, 450);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Engine hours can be recorded up to 7 days after the booking ends.');
    expect(await hoursNow()).toBe(440);
    clock.set(new Date());
  });

  it("lets the owner correct the hours downward with a note, the history keeping the expert's reading and the correction", async () => {
    const boat = await addBoat(owner, { ...seaBreeze, name: 'Correction Test' });
    const booking = await book({ ...videoBooking(expert.expertId, daysAhead(day++)), boatId: boat.id });
    clock.set(new Date(Date.parse(booking.startsAt) + 5 * 60_000));
    expect((await http.post(expert, `/api/bookings/${booking.id}/engine-hours`, { hours: [100_000] })).statusCode).toBe(200);
    clock.set(new Date(Date.parse(booking.startsAt) + 60 * 60_000));

    const plain = await http.post(owner, `/api/boats/${boat.id}/engine-hours`, { hours: [425] });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().errors['hours.0']).toBe('Engine hours cannot go down: enter at least the hours recorded before, or mark this a correction and say why');
    const noNote = await http.post(owner, `/api/boats/${boat.id}/engine-hours`, { hours: [425], correction: true, note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors.note).toBe('Say what was wrong with the hours recorded before');
    // Nor through the boat's form.
    const viaForm = await http.put(owner, `/api/boats/${boat.id}`, { ...seaBreeze, name: 'Correction Test', engines: [{ ...seaBreeze.engines![0]!, hours: 425 }] });
    expect(viaForm.statusCode).toBe(400);
    expect(viaForm.json().errors['engines.0.hours']).toBe("Engine hours cannot go down here: use 'Update engine hours', mark it a correction and say why");
    expect((await http.get(owner, `/api/boats/${boat.id}`)).json().boat.engines[0].hours).toBe(100_000);

    const corrected = await http.post(owner, `/api/boats/${boat.id}/engine-hours`, { hours: [425], correction: true, note: 'The visit read a digit too many' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().boat.engines[0].hours).toBe(425);
    const readings = (await historyOf(boat)).filter((e) => e.kind === 'engine_hours');
    expect(readings).toMatchObject([
      { hours: [425], previous: [100_000], recordedBy: 'owner', correction: true, note: 'The visit read a digit too many' },
      { hours: [100_000], previous: [420], recordedBy: 'expert', expertName: 'Wendy Works', bookingNumber: booking.number, correction: false, note: null },
    ]);
    expect(readings[0]!.at > readings[1]!.at).toBe(true);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, boat.id), eq(auditLog.action, 'boat.engine_hours_correction')));
    expect(audit).toMatchObject([{ actorUserId: owner.id, actorRole: 'owner', note: 'The visit read a digit too many' }]);
    clock.set(new Date());
  });
});

describe('the maintenance schedule', () => {
  it('starts from the templates for an outboard kept near Boston, winterisation before the usual first frost', async () => {
    const boat = await addBoat(owner);
    const tasks = await tasksOf(boat);
    const keys = tasks.map((task) => task.templateKey);
    expect(keys).toEqual(expect.arrayContaining(['impeller', 'engine-oil', 'gear-oil', 'anodes', 'bottom-paint', 'winterisation']));
    const oil = tasks.find((task) => task.templateKey === 'engine-oil')!;
    expect(oil).toMatchObject({ dueHours: 500, intervalHours: 100, intervalMonths: 12, engineHours: 420 });
    expect(tasks.find((task) => task.templateKey === 'winterisation')!.dueReason).toMatch(/usual first frost/);
    const sail = await addBoat(owner, { ...seaBreeze, name: 'Windfall', boatType: 'sailboat', propulsion: 'sail', engines: [], homeZip: '33139' });
    const sailKeys = (await tasksOf(sail)).map((task) => task.templateKey);
    expect(sailKeys).toContain('rigging');
    expect(sailKeys).not.toContain('engine-oil');
    // Miami has no usual frost.
    expect(sailKeys).not.toContain('winterisation');
  });

  it('adds, edits, completes, snoozes and removes tasks, refusing what makes no sense', async () => {
    const boat = await addBoat(owner);
    const today = clock.now().toISOString().slice(0, 10);
    const missing = await http.post(owner, `/api/boats/${boat.id}/tasks`, { title: 'Wax the hull', specialty: 'detailing' });
    expect(missing.json().errors.dueDate).toBe('Give a due date, due engine hours, or both');
    const created = await http.post(owner, `/api/boats/${boat.id}/tasks`, { title: 'Wax the hull', specialty: 'detailing', dueDate: addDays(today, 40), intervalMonths: '6' });
    expect(created.statusCode, created.body).toBe(201);
    const task: MaintenanceTask = created.json().task;
    expect(task.state).toBe('scheduled');

    const soon = await http.put(owner, `/api/boats/${boat.id}/tasks/${task.id}`, { title: 'Wax the hull', specialty: 'detailing', dueDate: addDays(today, 3), intervalMonths: 6 });
    expect(soon.json().task.state).toBe('due_soon');

    expect((await http.post(owner, `/api/boats/${boat.id}/tasks/${task.id}/snooze`, { until: addDays(today, 2) })).json().errors.until).toBe('Choose a date after the current due date');
    const snoozed = await http.post(owner, `/api/boats/${boat.id}/tasks/${task.id}/snooze`, { until: addDays(today, 30) });
    expect(snoozed.json().task.dueDate).toBe(addDays(today, 30));

    expect((await http.post(owner, `/api/boats/${boat.id}/tasks/${task.id}/complete`, { doneOn: addDays(today, 1) })).json().errors.doneOn).toMatch(/not in the future/);
    const done = await http.post(owner, `/api/boats/${boat.id}/tasks/${task.id}/complete`, { doneOn: today, note: 'Two coats' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().task).toMatchObject({ lastDoneOn: today, state: 'scheduled' });
    expect(done.json().task.dueDate > addDays(today, 170)).toBe(true);
    expect((await historyOf(boat)).find((e) => e.kind === 'maintenance')).toMatchObject({ title: 'Wax the hull', note: 'Two coats', doneOn: today });

    const theirs = await addBoat(other);
    expect((await http.post(other, `/api/boats/${theirs.id}/tasks/${task.id}/complete`, {})).statusCode).toBe(404);
    expect((await http.delete(owner, `/api/boats/${boat.id}/tasks/${task.id}`)).statusCode).toBe(204);
    expect((await tasksOf(boat)).map((x) => x.id)).not.toContain(task.id);
  });

  it('is due by engine hours when the recorded hours reach them', async () => {
    const boat = await addBoat(owner);
    const oil = (await tasksOf(boat)).find((task) => task.templateKey === 'engine-oil')!;
    await http.put(owner, `/api/boats/${boat.id}/tasks/${oil.id}`, { title: oil.title, specialty: 'engines', dueHours: 500, intervalHours: 100 });
    await http.post(owner, `/api/boats/${boat.id}/engine-hours`, { hours: [495] });
    expect((await tasksOf(boat)).find((task) => task.id === oil.id)!.state).toBe('due_soon');
    await http.post(owner, `/api/boats/${boat.id}/engine-hours`, { hours: [501] });
    expect((await tasksOf(boat)).find((task) => task.id === oil.id)!.state).toBe('overdue');
  });

  it('completes the task a booking was made for when the booking completes, and shows the booking in the history', async () => {
    const boat = await addBoat(owner);
    const impeller = (await tasksOf(boat)).find((task) => task.templateKey === 'impeller')!;
    const wrongTask = await postBooking(t.app, owner, { ...videoBooking(expert.expertId, daysAhead(day++)), maintenanceTaskId: impeller.id });
    expect(wrongTask.json().errors.boatId).toBe('Choose the boat this maintenance task is for');
    const booking = await book({ ...videoBooking(expert.expertId, daysAhead(day++)), boatId: boat.id, maintenanceTaskId: impeller.id });
    clock.set(new Date(Date.parse(booking.startsAt) + 40 * 60_000));
    // While the booking is going, the schedule shows it, and a second booking for the task is refused.
    const booked = (await tasksOf(boat)).find((task) => task.id === impeller.id)!;
    expect(booked.booking).toEqual({ id: booking.id, number: booking.number, startsAt: booking.startsAt, timeZone: booking.timeZone, placeTimeZone: booking.placeTimeZone, status: booking.status });
    clock.set(new Date());
    const second = await postBooking(t.app, owner, { ...videoBooking(expert.expertId, daysAhead(day++)), boatId: boat.id, maintenanceTaskId: impeller.id });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      message: `This task is already booked (#${booking.number}). Open that booking to move or cancel it.`,
      errors: { maintenanceTaskId: `This task is already booked (#${booking.number}). Open that booking to move or cancel it.` },
    });
    clock.set(new Date(Date.parse(booking.startsAt) + 40 * 60_000));
    const completed = await http.post(expert, `/api/bookings/${booking.id}/complete`, {});
    expect(completed.statusCode, completed.body).toBe(200);
    const after = (await tasksOf(boat)).find((task) => task.id === impeller.id)!;
    expect(after.lastDoneOn).toBe(booking.startsAt.slice(0, 10));
    expect(after.booking).toBeNull();
    expect(after.dueHours).toBe(720);
    const history = await historyOf(boat);
    expect(history.find((e) => e.kind === 'booking')).toMatchObject({ bookingId: booking.id, expertName: 'Wendy Works', invoice: { totalCents: 7500 } });
    expect(history.find((e) => e.kind === 'maintenance')).toMatchObject({ title: impeller.title });
    clock.set(new Date());
  });
  it('frees a task for another booking once its booking is cancelled', async () => {
    const boat = await addBoat(owner);
    const impeller = (await tasksOf(boat)).find((task) => task.templateKey === 'impeller')!;
    const booking = await book({ ...videoBooking(expert.expertId, daysAhead(day++)), boatId: boat.id, maintenanceTaskId: impeller.id });
    expect((await tasksOf(boat)).find((task) => task.id === impeller.id)!.booking?.number).toBe(booking.number);
    expect((await http.post(owner, `/api/bookings/${booking.id}/cancel`, { reason: 'Did it myself' })).statusCode).toBe(200);
    expect((await tasksOf(boat)).find((task) => task.id === impeller.id)!.booking).toBeNull();
    const again = await book({ ...videoBooking(expert.expertId, daysAhead(day++)), boatId: boat.id, maintenanceTaskId: impeller.id });
    expect((await tasksOf(boat)).find((task) => task.id === impeller.id)!.booking?.id).toBe(again.id);
    // The database holds to one going booking per task too: the cancelled one cannot come back beside it.
    await expect(t.database.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, booking.id))).rejects.toThrow();
  });

  it('books a task once when two bookings for it race, answering the other 409', async () => {
    const boat = await addBoat(owner);
    const impeller = (await tasksOf(boat)).find((task) => task.templateKey === 'impeller')!;
    const both = await Promise.all(
      [day++, day++].map((ahead) => postBooking(t.app, owner, { ...videoBooking(expert.expertId, daysAhead(ahead)), boatId: boat.id, maintenanceTaskId: impeller.id })),
    );
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const live = await t.database.db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.maintenanceTaskId, impeller.id), eq(bookings.status, 'confirmed')));
    expect(live).toHaveLength(1);
  });
});

describe('maintenance reminders', () => {
  const run = (app = t.app) => app.jobs.runNow('maintenance-reminders', {});
  const remindedTo = (subjectEnd: string) => inbox.raw.filter((raw) => raw.includes(subjectEnd)).length;

  it('reminds 14 and 2 days before a due date, each once across two servers and repeated runs, and again for a moved date', async () => {
    // An owner of their own: reminders due the same day go out in one e-mail per owner, and the other
    // tests' boats have tasks due in these weeks too.
    const reminded = await signUp(t.app);
    const boat = await addBoat(reminded, { ...seaBreeze, name: 'Reminder Test', homeZip: null });
    const today = clock.now().toISOString().slice(0, 10);
    const created = await http.post(reminded, `/api/boats/${boat.id}/tasks`, { title: 'Service the winch', specialty: 'rigging', dueDate: addDays(today, 20) });
    const task: MaintenanceTask = created.json().task;
    const row = async () => (await t.database.db.select().from(maintenanceTasks).where(eq(maintenanceTasks.id, task.id)))[0]!;

    await run();
    expect((await row()).reminded14For).toBeNull();

    clock.set(new Date(Date.parse(`${addDays(today, 6)}T15:00:00Z`)));
    // A run that dies before it commits (the server stopped mid-run) claims nothing: the next run sends it.
    const insert = t.app.jobs.insert;
    t.app.jobs.insert = () => Promise.reject(new Error('stopped mid-run'));
    await expect(run()).rejects.toThrow('stopped mid-run');
    t.app.jobs.insert = insert;
    expect((await row()).reminded14For).toBeNull();
    // Then several runs at once, on a second server too where there is one (PostgreSQL), send it once.
    const peer = t.database.url ? await createPeerApp(t, { now: clock.now }) : null;
    try {
      await Promise.all([run(), run(peer?.app), run()]);
    } finally {
      await peer?.close();
    }
    expect((await row()).reminded14For).toBe(addDays(today, 20));
    await inbox.waitFor((m) => m.subject === 'Reminder Test: Service the winch is due in 14 days');

    clock.set(new Date(Date.parse(`${addDays(today, 18)}T15:00:00Z`)));
    await run();
    await run();
    await inbox.waitFor((m) => m.subject === 'Reminder Test: Service the winch is due in 2 days');

    // Snoozed to a new date: reminded of that date afresh.
    const snoozed = await http.post(reminded, `/api/boats/${boat.id}/tasks/${task.id}/snooze`, { until: addDays(today, 30) });
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    clock.set(new Date(Date.parse(`${addDays(today, 20)}T15:00:00Z`)));
    await run();
    await inbox.waitFor((m) => m.subject === 'Reminder Test: Service the winch is due in 10 days');
    await run();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(remindedTo('Service the winch is due in 14 days')).toBe(1);
    expect(remindedTo('Service the winch is due in 2 days')).toBe(1);
    expect(remindedTo('Service the winch is due in 10 days')).toBe(1);
    clock.set(new Date());
  });

  it('asks in season, once a month, for the engine hours of boats with tasks due by hours', async () => {
    const boat = await addBoat(owner, { ...seaBreeze, name: 'Hours Test' });
    await t.database.db.update(boats).set({ hoursRecordedAt: null }).where(eq(boats.id, boat.id));
    const ask = () => t.app.jobs.runNow('engine-hours-requests', {});
    clock.set(new Date('2027-01-15T15:00:00Z'));
    await ask();
    expect((await t.database.db.select().from(boats).where(eq(boats.id, boat.id)))[0]!.hoursAskedMonth).toBeNull();
    clock.set(new Date('2027-06-15T15:00:00Z'));
    await Promise.all([ask(), ask()]);
    await ask();
    await inbox.waitFor((m) => m.subject === 'Hours Test: how many engine hours now?');
    expect((await t.database.db.select().from(boats).where(eq(boats.id, boat.id)))[0]!.hoursAskedMonth).toBe('2027-06');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.raw.filter((raw) => raw.includes('Hours Test: how many engine hours now?')).length).toBe(1);
    clock.set(new Date());
  });
});

describe('service history and its PDF', () => {
  it("keeps the owner's notes and the conversations about the boat, and exports the record as a PDF", async () => {
    const boat = await addBoat(owner, { ...seaBreeze, name: 'Logbook' });
    expect((await http.post(owner, `/api/boats/${boat.id}/notes`, { body: ' ' })).json().errors.body).toBe('Please write the note');
    const note = await http.post(owner, `/api/boats/${boat.id}/notes`, { body: 'New canvas cover fitted' });
    expect(note.statusCode).toBe(201);
    const asked = await http.post(owner, '/api/ai/ask', { question: 'My engine overheats at idle', boatId: boat.id });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().boat).toEqual({ id: boat.id, name: 'Logbook' });
    const history = await historyOf(boat);
    expect(history.map((e) => e.kind)).toEqual(expect.arrayContaining(['note', 'conversation']));

    const pdf = await http.get(owner, `/api/boats/${boat.id}/service-record.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="service-record-Logbook.pdf"');
    const { text } = await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText();
    expect(text).toContain('Logbook');
    expect(text).toContain('New canvas cover fitted');
    expect(text).toContain('Mercury');

    // One record at a time per owner: a second asked while the first is being made is told to wait.
    const [one, two] = await Promise.all([1, 2].map(() => http.get(owner, `/api/boats/${boat.id}/service-record.pdf`)));
    expect([one!.statusCode, two!.statusCode].sort()).toEqual([200, 429]);
    const busy = [one!, two!].find((r) => r.statusCode === 429)!;
    expect(busy.json().message).toBe('Your service record is still being made. Try again in a moment.');
    expect(busy.headers['retry-after']).toBe('5');
    expect((await http.get(owner, `/api/boats/${boat.id}/service-record.pdf`)).statusCode).toBe(200);

    const noteId = (note.json().entry as { noteId: string }).noteId;
    expect((await http.delete(other, `/api/boats/${boat.id}/notes/${noteId}`)).statusCode).toBe(404);
    expect((await http.delete(owner, `/api/boats/${boat.id}/notes/${noteId}`)).statusCode).toBe(204);
  });
});

describe('the history a page at a time', () => {
  it('pages newest first by cursor, each entry once, entries of one instant included, with a default and a maximum page', async () => {
    const boat = await addBoat(owner, { ...seaBreeze, name: 'Paged' });
    // Notes sharing instants, some at the very instant of the maintenance done that day (noon UTC).
    const noon = Date.parse('2026-03-04T12:00:00.000Z');
    await t.database.db.insert(boatNotes).values(Array.from({ length: 31 }, (_, i) => ({ boatId: boat.id, body: `Note ${i}`, createdAt: new Date(noon + Math.floor(i / 3) * 60_000 - 120_000) })));
    await t.database.db.insert(maintenanceCompletions).values([1, 2, 3].map((i) => ({ boatId: boat.id, title: `Done ${i}`, doneOn: '2026-03-04' })));
    const page = (query: string) => http.get(owner, `/api/boats/${boat.id}/history${query}`);

    const first = await page('');
    expect(first.statusCode).toBe(200);
    expect(first.json().entries).toHaveLength(30);
    expect(first.json().nextCursor).toEqual(expect.any(String));
    const everything = (await page('?limit=100')).json();
    expect(everything.entries).toHaveLength(34);
    expect(everything.nextCursor).toBeNull();

    const paged: ServiceHistoryEntry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await page(`?limit=4${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
      expect(answer.statusCode, answer.body).toBe(200);
      paged.push(...answer.json().entries);
      cursor = answer.json().nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect(pages).toBe(9);
    expect(paged).toEqual(everything.entries);
    const ats = paged.map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);

    expect((await page('?before=nonsense')).json().errors.before).toBe('This page of the history is not known. Reload the history.');
    expect((await page('?limit=101')).json().errors.limit).toBe('Give a limit from 1 to 100');
    expect((await http.get(other, `/api/boats/${boat.id}/history?limit=4`)).statusCode).toBe(404);
  });
});

describe('the assistant knows the boat', () => {
  it("answers with the boat's engine, says which boat it assumed, and keeps it for the conversation", async () => {
    const single = await signUp(t.app);
    const boat = await addBoat(single, { ...seaBreeze, name: 'Only One', engines: [{ make: 'Yamaha', model: 'F150', year: 2016, hours: 900, fuel: 'gasoline' }] });
    // An owner with one boat: it is assumed without being chosen.
    const first = await http.post(single, '/api/ai/ask', { question: 'engine overheating alarm and weak stream from the telltale' });
    expect(first.json().boat).toEqual({ id: boat.id, name: 'Only One' });
    expect(first.json().response).toMatch(/assumed this is about your boat Only One/);
    expect(first.json().response).toMatch(/Yamaha F150/);
    const followUp = await http.post(single, '/api/ai/ask', { question: 'what should I check first?', sessionId: first.json().sessionId });
    expect(followUp.json().boat).toEqual({ id: boat.id, name: 'Only One' });
    // Chosen 'no boat': nothing assumed.
    const none = await http.post(single, '/api/ai/ask', { question: 'engine overheating alarm and weak stream from the telltale', boatId: null });
    expect(none.json().boat).toBeNull();
    expect(none.json().response).not.toMatch(/assumed this is about/);
    // A photo form says 'no boat' with an empty field.
    const form = multipartBody([
      { name: 'boatId', value: '' },
      { name: 'image', value: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#557799' } }).jpeg().toBuffer(), filename: 'engine.jpg', type: 'image/jpeg' },
    ]);
    const photo = await t.app.inject(asUser(single, { method: 'POST', url: '/api/ai/analyze-image', ...form }));
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.json().boat).toBeNull();
    // Someone else's boat is refused.
    const theirs = await http.post(other, '/api/ai/ask', { question: 'engine overheating', boatId: boat.id });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().errors.boatId).toBe('We could not find that boat in My Boats');
  });
});

describe('account deletion', () => {
  it("removes the owner's boats while their bookings keep the snapshot", async () => {
    const leaving = await signUp(t.app);
    const boat = await addBoat(leaving, { ...seaBreeze, name: 'Leaving Soon' });
    clock.set(new Date());
    const booked = await postBooking(t.app, leaving, { ...videoBooking(expert.expertId, daysAhead(day++)), boatId: boat.id });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await http.delete(admin, `/api/admin/users/${leaving.id}`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(boats).where(eq(boats.ownerId, leaving.id))).toEqual([]);
    const [row] = await t.database.db.select().from(bookings).where(and(eq(bookings.id, booked.json().id)));
    expect(row!.boatId).toBeNull();
    expect(row!.boatSnapshot?.name).toBe('Leaving Soon');
  });
});
