// The test-clock feature's door: the clock app.ts gives the booking rules when TEST_CLOCK=true, and its route.
export { createTestClock } from './test-clock.js';
export { testClockRoutes } from './routes.js';
