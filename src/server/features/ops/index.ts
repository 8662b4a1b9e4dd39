// The ops feature's door: its routes for app.ts, and the role change the operator script runs directly
// when no server is running.
export { opsRoutes } from './routes.js';
export { setUserRole } from './set-role.js';
