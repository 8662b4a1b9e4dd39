/**
 * Close codes every live socket may end with that the pages act on (RFC 6455 section 7.4.1 leaves
 * 4000-4999 to the application); the server's list is live-socket.ts CLOSE.
 */

/**
 * The session the socket was opened with has ended (signed out, password changed or reset, account
 * deactivated or deleted): connecting again with it would be refused, so the page asks who is signed in.
 */
export const LIVE_CLOSE_SESSION_ENDED = 4401;

export const SESSION_ENDED_REASON = 'Your session has ended. Please sign in again.';

/** Admitted at the upgrade, no longer (the booking cancelled, a call window closed, access lost): the reason says why. */
export const LIVE_CLOSE_NOT_ADMITTED = 4403;
