// Time from both parties being in a booking's call room to the first remote video frame on both sides, and
// beside it the page and camera check before it and the whole from opening the page, in headless Chromium
// with fake camera and microphone, owner and expert in two browser contexts, one machine.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { Booking, Slot } from '../src/common/bookings.js';
import type { Expert } from '../src/common/experts.js';
import { addDays, localDateOf } from '../src/common/zoned-time.js';
import { demoEmailOf } from '../src/server/seed/demo-accounts.js';
import { startServer } from './server-process.js';
import { chromiumPath } from './chromium-path.js';

const RUNS = 5;
const BUDGET_MS = 2_000;
const PASSWORD = 'bench-video-pass-42';

async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const { status, text } = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { method, path, body },
  );
  if (status >= 300) throw new Error(`${method} ${path}: ${status} ${text}`);
  return JSON.parse(text) as T;
}

async function signedIn(context: BrowserContext, baseUrl: string, path: string, body: object) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/privacy`);
  await api(page, 'POST', path, body);
  return page;
}

/** What a side's call says of itself, when a run does not connect. */
function callState(page: Page) {
  return page
    .evaluate(() => {
      const pc = window.__kbCall?.peerConnection;
      return { phase: window.__kbCall?.state.phase, signaling: pc?.signalingState, connection: pc?.connectionState, ice: pc?.iceConnectionState };
    })
    .catch(() => 'page gone');
}

/** One side: opens the room, clicks 'Join call' as soon as the waiting room offers it, waits for the other's video. */
async function side(page: Page, url: string, started: number) {
  await page.goto(url);
  await page.getByRole('button', { name: 'Join call' }).click();
  const joined = performance.now() - started;
  await page.waitForFunction(() => ((document.querySelector('video[data-remote]') as HTMLVideoElement | null)?.videoWidth ?? 0) > 0, null, { timeout: 30_000 });
  return { joined, frame: performance.now() - started };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchVideoCall() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kb-bench-video-'));
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'true', TEST_CLOCK: 'true' });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
  try {
    const base = server.baseUrl;
    const experts = (await (await fetch(`${base}/api/experts?serviceType=video&available=true&sort=name&limit=5`)).json()) as Expert[];
    const expert = experts[0]!;
    const command = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/set-password.ts', demoEmailOf(expert.name), '--password', PASSWORD], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: new URL(base).port, BASE_URL: base, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    if (command.status !== 0) throw new Error(`set-password failed: ${command.stderr}`);

    const ownerContext = await browser.newContext({ baseURL: base });
    const expertContext = await browser.newContext({ baseURL: base });
    const ownerEmail = `bench-owner-${Date.now()}@example.com`;
    const ownerPage = await signedIn(ownerContext, base, '/api/auth/sign-up/email', { email: ownerEmail, password: PASSWORD, name: 'Bench Owner', firstName: 'Bench', lastName: 'Owner' });
    // A sign-up opens no session before its address is verified: the owner signs in by password.
    await api(ownerPage, 'POST', '/api/auth/sign-in/email', { email: ownerEmail, password: PASSWORD });
    await signedIn(expertContext, base, '/api/auth/sign-in/email', { email: demoEmailOf(expert.name), password: PASSWORD });

    let booking: Booking | null = null;
    for (let day = 2; !booking && day < 16; day++) {
      const date = addDays(localDateOf(new Date(), expert.timeZone), day);
      const [slot] = await api<Slot[]>(ownerPage, 'GET', `/api/experts/${expert.id}/slots?type=video&date=${date}`);
      if (slot) booking = await api<Booking>(ownerPage, 'POST', '/api/bookings', { serviceType: 'video', expertId: expert.id, description: 'Bench call', scheduledDate: date, preferredTime: slot.time });
    }
    if (!booking) throw new Error('no free video time');
    if (booking.status === 'requested') await api(await expertContext.newPage(), 'POST', `/api/bookings/${booking.id}/confirm`, {});
    // The room is open: move the server's booking clock into its window.
    await fetch(`${base}/api/internal/test-clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ at: new Date(new Date(booking.startsAt).getTime() - 5 * 60_000).toISOString() }),
    });
    await ownerPage.close();

    const url = `/consultation?booking=${booking.id}`;
    /** From the later of the two 'Join call' clicks to the first remote frame on both sides: the call's own time. */
    const inRoom: number[] = [];
    /** From opening the page to 'Join call' being offered and clicked (the page, the camera check). */
    const toJoin: number[] = [];
    /** From both opening the page to the first remote frame on both sides. */
    const endToEnd: number[] = [];
    const failures: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const pages = await Promise.all([ownerContext.newPage(), expertContext.newPage()]);
      const started = performance.now();
      try {
        const [owner, expertSide] = await Promise.all(pages.map((page) => side(page, url, started)));
        const lastJoin = Math.max(owner!.joined, expertSide!.joined);
        const lastFrame = Math.max(owner!.frame, expertSide!.frame);
        inRoom.push(lastFrame - lastJoin);
        toJoin.push(owner!.joined, expertSide!.joined);
        endToEnd.push(lastFrame);
      } catch (error) {
        failures.push(`run ${run + 1}: ${(error as Error).message.split('\n')[0]}; owner ${JSON.stringify(await callState(pages[0]!))}, expert ${JSON.stringify(await callState(pages[1]!))}`);
      }
      await Promise.all(pages.map((page) => page.close()));
    }
    if (inRoom.length === 0) {
      console.log(`no run of ${RUNS} connected within 30 s:\n  ${failures.join('\n  ')}`);
      return;
    }
    const ms = (values: number[]) => `${Math.round(median(values))} ms (runs ${values.map(Math.round).join(', ')})`;
    console.log(`both in the room ('Join call' clicked on both sides) -> first remote frame on both sides: median ${ms(inRoom)}; budget ${BUDGET_MS} ms: ${median(inRoom) <= BUDGET_MS ? 'within' : 'OVER'}`);
    console.log(`open the page -> 'Join call' clicked (page load, camera check): median ${Math.round(median(toJoin))} ms`);
    console.log(`open the page on both sides -> first remote frame on both sides: median ${ms(endToEnd)}`);
    if (failures.length) console.log(`${failures.length} of ${RUNS} runs did not connect within 30 s:\n  ${failures.join('\n  ')}`);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
