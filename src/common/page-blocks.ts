/*
 * The data blocks (`<script type="application/json">`, which the CSP lets be) in which a page's HTML
 * carries what the app opens with: the server writes them (http/page-html.ts), the browser reads and
 * removes them before its first render.
 */

/** The visitor's user, or null when signed out. */
export const PAGE_USER_ELEMENT_ID = 'current-user';

/** A page the server rendered: its data, as TanStack Query's dehydrated cache. */
export const PAGE_STATE_ELEMENT_ID = 'page-state';

/** Set on the document element once the app has started: its first commit, after hydrating a rendered page. */
export const APP_STARTED_ATTRIBUTE = 'data-app-started';
