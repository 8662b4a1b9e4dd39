import { eq } from 'drizzle-orm';
import type { experts } from '../db/schema.js';
import { users } from '../db/schema.js';
import { insertExpert } from './expert-factory.js';
import { asUser, signUp, type TestApp, type TestUser } from './test-app.js';
import { daysAhead } from './booking-helpers.js';
import { weekdayOf } from '../features/bookings/index.js';

export type ExpertAccount = TestUser & { expertId: number };

/** An approved expert who signs in: an account with role expert owning an expert profile. */
export async function signUpExpert(t: TestApp, overrides: Partial<typeof experts.$inferInsert> = {}): Promise<ExpertAccount> {
  const user = await signUp(t.app);
  await t.database.db.update(users).set({ role: 'expert' }).where(eq(users.id, user.id));
  const expert = await insertExpert(t.database.db, { userId: user.id, instantBooking: false, ...overrides });
  // Written past the app, the expert reaches its directory by notification, a moment later: the app's next
  // listing waits for it, as it does after the app's own changes (a test listing at once failed under load).
  t.app.expertDirectory.changed();
  return { ...user, expertId: expert.id };
}

/** The next local date (at least `minDays` ahead) that falls on the weekday, 0 = Sunday. */
export function nextWeekday(weekday: number, minDays = 1, timeZone = 'America/New_York'): string {
  for (let days = minDays; ; days += 1) {
    const date = daysAhead(days, timeZone);
    if (weekdayOf(date) === weekday) return date;
  }
}

/** A multipart body as a browser's FormData would send it. */
export function multipartBody(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = '----kbworkspaceboundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename ? `form-data; name="${part.name}"; filename="${part.filename}"` : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`));
    if (part.type) chunks.push(Buffer.from(`Content-Type: ${part.type}\r\n`));
    chunks.push(Buffer.from('\r\n'), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Shorthands for injected requests as a user. */
export function requester(t: TestApp) {
  return {
    get: (user: TestUser | null, url: string) => t.app.inject(asUser(user, { method: 'GET', url })),
    post: (user: TestUser | null, url: string, payload: object = {}) => t.app.inject(asUser(user, { method: 'POST', url, payload })),
    patch: (user: TestUser | null, url: string, payload: object) => t.app.inject(asUser(user, { method: 'PATCH', url, payload })),
    put: (user: TestUser | null, url: string, payload: object) => t.app.inject(asUser(user, { method: 'PUT', url, payload })),
    delete: (user: TestUser | null, url: string) => t.app.inject(asUser(user, { method: 'DELETE', url })),
  };
}
