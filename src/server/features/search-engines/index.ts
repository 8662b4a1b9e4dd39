// The search-engines feature's door: robots.txt and the sitemaps, and the head of each page's HTML, for app.ts.
export { searchEngineRoutes } from './routes.js';
export { createPageHeads, type PageHeadHtml } from './page-heads.js';
