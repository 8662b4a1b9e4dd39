import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';

describe('the embedded database', () => {
  // Creating a PGlite in memory runs initdb: seconds on a busy machine.
  it("opens with 32 MB of shared buffers and PGlite's own start parameters", { timeout: 60_000 }, async () => {
    const database = await openDatabase({});
    const setting = async (name: string) => ((await database.executeSql(`show ${name}`)).rows[0] as Record<string, string>)[name];
    try {
      expect(await setting('shared_buffers')).toBe('32MB');
      // Single-user mode's settings stay: no parallel workers inside PGlite.
      expect(await setting('max_worker_processes')).toBe('0');
    } finally {
      await database.close();
    }
  });
});
