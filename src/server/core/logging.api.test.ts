import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { loggerOptions, redactUrl } from './logging.js';

const lines: string[] = [];
const collector = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logger: { ...(loggerOptions('info') as object), stream: collector } });
});
afterAll(() => t.close());

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the query to fail');
}

describe('the log', () => {
  it('keeps the failed query and its error but never the values a user sent', async () => {
    const email = 'ann.private@example.com';
    const values = { id: 'log-test-user', email, name: 'Ann Private', emailVerified: false, createdAt: new Date(), updatedAt: new Date() };
    await t.database.db.insert(users).values(values);
    const duplicate = await failureOf(() => t.database.db.insert(users).values({ ...values, id: 'log-test-user-2' }));
    const badCast = await failureOf(() => t.database.db.execute(sql`select ${email}::int`));
    lines.length = 0;
    t.app.log.error({ err: duplicate }, 'duplicate');
    t.app.log.error({ err: badCast }, 'bad cast');
    const logged = lines.join('\n');
    const [first, second] = lines.map((line) => JSON.parse(line) as { err: { message: string; cause: { message: string; code: string } } });
    expect(first!.err.message).toMatch(/^Failed query: insert into "users" .* \(6 parameters, not logged\)$/);
    expect(first!.err.cause.message).toBe('duplicate key value violates unique constraint "users_email_unique"');
    expect(second!.err.cause.message).toBe('invalid input syntax for type integer: "[redacted]"');
    expect(logged).toContain('23505');
    expect(logged).toContain('22P02');
    expect(logged).not.toContain(email);
    expect(logged).not.toContain('Ann Private');
  });

  it('takes reset tokens out of logged addresses', () => {
    expect(redactUrl('/api/auth/reset-password/abc123?callbackURL=%2Freset')).toBe('/api/auth/reset-password/[redacted]?callbackURL=%2Freset');
    expect(redactUrl('/reset-password?token=abc123&x=1')).toBe('/reset-password?token=[redacted]&x=1');
    expect(redactUrl('/api/experts?q=engine')).toBe('/api/experts?q=engine');
  });

  it('logs requests without their cookies', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/auth/reset-password/secret-token-1', headers: { cookie: 'session=secret-cookie' } });
    const logged = lines.join('\n');
    expect(logged).toContain('/api/auth/reset-password/[redacted]');
    expect(logged).not.toContain('secret-token-1');
    expect(logged).not.toContain('secret-cookie');
  });
});
