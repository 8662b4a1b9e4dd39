import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL settings for every PGlite we open (the server's and the backup's copy). PGlite keeps
 * PostgreSQL's shared memory inside its WebAssembly memory, which is resident from the start and never
 * given back. The default shared buffers make that memory grow past its initial size at once; with 32 MB
 * it stays there and still holds the hot pages; the data files themselves stay in the system's page cache.
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB'];

/** PGlite's own start parameters (single-user mode and friends) with our settings. */
export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, ...PGLITE_SETTINGS];
}
