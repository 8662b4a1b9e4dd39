import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { daysAhead, onsiteBooking, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { nextWeekday, requester, signUpExpert, type ExpertAccount } from '../../test/workspace-helpers.js';
import { auditLog } from '../../db/schema.js';
import {
  DAY_OFF_DATE_MESSAGE,
  DAY_OFF_IN_PAST,
  ONSITE_MINIMUM_MESSAGE,
  RATE_MESSAGE,
  SERVICE_RADIUS_MESSAGE,
  SERVICE_TYPES_REQUIRED,
  TIME_OF_DAY_MESSAGE,
  TIME_ZONE_MESSAGE,
  VIDEO_NEEDS_RATE,
  type WorkingHours,
} from '../../../common/workspace.js';
import type { Expert } from '../../../common/experts.js';

let t: TestApp;
let owner: TestUser;
let expert: ExpertAccount;
let http: ReturnType<typeof requester>;

beforeAll(async () => {
  t = await createTestApp();
  http = requester(t);
  owner = await signUp(t.app);
  expert = await signUpExpert(t, { name: 'Pat Practice', instantBooking: true });
});
afterAll(() => t.close());

async function listed(id: number, query = ''): Promise<Expert | undefined> {
  const experts: Expert[] = (await http.get(null, `/api/experts?limit=100${query}`)).json();
  return experts.find((e) => e.id === id);
}

const day = (from: string, to: string) => [{ from, to }];
const week = (ranges: { from: string; to: string }[], off: number[] = []) =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => (off.includes(weekday) ? [] : ranges));
const times = async (expertId: number, type: string, date: string, hours = 2) =>
  ((await http.get(null, `/api/experts/${expertId}/slots?type=${type}&date=${date}&hours=${hours}`)).json() as { time: string }[]).map((s) => s.time);

describe('PATCH /api/workspace/profile', () => {
  it('changes the practice, shows it in GET /api/experts at once and keeps an audit entry', async () => {
    expect(await listed(expert.expertId)).toMatchObject({ videoRate: '75.00', serviceRadius: 30 });
    const response = await http.patch(expert, '/api/workspace/profile', {
      videoRate: '$90',
      onsiteRate: '140.50',
      onsiteMinimumHours: 3,
      serviceTypes: ['onsite', 'video'],
      serviceRadius: 60,
      instantBooking: false,
      bio: '  Twenty years on diesel engines.  ',
      certifications: 'ABYC Diesel, Yanmar Certified',
      timeZone: 'America/Chicago',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ videoRate: '90.00', onsiteRate: '140.50', onsiteMinimumHours: 3, instantBooking: false, timeZone: 'America/Chicago', bio: 'Twenty years on diesel engines.' });
    expect(await listed(expert.expertId)).toMatchObject({
      videoRate: '90.00',
      onsiteRate: '140.50',
      serviceRadius: 60,
      certifications: 'ABYC Diesel, Yanmar Certified',
      timeZone: 'America/Chicago',
    });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'expert'), eq(auditLog.entityId, String(expert.expertId)), eq(auditLog.action, 'expert.profile_updated')));
    expect(entries.at(-1)).toMatchObject({ actorUserId: expert.id, before: { videoRateCents: 7500, serviceRadius: 30 }, after: { videoRateCents: 9000, serviceRadius: 60 } });
  });

  it('takes the expert out of the listings filtered by availability when they turn it off', async () => {
    expect(await listed(expert.expertId, '&available=true')).toBeDefined();
    expect((await http.patch(expert, '/api/workspace/profile', { available: false })).statusCode).toBe(200);
    expect(await listed(expert.expertId, '&available=true')).toBeUndefined();
    expect((await http.patch(expert, '/api/workspace/profile', { available: true })).statusCode).toBe(200);
    expect(await listed(expert.expertId, '&available=true')).toBeDefined();
  });

  it('answers 400 with a clear message for each bad field', async () => {
    const cases: [object, string, string][] = [
      [{ videoRate: '0' }, 'videoRate', RATE_MESSAGE],
      [{ onsiteRate: 'lots' }, 'onsiteRate', RATE_MESSAGE],
      [{ onsiteRate: '5000.01' }, 'onsiteRate', RATE_MESSAGE],
      [{ onsiteMinimumHours: 9 }, 'onsiteMinimumHours', ONSITE_MINIMUM_MESSAGE],
      [{ serviceRadius: 4 }, 'serviceRadius', SERVICE_RADIUS_MESSAGE],
      [{ serviceRadius: 'far' }, 'serviceRadius', SERVICE_RADIUS_MESSAGE],
      [{ serviceTypes: [] }, 'serviceTypes', SERVICE_TYPES_REQUIRED],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', TIME_ZONE_MESSAGE],
      [{ available: 'yes' }, 'available', 'available must be true or false'],
    ];
    for (const [body, field, message] of cases) {
      const response = await http.patch(expert, '/api/workspace/profile', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ message, errors: { [field]: message } });
    }
    const empty = await http.patch(expert, '/api/workspace/profile', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Send at least one field to change');
  });

  it('refuses video without a video rate, as a new expert from an application has none', async () => {
    const newcomer = await signUpExpert(t, { videoRateCents: 0, serviceTypes: ['onsite'] });
    const refused = await http.patch(newcomer, '/api/workspace/profile', { serviceTypes: ['video', 'onsite'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: VIDEO_NEEDS_RATE, errors: { videoRate: VIDEO_NEEDS_RATE } });
    expect(await listed(newcomer.expertId, '&serviceType=video')).toBeUndefined();
    const accepted = await http.patch(newcomer, '/api/workspace/profile', { serviceTypes: ['video', 'onsite'], videoRate: '65' });
    expect(accepted.statusCode).toBe(200);
    expect(await listed(newcomer.expertId, '&serviceType=video')).toMatchObject({ videoRate: '65.00' });
  });
});

