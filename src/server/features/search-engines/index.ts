// The search-engines feature's door: robots.txt and the sitemaps, for app.ts.
export { searchEngineRoutes } from './routes.js';
