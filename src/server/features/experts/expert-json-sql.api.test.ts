// The listing reads its experts' JSON made by the database (expertJsonSql), and every other answer makes
// it with toExpert: the two must be the same text, byte for byte, whatever an expert's profile holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { insertExpert } from '../../test/expert-factory.js';
import { experts } from '../../db/schema.js';
import { PRESENCE_WINDOW_MS } from '../../../common/experts-rules.js';
import { expertJsonSql } from './expert-json-sql.js';
import { expertColumns, toExpert } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the database's JSON of an expert", () => {
  it('is the text JSON.stringify(toExpert(row)) makes, for every kind of value', async () => {
    const now = new Date('2026-11-26T12:00:00.500Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const profiles: Parameters<typeof insertExpert>[1][] = [
      {
        name: 'Zoë "Quote" O\'Brien \\ back',
        bio: 'Tabs\tnew\nlines\r, controls \u0001\u001f\u007f, separators \u2028\u2029, emoji 🚤 and 𝒜, <script>',
        profileImage: '/uploads/experts/a b.jpg?x=1&y="2"',
        certifications: '',
        rating: '0',
        videoRateCents: 0,
        onsiteRateCents: 1,
        serviceTypes: [],
        available: false,
        lastSeenAt: null,
        createdAt: new Date('1999-12-31T23:59:59.999Z'),
      },
      {
        rating: '5',
        videoRateCents: 7550,
        onsiteRateCents: 2_147_483_647,
        serviceTypes: ['onsite', 'retired-kind', 'video'],
        lastSeenAt: ago(PRESENCE_WINDOW_MS),
        timeZone: 'Pacific/Chatham',
      },
      { rating: '4.05', serviceTypes: ['video'], lastSeenAt: ago(PRESENCE_WINDOW_MS + 1) },
      { rating: '3.99', serviceTypes: ['onsite'], lastSeenAt: ago(0) },
      { name: 'Micro Seconds' },
      { lastSeenAt: ago(-1) },
    ];
    // One after another: the ids, and so the rows' order below, follow the list.
    const inserted = [];
    for (const profile of profiles) inserted.push(await insertExpert(t.database.db, profile));
    // Microseconds, which the driver drops: the database writes milliseconds as the driver reads them.
    await t.database.executeSql(
      "update experts set created_at = timestamptz '2026-01-02 03:04:05.678999+00', last_seen_at = $2::timestamptz + interval '999 microseconds' where id = $1",
      [inserted[4]!.id, now.toISOString()],
    );
    const ids = inserted.map((e) => e.id);

    const rows = await t.database.db.select(expertColumns).from(experts).where(inArray(experts.id, ids)).orderBy(experts.id);
    const made = await t.database.db
      .select({ id: experts.id, json: expertJsonSql(sql`${now.toISOString()}::timestamptz`) })
      .from(experts)
      .where(inArray(experts.id, ids))
      .orderBy(experts.id);

    expect(made.map((m) => m.json)).toEqual(rows.map((row) => JSON.stringify(toExpert(row, now))));
    // The cases above are the ones they mean to be.
    expect(rows.map((row) => toExpert(row, now).online)).toEqual([false, true, false, true, true, false]);
    expect(toExpert(rows[1]!, now).serviceTypes).toEqual(['onsite', 'video']);
  });
});
