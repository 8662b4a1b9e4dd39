/** Document 001 section 2: what the screen shows when it finds the visitor logged out. */
export const LOGGED_OUT_TOAST = { title: 'Unauthorized: You are logged out. Logging in again...' };
