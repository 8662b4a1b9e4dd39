import type { DatabaseHandle } from '../db/client.js';

/** Counters that a refused request may still move (Better Auth's per-address limit, ours). */
const COUNTERS = new Set(['rate_limits', 'request_limits']);

/**
 * A fingerprint of every table of the app's schema but the request counters, table by table, to tell
 * whether a request wrote anything: rows are read as text in a fixed order and hashed by the database.
 */
export async function databaseDigest(database: DatabaseHandle): Promise<Map<string, string>> {
  const { rows: tables } = await database.executeSql(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    [],
  );
  const names = (tables as { name: string }[]).map((t) => t.name).filter((name) => !COUNTERS.has(name));
  const digests = names.map(
    (name, i) => `select ${i} as i, md5(coalesce(string_agg(row_text, '|' order by row_text), '')) as digest from (select r::text as row_text from "${name}" r) rows_${i}`,
  );
  const { rows } = await database.executeSql(`${digests.join(' union all ')} order by 1`, []);
  return new Map((rows as { i: number; digest: string }[]).map((row) => [names[Number(row.i)]!, row.digest]));
}

/** The tables whose rows differ between two digests. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name));
}
