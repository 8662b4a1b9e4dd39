import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { daysAhead, movableClock, onsiteBooking, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { requester, signUpExpert, type ExpertAccount } from '../../test/workspace-helpers.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import { users } from '../../db/schema.js';
import { NO_EXPERT_PROFILE, type WorkspaceBookings } from '../../../common/workspace.js';
import type { Booking } from '../../../common/bookings.js';

const clock = movableClock();
let t: TestApp;
let inbox: SmtpInbox;
let owner: TestUser;
let expert: ExpertAccount;
let otherExpert: ExpertAccount;
let http: ReturnType<typeof requester>;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url }, { now: clock.now });
  http = requester(t);
  owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
  await t.database.db.update(users).set({ phone: '(410) 555-0199' }).where(eq(users.id, owner.id));
  expert = await signUpExpert(t, { name: 'Wendy Works' });
  otherExpert = await signUpExpert(t, { name: 'Oscar Other' });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

async function book(payload: unknown): Promise<Booking> {
  const response = await postBooking(t.app, owner, payload);
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function workspace(user: TestUser = expert): Promise<WorkspaceBookings> {
  const response = await http.get(user, '/api/workspace/bookings');
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('the workspace guard', () => {
  it('answers 401 signed out and 403 to an account that is not an expert, on every workspace route', async () => {
    for (const url of ['/api/workspace/bookings', '/api/workspace/profile', '/api/workspace/hours', '/api/workspace/days-off']) {
      expect((await http.get(null, url)).statusCode).toBe(401);
      expect((await http.get(owner, url)).statusCode).toBe(403);
    }
  });

  it('answers 404 with where to apply when the account has role expert but no expert profile', async () => {
    const roleOnly = await signUp(t.app);
    await t.database.db.update(users).set({ role: 'expert' }).where(eq(users.id, roleOnly.id));
    for (const url of ['/api/workspace/profile', '/api/workspace/bookings', '/api/workspace/hours']) {
      const response = await http.get(roleOnly, url);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(NO_EXPERT_PROFILE);
    }
  });
});

describe('GET /api/workspace/profile', () => {
  it("answers the caller's own expert profile with its status and instant-booking switch", async () => {
    const response = await http.get(expert, '/api/workspace/profile');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: expert.expertId, name: 'Wendy Works', status: 'approved', instantBooking: false, videoRate: '75.00' });
  });
});

describe('GET /api/workspace/bookings', () => {
  it('lists a new request with its expiry, the owner’s details and, for onsite, the boat and marina', async () => {
    const visit = await book(onsiteBooking(expert.expertId, daysAhead(5), '9:00 AM', 3));
    const { requests, upcoming } = await workspace();
    const request = requests.find((b) => b.id === visit.id)!;
    expect(request).toMatchObject({
      status: 'requested',
      owner: { name: 'Olive Owner', email: owner.email, phone: '(410) 555-0199' },
      description: 'Bilge pump runs constantly',
      onsite: { boatType: 'sailboat', boatLength: '32 feet', boatAddress: '1 Marina Way, Annapolis, MD', marinaName: 'Harbor Marina', dockSlip: 'B-12', contactPhone: '(410) 555-0100', emergencyContact: 'Sam (410) 555-0101', estimatedHours: 3 },
      price: '375.00',
      allowedActions: expect.arrayContaining(['confirm', 'decline']),
    });
    expect(new Date(request.expiresAt!).getTime()).toBeGreaterThan(clock.now().getTime());
    expect(upcoming.some((b) => b.id === visit.id)).toBe(false);
    // Another expert's workspace does not show it.
    expect((await workspace(otherExpert)).requests).toEqual([]);
  });

  it('moves an accepted request to the confirmed list, and a declined one to the past with its reason', async () => {
    const accepted = await book(videoBooking(expert.expertId, daysAhead(6), '10:00 AM'));
    const declined = await book(videoBooking(expert.expertId, daysAhead(6), '11:00 AM'));
    expect((await http.post(expert, `/api/bookings/${accepted.id}/confirm`)).statusCode).toBe(200);
    expect((await http.post(expert, `/api/bookings/${declined.id}/decline`, { reason: 'On holiday that week' })).statusCode).toBe(200);
    const { requests, upcoming, past, pastTotal } = await workspace();
    expect(requests.some((b) => b.id === accepted.id || b.id === declined.id)).toBe(false);
    expect(upcoming.find((b) => b.id === accepted.id)).toMatchObject({ status: 'confirmed', expiresAt: null, allowedActions: ['cancel'] });
    expect(past.find((b) => b.id === declined.id)).toMatchObject({ status: 'declined', cancelReason: 'On holiday that week' });
    expect(pastTotal).toBeGreaterThanOrEqual(1);
  });

  it('answers 404 when an expert acts on another expert’s booking', async () => {
    const booking = await book(videoBooking(expert.expertId, daysAhead(7), '1:00 PM'));
    for (const action of ['confirm', 'decline', 'complete', 'no-show']) {
      const response = await http.post(otherExpert, `/api/bookings/${booking.id}/${action}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Booking not found');
    }
  });

  it('lets the expert mark a booking completed or the owner a no-show only once it has started', async () => {
    const date = daysAhead(8);
    const done = await book(videoBooking(expert.expertId, date, '2:00 PM'));
    const missed = await book(videoBooking(expert.expertId, date, '3:00 PM'));
    for (const booking of [done, missed]) expect((await http.post(expert, `/api/bookings/${booking.id}/confirm`)).statusCode).toBe(200);
    const early = await http.post(expert, `/api/bookings/${done.id}/complete`);
    expect(early.statusCode).toBe(409);

    clock.set(new Date(new Date(missed.startsAt).getTime() + 5 * 60_000));
    try {
      const started = (await workspace()).upcoming.filter((b) => b.id === done.id || b.id === missed.id);
      expect(started.map((b) => b.allowedActions)).toEqual([['complete', 'no_show'], ['complete', 'no_show']]);
      expect((await http.post(expert, `/api/bookings/${done.id}/complete`)).statusCode).toBe(200);
      expect((await http.post(expert, `/api/bookings/${missed.id}/no-show`)).statusCode).toBe(200);
      const { upcoming, past } = await workspace();
      expect(upcoming.some((b) => b.id === done.id || b.id === missed.id)).toBe(false);
      expect(past.slice(0, 2).map((b) => [b.id, b.status])).toEqual([[missed.id, 'no_show'], [done.id, 'completed']]);
    } finally {
      clock.set(new Date());
    }
  });
});

describe("the expert's e-mails", () => {
  it('sends the expert a new request linking to the workspace, and the cancellation when the owner cancels', async () => {
    const booking = await book(videoBooking(expert.expertId, daysAhead(9), '9:00 AM'));
    const request = await inbox.waitFor((m) => m.subject === `New booking request: #${booking.number} for Olive Owner`);
    expect(request.to).toMatchObject({ text: expert.email });
    expect(request.text).toContain('Confirm or decline it in your workspace: http://localhost:3000/workspace');
    expect(request.text).toContain('Issue: Port engine overheats at cruising speed');

    await http.post(owner, `/api/bookings/${booking.id}/cancel`, { reason: 'Found the fault myself' });
    const cancelled = await inbox.waitFor((m) => m.subject === `Booking cancelled: #${booking.number} for Olive Owner`);
    expect(cancelled.to).toMatchObject({ text: expert.email });
    expect(cancelled.text).toContain('Reason given: Found the fault myself');
    expect(cancelled.text).toContain('http://localhost:3000/workspace');
  });
});
