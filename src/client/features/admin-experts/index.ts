// The admin-experts feature's door: what pages, the app and other features may use of it.
export { ExpertManagementScreen } from './expert-management-screen';
export { NotPermitted } from './not-permitted';
