// The dashboard feature's door: its routes.
export { dashboardRoutes } from './routes.js';