describe('working hours', () => {
  it('answers the default week: every day 08:00 to 18:00 for both services, in the expert’s zone', async () => {
    const other = await signUpExpert(t, { timeZone: 'America/Los_Angeles' });
    const response = await http.get(other, '/api/workspace/hours');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ video: week(day('08:00', '18:00')), onsite: week(day('08:00', '18:00')), timeZone: 'America/Los_Angeles' });
  });

  it('replaces the week, and the slots and bookings follow the edited hours', async () => {
    const edited = await signUpExpert(t, { instantBooking: true, onsiteMinimumHours: 1 });
    const hours: WorkingHours = {
      video: week([{ from: '09:00', to: '12:00' }, { from: '14:00', to: '16:30' }], [0]),
      onsite: week(day('08:00', '12:00'), [0, 1]),
    };
    const saved = await http.put(edited, '/api/workspace/hours', hours);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...hours, timeZone: 'America/New_York' });
    expect((await http.get(edited, '/api/workspace/hours')).json()).toEqual({ ...hours, timeZone: 'America/New_York' });

    const monday = nextWeekday(1);
    const tuesday = nextWeekday(2);
    const sunday = nextWeekday(0);
    expect(await times(edited.expertId, 'video', monday)).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '2:00 PM', '3:00 PM', '4:00 PM']);
    expect(await times(edited.expertId, 'video', sunday)).toEqual([]);
    expect(await times(edited.expertId, 'onsite', monday)).toEqual([]);
    expect(await times(edited.expertId, 'onsite', tuesday, 2)).toEqual(['8:00 AM', '9:00 AM', '10:00 AM']);

    const outside = await postBooking(t.app, owner, videoBooking(edited.expertId, monday, '1:00 PM'));
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ message: 'Please choose one of the listed times.', errors: { preferredTime: 'Please choose one of the listed times.' } });
    const tooLong = await postBooking(t.app, owner, onsiteBooking(edited.expertId, tuesday, '11:00 AM', 2));
    expect(tooLong.statusCode).toBe(400);
    expect((await postBooking(t.app, owner, videoBooking(edited.expertId, monday, '3:00 PM'))).statusCode).toBe(201);
  });

  it('answers 400 with clear messages for times off the half hour, ends before starts, overlaps and missing days', async () => {
    const base = { video: week(day('08:00', '18:00')), onsite: week(day('08:00', '18:00')) };
    const withMonday = (ranges: unknown) => ({ ...base, video: base.video.map((d, i) => (i === 1 ? ranges : d)) });
    const cases: [object, string, string][] = [
      [withMonday([{ from: '08:15', to: '12:00' }]), 'video.1.0.from', TIME_OF_DAY_MESSAGE],
      [withMonday([{ from: '8 AM', to: '12:00' }]), 'video.1.0.from', TIME_OF_DAY_MESSAGE],
      [withMonday([{ from: '12:00', to: '09:00' }]), 'video.1.0.to', 'The end time must be after the start time'],
      [withMonday([{ from: '08:00', to: '12:00' }, { from: '11:30', to: '15:00' }]), 'video.1.1.from', 'Working ranges on the same day cannot overlap'],
      [{ ...base, onsite: base.onsite.slice(0, 6) }, 'onsite', 'Give the working hours of all seven days, Sunday first'],
    ];
    for (const [body, field, message] of cases) {
      const response = await http.put(expert, '/api/workspace/hours', body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toMatchObject({ message, errors: { [field]: message } });
    }
    // Touching ranges are fine, and a day may run to midnight.
    const touching = await http.put(expert, '/api/workspace/hours', withMonday([{ from: '08:00', to: '12:00' }, { from: '12:00', to: '24:00' }]));
    expect(touching.statusCode).toBe(200);
  });
});

