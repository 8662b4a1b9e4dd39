// The admin-users feature's door: its routes for app.ts.
export { adminUserRoutes } from './routes.js';
