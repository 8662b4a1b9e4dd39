import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Expert } from '../src/common/experts.js';
import type { PushMessage } from '../src/common/notifications.js';
import { demoEmailOf } from '../src/server/seed/demo-accounts.js';
import { DESKTOP, MOBILE, appStarted, expectAccessible, newPage, signUpThroughUi, snap, uniqueEmail, workerBrowser } from './browser.js';
import { setPasswordOf, signInThroughUi } from './accounts.js';
import { bookVideo } from './book-through-api.js';
import { startPushAppServer, type PushAppServer } from './push-app-server.js';

let browser: Browser;
let server: PushAppServer;
beforeAll(async () => {
  browser = await workerBrowser();
  server = await startPushAppServer();
});
afterAll(() => server?.stop());

/** Contexts of this journey let the app's service worker run (newPage blocks it for the other journeys). */
const WITH_WORKER = { serviceWorkers: 'allow' } as const;
const PHONE = { ...WITH_WORKER, isMobile: true, hasTouch: true } as const;

/** Resolves once the page's service worker is active. */
const workerActive = (page: Page) => page.evaluate(async () => void (await navigator.serviceWorker.ready));

/** The notifications the page's service worker shows, as the page reads them. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, tag, data, icon, badge }) => ({ title, body, tag, data: data as unknown, icon, badge })),
  );

describe('the installable app', () => {
  it('has a manifest and a service worker that make Chromium call it installable', async () => {
    // A context with a profile of its own: Chromium calls nothing installable in an incognito context.
    const profile = mkdtempSync(join(tmpdir(), 'kb-e2e-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
      baseURL: server.baseUrl,
      viewport: MOBILE,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await appStarted(page);
      await workerActive(page);
      const cdp = await context.newCDPSession(page);
      expect(await cdp.send('Page.getInstallabilityErrors')).toEqual({ installabilityErrors: [] });
      const { url, errors, manifest } = (await cdp.send('Page.getAppManifest')) as unknown as {
        url: string;
        errors: unknown[];
        manifest: { name: string; id: string; startUrl: string; scope: string; display: string; icons: { url: string; sizes: string }[] };
      };
      expect(url).toBe(`${server.baseUrl}/manifest.webmanifest`);
      expect(errors).toEqual([]);
      expect(manifest).toMatchObject({ name: 'K&B Marine', id: `${server.baseUrl}/`, startUrl: `${server.baseUrl}/`, scope: `${server.baseUrl}/`, display: 'kStandalone' });
      expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512', '512x512']);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? (async () => (await navigator.serviceWorker.ready).active?.scriptURL)())).toBe(
        `${server.baseUrl}/sw.js`,
      );

      const worker = await page.request.get('/sw.js');
      expect(worker.headers()['cache-control']).toBe('no-cache');
      expect(worker.headers()['content-type']).toMatch(/^application\/javascript/);
      const manifestFile = await page.request.get('/manifest.webmanifest');
      expect(manifestFile.headers()['content-type']).toBe('application/manifest+json');
      // The worker keeps the release's code, never a page.
      const kept = await page.evaluate(async () => {
        const names = await caches.keys();
        const urls = (await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)))).flat();
        return urls;
      });
      expect(kept.some((path) => /^\/assets\/.+\.js$/.test(path))).toBe(true);
      expect(kept.filter((path) => !/^\/(assets|icons)\/|^\/favicon\.svg$/.test(path))).toEqual([]);
      await expectAccessible(page);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it("an expert on a phone: the home-screen hint, the 'This device' card, and a push shown and opened", async () => {
    const experts = (await (await fetch(`${server.baseUrl}/api/experts?serviceType=video&available=true&sort=name&limit=100`)).json()) as Expert[];
    const expert = experts[2]!;
    const expertEmail = demoEmailOf(expert.name);
    setPasswordOf(expertEmail, 'push-pass-42', server);

    const { context, page } = await newPage(browser, MOBILE, server.baseUrl, PHONE);
    // Signing in lands on the workspace. The expert's first arrival there, on a phone: how to keep the app on
    // the home screen, once.
    await signInThroughUi(page, expertEmail, 'push-pass-42');
    await page.getByRole('heading', { name: 'Expert Workspace' }).waitFor();
    const hint = page.getByRole('complementary', { name: 'Add K&B Marine to your home screen' });
    await hint.getByText("In your browser's menu, choose ‘Install app’ (or ‘Add to Home screen’), then turn on notifications in Settings.").waitFor();
    await expectAccessible(page);
    await snap(page, 'home-screen-hint-390');
    await hint.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => hint.count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'Expert Workspace' }).waitFor();
    expect(await hint.count()).toBe(0);

    // Settings: this browser can have push, so the preferences have a Push column and the card its switch.
    await context.grantPermissions(['notifications'], { origin: server.baseUrl });
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'This device' }).waitFor();
    await page.getByRole('columnheader', { name: 'Push' }).waitFor();
    await workerActive(page);
    await page.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    // A Playwright context is incognito, where Chromium has no push service: the card says so.
    await page.getByRole('alert').getByText('This browser could not reach its push service, so notifications could not be turned on. Try again later.').waitFor();
    await expectAccessible(page);
    await snap(page, 'push-device-card-390');

    // The server's half with a device whose push service the tests run: the expert's session subscribes it.
    const device = server.push.newDevice();
    const saved = await page.evaluate(
      (subscription) =>
        fetch('/api/push/subscriptions', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(subscription) }).then((r) => r.status),
      device.subscription,
    );
    expect(saved).toBe(204);

    // An owner books; the server pushes the expert's notification, which the push service decrypts.
    const { page: owner } = await newPage(browser, DESKTOP, server.baseUrl);
    await owner.goto('/login');
    await signUpThroughUi(owner, { firstName: 'Polly', lastName: 'Pusher', email: uniqueEmail('polly'), password: 'harbor-pass-42' }, server.mailDir);
    await owner.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    const booking = await bookVideo(owner, expert, 'Autopilot drifts off course in a swell', 3);
    const delivery = await server.push.delivered(device.subscription.endpoint);
    const message = JSON.parse(delivery.payload) as PushMessage;
    expect(message.title).toContain(`#${booking.number}`);

    // The same payload, delivered to the expert's browser: its worker shows it.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((registration) => registration.scopeURL === `${server.baseUrl}/`)).toBeDefined();
    const registrationId = registrations.find((registration) => registration.scopeURL === `${server.baseUrl}/`)!.registrationId;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.baseUrl, registrationId, data: delivery.payload });
    await expect.poll(() => shownNotifications(page)).toEqual([
      {
        title: message.title,
        body: message.body,
        tag: message.tag,
        data: { url: `${server.baseUrl}${message.path}` },
        icon: `${server.baseUrl}/icons/icon-192.png`,
        badge: `${server.baseUrl}/icons/badge-96.png`,
      },
    ]);

    // A click on it (dispatched in the worker: a headless browser has no notification to press) takes the
    // open tab to its page.
    const [worker] = context.serviceWorkers();
    expect(worker).toBeDefined();
    await worker!.evaluate(async () => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
    });
    await page.waitForURL(`${server.baseUrl}${message.path}`);
    await expect.poll(() => shownNotifications(page)).toEqual([]);

    // Signing out with a worker and no browser subscription is as quick as ever.
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await context.close();
  });

  it('on an iPhone outside the installed app, the card asks for the Home Screen first', async () => {
    const { context, page } = await newPage(browser, MOBILE, server.baseUrl, {
      ...PHONE,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    await page.goto('/login?returnTo=/settings');
    await signUpThroughUi(page, { firstName: 'Ivy', lastName: 'Phone', email: uniqueEmail('ivy'), password: 'harbor-pass-42' }, server.mailDir);
    await page.getByRole('heading', { name: 'This device' }).waitFor();
    await page.getByText('On iPhone and iPad, add K&B Marine to your Home Screen first: iOS shows notifications only from an installed app.').waitFor();
    // No push on this browser yet: the preferences keep to e-mail and text.
    expect(await page.getByRole('columnheader', { name: 'Push' }).count()).toBe(0);
    await expectAccessible(page);
    await snap(page, 'push-device-card-ios-390');
    await context.close();
  });

  it("offers 'Reload to update' when a new release's worker waits, and reloads onto it", async () => {
    // A proxy in front of the app serves the next release's worker when told: the same worker, one listener more.
    let release = 1;
    const NEXT_RELEASE = "\nself.addEventListener('message', (event) => { if (event.data === 'release?') event.ports[0].postMessage(2); });\n";
    const upstream = new URL(server.baseUrl);
    const proxy: Server = createServer((request, response) => {
      if (release === 2 && request.url === '/sw.js') {
        void fetch(`${server.baseUrl}/sw.js`, { headers: { 'accept-encoding': 'identity' } })
          .then((answer) => answer.text())
          .then((text) => response.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-cache' }).end(text + NEXT_RELEASE));
        return;
      }
      const forward = httpRequest({ hostname: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers: request.headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      forward.on('error', () => response.writeHead(502).end());
      request.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://localhost:${(proxy.address() as AddressInfo).port}`;
    try {
      const { context, page } = await newPage(browser, MOBILE, proxyUrl, WITH_WORKER);
      const releaseOfWorker = () =>
        page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const channel = new MessageChannel();
              channel.port1.onmessage = (event) => resolve(event.data as number);
              navigator.serviceWorker.controller?.postMessage('release?', [channel.port2]);
              setTimeout(() => resolve(1), 1000);
            }),
        );
      const banner = page.getByRole('region', { name: 'App update' });
      await page.goto('/');
      await workerActive(page);
      await page.reload();
      expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
      expect(await releaseOfWorker()).toBe(1);
      expect(await banner.count()).toBe(0);

      // The next release: its worker installs and waits, and the page offers the reload.
      release = 2;
      await page.evaluate(async () => void (await (await navigator.serviceWorker.ready).update()));
      await banner.getByText('A new version of K&B Marine is available.').waitFor();
      expect(await releaseOfWorker()).toBe(1);
      await expectAccessible(page);
      await snap(page, 'update-banner-390');

      const reloaded = page.waitForEvent('load');
      await banner.getByRole('button', { name: 'Reload to update' }).click();
      await reloaded;
      await appStarted(page);
      expect(await releaseOfWorker()).toBe(2);
      expect(await banner.count()).toBe(0);
      await context.close();
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