describe('days off', () => {
  it('adds, lists and removes days off; no slots or bookings on them', async () => {
    const off = await signUpExpert(t, { instantBooking: true });
    const date = daysAhead(12);
    expect(await times(off.expertId, 'video', date)).not.toEqual([]);
    const added = await http.post(off, '/api/workspace/days-off', { date, note: 'Boat show' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ date, note: 'Boat show' });
    expect((await http.get(off, '/api/workspace/days-off')).json()).toEqual([{ date, note: 'Boat show' }]);
    expect(await times(off.expertId, 'video', date)).toEqual([]);
    expect(await times(off.expertId, 'onsite', date)).toEqual([]);
    const refused = await postBooking(t.app, owner, videoBooking(off.expertId, date, '9:00 AM'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Please choose one of the listed times.');

    expect((await http.delete(off, `/api/workspace/days-off/${date}`)).statusCode).toBe(204);
    expect((await http.get(off, '/api/workspace/days-off')).json()).toEqual([]);
    expect(await times(off.expertId, 'video', date)).not.toEqual([]);
    const again = await http.delete(off, `/api/workspace/days-off/${date}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('That day is not one of your days off');
  });

  it('answers 400 for a past date or one that is not a date', async () => {
    const past = await http.post(expert, '/api/workspace/days-off', { date: daysAhead(-1, 'America/Chicago') });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: DAY_OFF_IN_PAST, errors: { date: DAY_OFF_IN_PAST } });
    for (const date of ['2026-02-30x', 'tomorrow', '']) {
      const response = await http.post(expert, '/api/workspace/days-off', { date });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: DAY_OFF_DATE_MESSAGE, errors: { date: DAY_OFF_DATE_MESSAGE } });
    }
    expect((await http.delete(expert, '/api/workspace/days-off/not-a-date')).statusCode).toBe(400);
  });

  it('keeps each expert’s days off to themselves', async () => {
    const date = daysAhead(20);
    expect((await http.post(expert, '/api/workspace/days-off', { date })).statusCode).toBe(201);
    const other = await signUpExpert(t);
    expect((await http.get(other, '/api/workspace/days-off')).json()).toEqual([]);
    expect((await http.delete(other, `/api/workspace/days-off/${date}`)).statusCode).toBe(404);
  });
});
