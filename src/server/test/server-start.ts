/**
 * How long a test waits for a server it spawned (`node --import tsx src/server/main.ts`) to answer
 * /readyz: compiling the sources and opening (or creating) its database take seconds alone, and over a
 * minute on a two-core CI machine that also runs the other test files and the browser journeys.
 */
export const SERVER_START_MS = 120_000;
