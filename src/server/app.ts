import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { createAuth, type Auth } from './auth/auth.js';
import { resolveAuthSecret } from './auth/secret.js';
import { DEFAULT_HASHES_AT_ONCE, setHashesAtOnce, useCheapHashesForTests } from './auth/password-hashing.js';
import { getCurrentUser } from './auth/current-user.js';
import { registerSessionCacheReset } from './auth/session-cache-reset.js';
import { createSessionCache, type SessionCache } from './auth/session-cache.js';
import { authRoutes } from './auth/routes.js';
import { createMailer } from './mail/mailer.js';
import { registerErrorHandling } from './http/errors.js';
import { loggerOptions } from './core/logging.js';
import type { ServiceContext } from './core/service-context.js';
import { registerMetrics } from './http/metrics.js';
import { registerRequestInputRules } from './http/request-input.js';
import { registerOriginCheck } from './http/origin-check.js';
import { registerFreeSpaceGuard } from './http/free-space-guard.js';
import { freeSpaceFloor } from './db/free-space-floor.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerNotFound } from './http/not-found.js';
import { createServerRender } from './http/server-render.js';
import { createRenderedPageCache } from './http/rendered-page-cache.js';
import type { PageRenderer } from '../common/page-render.js';
import { trustProxyOption } from './http/trust-proxy.js';
import { opsRoutes } from './features/ops/index.js';
import { createPageHeads, searchEngineRoutes } from './features/search-engines/index.js';
import { profileRoutes } from './features/profile/index.js';
import { dashboardRoutes } from './features/dashboard/index.js';
import {
  createExpertJsonCache,
  createListingCache,
  createPresenceTracker,
  expertJsonReader,
  expertRoutes,
  loadListingPage,
  openExpertDirectory,
  type ExpertDirectory,
  type ListingCache,
} from './features/experts/index.js';
import { aiRoutes } from './features/ai/index.js';
import { bookingRoutes, defineBookingNoticeJob, defineReminderJob, SWEEP_CRON, SWEEP_QUEUE, sweepBookings } from './features/bookings/index.js';
import { aiHandoffRoutes, bookingConversations } from './features/ai-handoff/index.js';
import { followUpSummaryRoutes } from './features/follow-up-summary/index.js';
import { createInvoiceIssuer, createPayments, defineInvoiceMailJob, paymentRoutes } from './features/payments/index.js';
import { videoCallRoutes } from './features/video-call/index.js';
import { adminUserRoutes } from './features/admin-users/index.js';
import { adminExpertRoutes } from './features/admin-experts/index.js';
import { contactRoutes } from './features/contact/index.js';
import { expertApplicationRoutes } from './features/expert-application/index.js';
import { reviewRoutes } from './features/reviews/index.js';
import { workspaceRoutes } from './features/workspace/index.js';
import { calendarFeedRoutes } from './features/calendar-feed/index.js';
import { calendarReadLimits, defineExternalCalendarJobs, externalCalendarRoutes } from './features/external-calendars/index.js';
import { createTestClock, testClockRoutes } from './features/test-clock/index.js';
import { bookingMessageRoutes, defineUnreadEmailJob, MESSAGE_PHOTOS } from './features/booking-messages/index.js';
import { createTextSender, defineTextJobs, smsRoutes, textJobs, type SmsDeps } from './features/sms/index.js';
import { definePushJobs, pushJobs, pushRoutes, resolveVapidKeys } from './features/push/index.js';
import { HELP_PHOTOS, defineHelpNowJobs, helpNowRoutes, registerHelpMetrics } from './features/help-now/index.js';
import { BOAT_PHOTOS, boatRoutes, bookingBoats, defineBoatPhotoRemoval, defineMaintenanceJobs } from './features/boats/index.js';
import { createEmailPreferences, defineNotificationChannels, notificationRoutes } from './features/notifications/index.js';
import { createAiProvider } from './ai/create-provider.js';
import { openFanout, type Fanout } from './realtime/fanout.js';
import { registerLiveSockets } from './realtime/live-socket.js';
import { createLiveSessionSource } from './realtime/live-sessions.js';
import { createJobQueue, type JobQueue } from './jobs/job-queue.js';
import { defineHousekeepingJob } from './jobs/housekeeping.js';
import { defineEmailJob, enqueueEmail } from './mail/email-job.js';
import { parseIceServers } from './core/ice-servers.js';
import { openPhotoStore } from './storage/open-photo-store.js';
import { PRODUCT_NAME } from '../common/brand.js';
import type { CurrentUser } from '../common/user.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Database;
    auth: Auth;
    /** Background jobs (pg-boss); started when the app is ready, stopped when it closes. */
    jobs: JobQueue;
    /** Cached expert listings; features that change experts clear it. */
    expertListings: ListingCache;
    /** The approved experts the listing reads, held in memory and kept current by notifications. */
    expertDirectory: ExpertDirectory;
    /** Signed-in users by session cookie for a few seconds; cleared after every change made here. */
    sessionCache: SessionCache;
    /** Live messages across the app servers of one database (LISTEN/NOTIFY; in-process on PGlite). */
    fanout: Fanout;
  }
  interface FastifyRequest {
    /** The signed-in user, or null; looked up once per request. */
    currentUser(): Promise<CurrentUser | null>;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** The built single-page app to serve; omitted in API tests. */
  clientDir?: string;
  /** Renders public pages for signed-out visitors (the build's dist/ssr); without it the browser renders every page. */
  pageRenderer?: PageRenderer;
  /** Enables the loopback-only operator endpoint (see scripts/set-role.ts). */
  operatorToken?: string;
  /** The clock of the booking rules (tests move it); the real clock otherwise. */
  now?: () => Date;
  /** The session cache's clock (tests move it to pass its time to live); the real clock otherwise. */
  sessionCacheClock?: () => number;
  /** How often job workers look for work they were not told about (delayed jobs, retries); tests poll faster. */
  jobPollingIntervalSeconds?: number;
  /** The delay before a failed job's first retry; tests make it short. */
  jobRetryDelaySeconds?: number;
  /** How often live sockets are pinged and their sessions checked again; tests make it short (or long). */
  liveHeartbeatMs?: number;
  /** How often a call room's sockets announce themselves and re-check the room is open; tests make it short. */
  callRoomHeartbeatMs?: number;
  logger?: FastifyServerOptions['logger'];
  /** How the free space of DATA_DIR's disk is read; statfs otherwise (tests: a disk that fills up). */
  freeBytes?: (dir: string) => Promise<number>;
  /** Told of each route as it is registered (the route-table test records the file that declares it). */
  onRoute?: (route: RouteOptions) => void;
  /** API tests only (test/test-app.ts): password hashes at a trivial cost (auth/password-hashing.ts). */
  testOnlyCheapPasswordHashes?: boolean;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.LOG_LEVEL),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    // On close, keep-alive sockets without a request are closed at once, and a request that still
    // arrives on a kept-alive socket is served (with `Connection: close`) rather than refused with
    // Fastify's bare 503: a shutdown answers what it received (see main.ts).
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // Addresses Fastify refuses before any hook runs (bad percent-encoding, over-long path parameters)
    // get our error shape, without Fastify's internal code or the address echoed back.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void (reply as FastifyReply)
        .status(tooLong ? 414 : 400)
        .send({ message: tooLong ? 'The address is too long.' : 'The address is not valid.' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  setHashesAtOnce(config.PASSWORD_HASHES_AT_ONCE ?? DEFAULT_HASHES_AT_ONCE);
  useCheapHashesForTests(options.testOnlyCheapPasswordHashes === true);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  const jobs = createJobQueue(database, app.log, { pollingIntervalSeconds: options.jobPollingIntervalSeconds, retryDelaySeconds: options.jobRetryDelaySeconds });
  const authSecret = resolveAuthSecret(config.SESSION_SECRET, config.DATA_DIR);
  const auth = createAuth({
    db: database.db,
    baseUrl: config.BASE_URL,
    secret: authSecret,
    // Password-reset e-mails leave through the e-mail job too, never inside the request.
    mailer: { send: (message) => enqueueEmail(jobs, database.db, message) },
    log: app.log,
  });
  app.decorate('config', config);
  /** The site's public address without a trailing slash, for the absolute addresses crawlers read. */
  const publicBaseUrl = config.BASE_URL.replace(/\/+$/, '');
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('auth', auth);
  app.decorate('jobs', jobs);
  const testClock = config.TEST_CLOCK && !options.now ? createTestClock() : undefined;
  const expertJson = createExpertJsonCache();
  // Signed-out visitors' rendered pages show experts: every change to experts drops them with the listings.
  const renderedPages = createRenderedPageCache();
  const expertJsonRead = expertJsonReader(database.db);
  const expertListings = createListingCache({
    page: async (query, count) => loadListingPage(expertJsonRead, await directory.current(), query, count, expertJson),
    count: async (filters) => (await directory.current()).count(filters),
    changed: () => {
      directory.changed();
      expertJson.clear();
      renderedPages.clear();
    },
  });
  const services: ServiceContext = {
    db: database.db,
    jobs,
    baseUrl: config.BASE_URL,
    mailFrom: config.MAIL_FROM,
    now: options.now ?? testClock?.now ?? (() => new Date()),
    listings: expertListings,
    invoices: createInvoiceIssuer(config),
    boats: bookingBoats,
  };
  const payments = await createPayments(config, services);
  defineEmailJob(jobs, mailer, database.db, app.log, createEmailPreferences({ baseUrl: config.BASE_URL, secret: authSecret }));
  defineBookingNoticeJob(services);
  defineInvoiceMailJob(jobs, database.db, config.BASE_URL, services.now);
  defineMaintenanceJobs(jobs, services);
  const boatPhotos = await openPhotoStore(config, BOAT_PHOTOS);
  defineBoatPhotoRemoval(jobs, boatPhotos);
  defineReminderJob(services);
  defineUnreadEmailJob(services);
  const sms: SmsDeps = {
    db: database.db,
    jobs,
    now: services.now,
    baseUrl: config.BASE_URL,
    sender: createTextSender(config, app.log),
    codeSecret: authSecret,
    authToken: config.TWILIO_AUTH_TOKEN,
    log: app.log,
  };
  defineTextJobs(sms);
  const vapid = resolveVapidKeys(config);
  definePushJobs({ db: database.db, jobs, vapid, allowPrivate: config.ALLOW_PRIVATE_PUSH_ENDPOINTS, log: app.log });
  defineNotificationChannels(jobs, database.db, {
    baseUrl: config.BASE_URL,
    text: textJobs,
    // Real time, as the push jobs use: sessions end by the clock, not the booking rules' clock.
    push: (userId, message, options) => pushJobs(database.db, userId, message, { ...options, now: new Date() }),
  });
  jobs.define(SWEEP_QUEUE, async () => {
    const { expired, completed } = await sweepBookings(services);
    if (expired || completed) app.log.info({ expired, completed }, 'bookings sweep');
  }, { cron: SWEEP_CRON });
  defineHousekeepingJob(jobs, database.db, services.now, app.log);
  const calendarReads = {
    db: database.db,
    now: services.now,
    limits: calendarReadLimits(config.ALLOW_PRIVATE_CALENDAR_URLS, config.CALENDAR_FETCH_TIMEOUT_MS),
  };
  defineExternalCalendarJobs(jobs, calendarReads);
  payments.defineJobs(jobs);
  app.addHook('onReady', () => jobs.start());
  // Registered first, so it runs after the server stopped taking requests (onClose hooks run in reverse).
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
  });
  // The listing's directory of approved experts, kept current by the database's notifications; a change
  // to it drops the cached pages and experts, so nothing cached is older than the directory.
  const directory = await openExpertDirectory(database, () => {
    expertListings.forget();
    expertJson.clear();
    renderedPages.clear();
  });
  app.addHook('onClose', () => directory.close());
  app.decorate('expertDirectory', directory);
  const fanout = await openFanout(database, app.log);
  app.addHook('onClose', () => fanout.close());
  app.decorate('fanout', fanout);
  app.decorate('expertListings', expertListings);
  const touchPresence = createPresenceTracker(database.db);
  const recordActivity = async (user: CurrentUser) => {
    if (user.role === 'expert') await touchPresence(user.id);
  };
  const sessionCache = createSessionCache(config.SESSION_CACHE_SECONDS * 1000, options.sessionCacheClock);
  app.decorate('sessionCache', sessionCache);
  const currentUserLookup = {
    auth,
    sessionCookieName: (await auth.$context).authCookies.sessionToken.name,
    sessions: sessionCache,
    onActive: recordActivity,
  };
  app.decorateRequest('currentUser', function () {
    return getCurrentUser(currentUserLookup, this);
  });
  registerSessionCacheReset(app, sessionCache);

  registerErrorHandling(app);
  registerRequestInputRules(app);
  registerOriginCheck(app, new URL(config.BASE_URL).origin);
  // PGlite meeting a full disk mid-write can hang for good, so writes stop while some room is left.
  if (database.kind === 'pglite' && config.DATA_DIR_MIN_FREE_MB > 0) {
    registerFreeSpaceGuard(app, freeSpaceFloor(config.DATA_DIR, config.DATA_DIR_MIN_FREE_MB * 1024 * 1024, { freeBytes: options.freeBytes }));
  }

  registerSecurityHeaders(app, config.BASE_URL, { stripe: payments.enabled });
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0' },
      servers: [{ url: config.BASE_URL }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await registerLiveSockets(app, {
    allowedOrigin: new URL(config.BASE_URL).origin,
    heartbeatMs: options.liveHeartbeatMs ?? 25_000,
    sessions: createLiveSessionSource({ auth, db: database.db, fanout }),
  });
  const metrics = registerMetrics(app);
  registerHelpMetrics(metrics.registry, database.db);
  await app.register(opsRoutes, { metrics, metricsToken: config.METRICS_TOKEN, operatorToken: options.operatorToken });
  await app.register(authRoutes, { auth, baseUrl: config.BASE_URL });
  await app.register(profileRoutes, { services });
  await app.register(dashboardRoutes);
  const photos = await openPhotoStore(config);
  await app.register(expertRoutes, { listings: expertListings, photos });
  await app.register(aiRoutes, await createAiProvider(config));
  await app.register(bookingRoutes, { services, conversations: bookingConversations });
  await app.register(aiHandoffRoutes);
  await app.register(followUpSummaryRoutes, { services });
  await app.register(paymentRoutes, { payments, services, feePercent: config.PLATFORM_FEE_PERCENT });
  await app.register(videoCallRoutes, {
    services,
    iceServers: parseIceServers(config.ICE_SERVERS),
    turn: config.TURN_URLS && config.TURN_SECRET ? { urls: config.TURN_URLS, secret: config.TURN_SECRET } : undefined,
    roomHeartbeatMs: options.callRoomHeartbeatMs,
  });
  await app.register(expertApplicationRoutes, { services });
  await app.register(reviewRoutes, { services });
  await app.register(workspaceRoutes, { services, photos });
  await app.register(externalCalendarRoutes, { deps: { db: database.db, jobs, now: services.now, allowPrivate: config.ALLOW_PRIVATE_CALENDAR_URLS } });
  await app.register(calendarFeedRoutes, { deps: { db: database.db, baseUrl: config.BASE_URL, now: services.now } });
  await app.register(boatRoutes, { services, photos: boatPhotos });
  await app.register(adminUserRoutes, { services });
  await app.register(adminExpertRoutes, { services });
  await app.register(contactRoutes, { services });
  await app.register(searchEngineRoutes, { baseUrl: publicBaseUrl });
  const helpNow = { db: database.db, jobs, fanout, now: services.now, photos: await openPhotoStore(config, HELP_PHOTOS) };
  defineHelpNowJobs(jobs, helpNow, app.log);
  await app.register(helpNowRoutes, { deps: { ...helpNow, boats: bookingBoats, touchPresence: (userId) => touchPresence(userId) } });
  await app.register(bookingMessageRoutes, {
    deps: { db: database.db, jobs, fanout, photos: await openPhotoStore(config, MESSAGE_PHOTOS), baseUrl: config.BASE_URL },
  });
  await app.register(notificationRoutes, { deps: { db: database.db, now: services.now, unsubscribeSecret: authSecret } });
  await app.register(smsRoutes, { deps: sms });
  await app.register(pushRoutes, { vapid, allowPrivateEndpoints: config.ALLOW_PRIVATE_PUSH_ENDPOINTS });
  if (testClock) await app.register(testClockRoutes, { clock: testClock });

  const serveClient = !!options.clientDir && existsSync(join(options.clientDir, 'index.html'));
  if (serveClient) await app.register(fastifyStatic, { root: options.clientDir!, wildcard: false, index: false, preCompressed: true });
  registerNotFound(app, {
    clientDir: serveClient ? options.clientDir! : null,
    headOf: createPageHeads(app.db, publicBaseUrl),
    render: options.pageRenderer && createServerRender(app, options.pageRenderer),
    renderedPages,
  });

  return app;
}
