// The admin-users feature's door: what pages, the app and other features may use of it.
export { type AdminUserFilters, useAdminUsers } from './api';
export { LOGGED_OUT_TOAST } from './logged-out-toast';
export { NotPermitted } from './not-permitted';
export { UserDirectory } from './user-directory';
export { UserFilters } from './user-filters';
