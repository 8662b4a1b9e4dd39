import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { isApiPath, policyPath } from './request-path.js';

type HeaderSet = Record<string, string>;

/** Runs helmet once against a recording response and keeps the headers it sets. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): HeaderSet {
  const headers: HeaderSet = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  helmet(options)({} as never, recorder, () => {});
  return headers;
}

/**
 * Security headers, computed once at start-up: helmet's full set with a Content-Security-Policy of our own
 * origin only for pages, and a lean set for JSON API answers, which a browser never renders. (Running
 * helmet per request, as @fastify/helmet does, cost a third of the throughput of cached listings.)
 */
export function registerSecurityHeaders(app: FastifyInstance, baseUrl: string, options: { stripe: boolean } = { stripe: false }) {
  const https = baseUrl.startsWith('https://');
  // Stripe's Payment Element is a script and frames from Stripe's own host: allowed only when payments are on.
  const stripe = options.stripe ? ['https://js.stripe.com'] : [];
  // The call room's signalling socket: CSP 3 lets 'self' cover ws:/wss: of our host, older Safari does not.
  const liveSocket = baseUrl.replace(/^http/, 'ws').replace(/\/$/, '');
  const pageHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe],
        frameSrc: options.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
        // Radix and sonner set inline styles; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", liveSocket, ...(options.stripe ? ['https://api.stripe.com'] : [])],
        fontSrc: ["'self'"],
        // The service worker (/sw.js) and the web app manifest, from our own origin only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https,
  });
  // The call room asks for the camera, the microphone and the screen, and Help now for the boat's position,
  // from our own pages only. Every page allows them: the app moves between pages without loading another
  // document, so the policy of the first page loaded is the one that holds; the browser still asks first.
  pageHeaders['permissions-policy'] = 'camera=(self), microphone=(self), display-capture=(self), geolocation=(self)';
  const apiHeaders: HeaderSet = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    ...(https ? { 'strict-transport-security': pageHeaders['strict-transport-security']! } : {}),
  };

  app.addHook('onRequest', (request, reply, done) => {
    // By the route that answers, never the raw address (`/%61pi/...` is an API route too).
    const path = policyPath(request);
    const isApi = isApiPath(path) && !path.startsWith('/api/docs');
    reply.headers(isApi ? apiHeaders : pageHeaders);
    done();
  });
}
