// A listing page is made from the experts' cached JSON and from the database's: what it shows is each
// expert's current JSON, also when making it overwrites cached JSON the page itself shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { insertExpert } from '../../test/expert-factory.js';
import { experts } from '../../db/schema.js';
import { expertListQuerySchema } from '../../../common/experts.js';
import { createExpertJsonCache } from './expert-json-cache.js';
import { DirectoryIndex } from './directory/directory-index.js';
import { approvedExpertBatches } from './directory/expert-directory.js';
import { expertColumns, expertJsonReader, loadListingPage, toExpert } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a listing page', () => {
  it("shows every expert's JSON when the cache holds fewer experts than the page", async () => {
    const inserted = [];
    for (let i = 0; i < 6; i++) inserted.push(await insertExpert(t.database.db, { name: `Paged ${i}`, bio: `${i}`.repeat(300) }));
    const ids = inserted.map((e) => e.id);
    const directory = await DirectoryIndex.load(approvedExpertBatches(t.database.db));
    const read = expertJsonReader(t.database.db);
    // Room for about three experts' JSON (some 600 bytes each).
    const cache = createExpertJsonCache({ maxBytes: 2_000 });
    const page = async (limit: number) => {
      const query = expertListQuerySchema.parse({ q: 'paged', sort: 'name', limit: String(limit) });
      const { body } = await loadListingPage(read, directory, query, { total: 6, capped: false }, cache);
      return JSON.parse(body.toString('utf8')) as unknown[];
    };

    expect(await page(3)).toHaveLength(3);
    // The first three come from the cache, and the last three, read, are written over them.
    const shown = await page(6);
    const rows = await t.database.db.select(expertColumns).from(experts).where(inArray(experts.id, ids)).orderBy(experts.name);
    expect(shown).toEqual(rows.map((row) => JSON.parse(JSON.stringify(toExpert(row)))));
    expect(await page(6)).toEqual(shown);
  });

  it("shows the cached experts it found, when other pages overwrite them while it waits for the database", async () => {
    const inserted = [];
    for (const group of ['Kept', 'Other']) {
      for (let i = 0; i < 6; i++) inserted.push(await insertExpert(t.database.db, { name: `${group} ${i}`, bio: `${i}`.repeat(300) }));
    }
    const directory = await DirectoryIndex.load(approvedExpertBatches(t.database.db));
    const read = expertJsonReader(t.database.db);
    const cache = createExpertJsonCache({ maxBytes: 2_000 });
    const page = async (q: string, limit: number) => {
      const query = expertListQuerySchema.parse({ q, sort: 'name', limit: String(limit) });
      const { body } = await loadListingPage(read, directory, query, { total: 6, capped: false }, cache);
      return (JSON.parse(body.toString('utf8')) as { name: string }[]).map((e) => e.name);
    };
    await page('kept', 3);
    // Both wait for one read; the other page goes on first and writes six experts over the three kept.
    const [other, kept] = await Promise.all([page('other', 6), page('kept', 6)]);
    expect(other).toEqual(['Other 0', 'Other 1', 'Other 2', 'Other 3', 'Other 4', 'Other 5']);
    expect(kept).toEqual(['Kept 0', 'Kept 1', 'Kept 2', 'Kept 3', 'Kept 4', 'Kept 5']);
  });
});
