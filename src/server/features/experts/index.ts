// The experts feature's door: its routes, and the listing's parts app.ts assembles (directory, caches,
// presence); the expert shape and lookups bookings, reviews, workspace and ai-handoff build on.
export { expertRoutes } from './routes.js';
export { createPresenceTracker } from './presence.js';
export { createListingCache, type ListingCache } from './listing-cache.js';
export { expertJsonReader, loadListingPage, expertColumns, toExpert, EXPERT_NOT_FOUND, expertIdOf, findExpert, getExpert } from './service.js';
export { openExpertDirectory, type ExpertDirectory } from './directory/expert-directory.js';
export { createExpertJsonCache } from './expert-json-cache.js';
