// The listing's directory follows the database: changes written by another server (or a script) show
// within moments through the database's notifications, presence does not disturb it, and on PostgreSQL a
// lost listener connection is made again and the directory read afresh.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { insertExpert } from '../../../test/expert-factory.js';
import { approvedExpertBatches } from './expert-directory.js';
import { searchTextOf, type DirectoryExpert } from './expert-columns.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function listedIds(query = ''): Promise<number[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/experts?limit=100${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { id: number }[]).map((e) => e.id);
}

/** Another server's change: written to the database without telling this app. */
const writeElsewhere = (statement: string, values: unknown[]) => t.database.executeSql(statement, values);

describe('the expert directory', () => {
  it("shows another server's new expert, changed rates, suspension and deletion without being told", async () => {
    const expert = await insertExpert(t.database.db, { name: 'Nadia Notified', videoRateCents: 9000 });
    await vi.waitFor(async () => expect(await listedIds('&q=nadia')).toEqual([expert.id]), { timeout: 10_000 });

    await writeElsewhere('update experts set video_rate_cents = 1000 where id = $1', [expert.id]);
    await vi.waitFor(async () => expect((await listedIds('&sort=price-low&serviceType=video'))[0]).toBe(expert.id), { timeout: 10_000 });

    await writeElsewhere("update experts set status = 'suspended' where id = $1", [expert.id]);
    await vi.waitFor(async () => expect(await listedIds('&q=nadia')).toEqual([]), { timeout: 10_000 });

    await writeElsewhere("update experts set status = 'approved' where id = $1", [expert.id]);
    await vi.waitFor(async () => expect(await listedIds('&q=nadia')).toEqual([expert.id]), { timeout: 10_000 });

    await writeElsewhere('delete from expert_working_hours where expert_id = $1', [expert.id]).catch(() => {});
    await writeElsewhere('delete from experts where id = $1', [expert.id]);
    await vi.waitFor(async () => expect(await listedIds('&q=nadia')).toEqual([]), { timeout: 10_000 });
  });

  it('reads every approved expert in batches, and makes from their parts the search text the database makes', async () => {
    await insertExpert(t.database.db, { name: "ÅSA O'BRIEN-ÜNAL", city: 'St. Petersburg', state: 'FL', zipCode: '33701-1234', certifications: 'NMEA 2000, ABYC ΟΔΥΣΣΕΑΣ' });
    await insertExpert(t.database.db, { name: 'Zoë 𝒜da', certifications: 'IYRS Composites', status: 'pending' });
    await insertExpert(t.database.db, { name: 'Li Ed', certifications: '' });
    const batches: DirectoryExpert[][] = [];
    for await (const batch of approvedExpertBatches(t.database.db, 2)) batches.push(batch);
    expect(batches.every((batch) => batch.length <= 2)).toBe(true);
    const stored = await t.database.executeSql("select id, search_text from experts where status = 'approved' order by id", []);
    expect(batches.flat().map((e) => [e.id, searchTextOf(e)])).toEqual(stored.rows.map((r) => [(r as { id: number }).id, (r as { search_text: string }).search_text]));
  });

  it("shows this server's own change at once, once it says so", async () => {
    const expert = await insertExpert(t.database.db, { name: 'Ivan Immediate' });
    t.app.expertListings.clear();
    expect(await listedIds('&q=ivan')).toEqual([expert.id]);
    await t.database.executeSql("update experts set status = 'suspended' where id = $1", [expert.id]);
    t.app.expertListings.clear();
    expect(await listedIds('&q=ivan')).toEqual([]);
  });

  it('announces changes to what the listing reads, and not presence or the bio', async () => {
    const expert = await insertExpert(t.database.db, { name: 'Pia Presence' });
    t.app.expertListings.clear();
    expect(await listedIds('&q=pia')).toEqual([expert.id]);
    const before = await t.database.executeSql("select count(*)::int as n from pg_catalog.pg_trigger where tgname like 'experts_listing_%'", []);
    expect((before.rows[0] as { n: number }).n).toBe(2);
    // The update trigger's condition leaves presence out, so nothing is announced.
    const announced: string[] = [];
    const listener = await t.database.listen('expert_listing', { onNotification: (p) => announced.push(p), onConnect: () => {} });
    try {
      await t.database.executeSql('update experts set last_seen_at = now() where id = $1', [expert.id]);
      await t.database.executeSql('update experts set bio = $2 where id = $1', [expert.id, 'Changed bio']);
      await t.database.executeSql('update experts set review_count = review_count + 1 where id = $1', [expert.id]);
      await vi.waitFor(() => expect(announced).toEqual([String(expert.id)]), { timeout: 10_000 });
    } finally {
      await listener.close();
    }
  });
});

if (process.env.TEST_DB === 'postgres') {
  describe('on PostgreSQL', () => {
    it('listens again after losing its connection, and reads what it missed', async () => {
      const expert = await insertExpert(t.database.db, { name: 'Rex Reconnect', status: 'pending' });
      await t.database.executeSql(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen expert_listing%'",
        [],
      );
      // Approved while no listener is connected: the notification is lost, the re-read finds it.
      await writeElsewhere("update experts set status = 'approved' where id = $1", [expert.id]);
      await vi.waitFor(async () => expect(await listedIds('&q=rex')).toEqual([expert.id]), { timeout: 10_000 });
    });
  });
}
