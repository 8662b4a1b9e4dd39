import type { FastifyRequest } from 'fastify';

/** Layers of percent-encoding taken off; an address encoded more deeply than this is read as it stands then. */
const MAX_DECODINGS = 4;

/** A request target in absolute form (`http://host/api/...`), which the router answers by its path. */
const ABSOLUTE_FORM = /^[a-z][a-z\d+.-]*:\/\/[^/]*/i;

function decodedFully(path: string): string {
  let current = path;
  for (let i = 0; i < MAX_DECODINGS; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * The path of a request address as a policy must read it: the query cut off, percent-encoding taken
 * off until nothing changes (`/%2561pi/` is `/api/`), backslashes read as slashes, empty and `.`
 * segments dropped and `..` resolved (`/x/../api/` is `/api/`). The router decodes once and resolves
 * nothing, so a prefix tested on the raw address can name another place than the route that answers.
 */
export function normalisedPath(url: string): string {
  const target = url.replace(ABSOLUTE_FORM, '');
  const path = decodedFully(target.split(/[?#]/, 1)[0]!).replaceAll('\\', '/');
  const segments: string[] = [];
  const raw = path.split('/');
  for (const segment of raw) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const last = raw.at(-1);
  const trailingSlash = segments.length > 0 && (last === '' || last === '.' || last === '..');
  return `/${segments.join('/')}${trailingSlash ? '/' : ''}`;
}

/**
 * The path every prefix policy decides by (API or page, the Origin check's scope, headers): the pattern
 * of the route that answers (`/api/bookings/:id/messages`, however the address spelled it), or for an
 * address no route answers, its normalised path.
 */
export function policyPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? normalisedPath(request.url);
}

/** Whether a policy path is under /api. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
