/** What the screen shows when it finds the visitor logged out (docs/PRODUCT.md#user-management). */
export const LOGGED_OUT_TOAST = { title: 'Unauthorized: You are logged out. Logging in again...' };
