// The contact feature's door: its routes, for app.ts.
export { contactRoutes } from './routes.js';
