import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { PDFParse } from 'pdf-parse';
import type { Booking } from '../src/common/bookings.js';
import type { Expert } from '../src/common/experts.js';
import type { MaintenanceTask } from '../src/common/maintenance.js';
import { addDays } from '../src/common/zoned-time.js';
import { demoEmailOf } from '../src/server/seed/demo-accounts.js';
import { DESKTOP, MOBILE, baseUrl, expectAccessible, workerBrowser, newPage, signUpThroughUi, snap, uniqueEmail } from './browser.js';
import { firstFreeSlot } from './book-through-api.js';
import { setPasswordOf, signInThroughUi } from './accounts.js';
import { runJobNow, setTestClock } from './test-clock.js';
import { waitForMail } from './mail-drop.js';

/*
 * My Boats, end to end: an owner adds a boat with its engine and photo, works its maintenance schedule,
 * books an expert from a task with the boat filled in, the expert completes the visit, and the boat's
 * history and service record show it. The steps run in order and build on each other (one owner, one
 * boat, one booking).
 */

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await setTestClock(null);
  for (const context of contexts) await context.close();
});

const PASSWORD = 'harbor-pass-42';
const BOAT = 'Sea Breeze';
const OIL = 'Change the engine oil and filter';
const IMPELLER = 'Replace the raw-water pump impeller';
const ANODES = 'Replace the sacrificial anodes (zincs)';
const BILGE = 'Inspect the bilge pumps and float switches';
/** The tasks the templates give an outboard, gasoline, monohull boat kept where frost comes (ZIP 02108). */
const TEMPLATE_TASKS = [
  OIL,
  'Change the lower-unit gear oil',
  'Renew the antifouling bottom paint',
  'Replace the fuel filter and water separator',
  IMPELLER,
  ANODES,
  'Winterize the boat',
];

/** What the steps pass on to the next ones. */
const state: {
  owner?: Page;
  ownerEmail?: string;
  boatId?: string;
  oilTaskId?: string;
  expert?: Expert;
  booking?: Booking;
} = {};

function need<K extends keyof typeof state>(key: K): NonNullable<(typeof state)[K]> {
  const value = state[key];
  if (value === undefined) throw new Error(`an earlier step did not get as far as '${key}'`);
  return value as NonNullable<(typeof state)[K]>;
}

/** 'Apr 1, 2027' for '2027-04-01', as the schedule writes a calendar day. */
const longDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const day = (localDate: string) => longDay.format(new Date(`${localDate}T00:00:00Z`));
/** Today as the server and the browser (both on UTC here) count days. */
const today = () => new Date().toISOString().slice(0, 10);
/** Calendar months later, a day the month lacks becoming its last (as the server moves a task on). */
function addMonths(localDate: string, months: number) {
  const [year, month, dayOfMonth] = localDate.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(dayOfMonth, lastDay))).toISOString().slice(0, 10);
}

async function toast(page: Page, title: string, description?: string | RegExp) {
  let shown = page.locator('[data-sonner-toast]').filter({ hasText: title });
  if (description) shown = shown.filter({ hasText: description });
  try {
    await shown.first().waitFor();
  } catch (error) {
    await snap(page, 'boats-failure');
    const all = await page.locator('[data-sonner-toast]').allTextContents();
    throw new Error(`no '${title}' toast; showing: ${JSON.stringify(all)}`, { cause: error });
  }
}

async function noHorizontalOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** Screenshots at 1280 and 390 px, axe at 1280, and no sideways scrolling at 390; back to 1280 after. */
async function checkBothWidths(page: Page, name: string) {
  await snap(page, `${name}-1280`);
  await expectAccessible(page);
  await page.setViewportSize(MOBILE);
  await noHorizontalOverflow(page);
  await snap(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const { status, body } = await page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, body: await response.text() };
  }, path);
  expect(status, `${path}: ${body}`).toBe(200);
  return JSON.parse(body) as T;
}

const tasksOf = (page: Page, boatId: string) => getJson<{ tasks: MaintenanceTask[] }>(page, `/api/boats/${boatId}/tasks`).then((r) => r.tasks);

/** A task's button or link, named for screen readers with the task: 'Mark done: {title}'. */
function forTask(action: string, title: string): string {
  return `${action}: ${title}`;
}

/** A task of the Schedule tab, by its title. */
function taskItem(page: Page, title: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true, level: 3 }) });
}

/** The card of the boat page (a section card: its heading and what follows). */
function sectionCard(page: Page, title: string): Locator {
  return page.getByRole('heading', { name: title, exact: true, level: 2 }).locator('xpath=..');
}

/** The text of a PDF. */
async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('My Boats', () => {
  it('1. an owner adds Sea Breeze from the avatar menu, with its engine and a photo', async () => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    state.owner = page;
    state.ownerEmail = uniqueEmail('bree');
    await page.goto('/login');
    await signUpThroughUi(page, { firstName: 'Bree', lastName: 'Boatwright', email: state.ownerEmail, password: PASSWORD });
    await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Boats' }).click();
    await page.waitForURL(/\/boats$/);
    await page.getByRole('heading', { name: 'My Boats', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Add your boat' }).waitFor();
    // Before the first boat, the only way to add one is the empty state's own button.
    expect(await page.getByRole('button', { name: 'Add a boat' }).count()).toBe(0);
    await snap(page, 'boats-empty-1280');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add your first boat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a boat' });
    const about = dialog.getByRole('group', { name: 'The boat' });
    await about.getByLabel(/^Name/).fill(BOAT);
    await about.getByLabel(/^Type/).selectOption({ label: 'Powerboat' });
    await about.getByLabel(/^Make/).fill('Grady-White');
    await about.getByLabel(/^Model/).fill('209');
    await about.getByLabel(/^Year/).fill('2008');
    await about.getByLabel(/^Length \(ft\)/).fill('21');
    await about.getByLabel(/^Hull type/).selectOption({ label: 'Monohull' });
    await about.getByLabel(/^Propulsion/).selectOption({ label: 'Outboard' });
    const kept = dialog.getByRole('group', { name: 'Where it is kept' });
    await kept.getByLabel(/^Home marina/).fill('Harbor Marina');
    await kept.getByLabel(/^Slip/).fill('B-12');
    await kept.getByLabel(/^Home ZIP/).fill('02108');
    const engines = dialog.getByRole('group', { name: 'Engines' });
    await engines.getByRole('button', { name: 'Add an engine' }).click();
    const engine = engines.getByRole('group', { name: 'Engine 1' });
    await engine.getByLabel(/^Make/).fill('Mercury');
    await engine.getByLabel(/^Model/).fill('90');
    await engine.getByLabel(/^Year/).fill('2012');
    await engine.getByLabel(/^Hours/).fill('420');
    await engine.getByLabel(/^Fuel/).selectOption({ label: 'Gasoline' });
    await snap(page, 'boat-form-1280');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add boat' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Once added, the boat's own page opens, with a toast.
    await toast(page, 'Boat added');
    await page.waitForURL(/\/boats\/[0-9a-f-]{36}$/);
    state.boatId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { name: BOAT, level: 1 }).waitFor();
    await page.getByText('2008 Grady-White 209').first().waitFor();
    expect(await page.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    const details = await sectionCard(page, 'Details')
      .locator('dl')
      .evaluate((dl) => Object.fromEntries([...dl.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])));
    expect(details).toEqual({
      Type: 'Powerboat',
      'Year, make and model': '2008 Grady-White 209',
      Length: '21 ft',
      'Hull type': 'Monohull',
      Propulsion: 'Outboard',
      'Home marina': 'Harbor Marina',
      Slip: 'B-12',
      'Home ZIP': '02108',
    });
    const engineCard = sectionCard(page, 'Engines');
    await engineCard.getByText('Engine 1: Mercury 90').waitFor();
    await engineCard.getByText('2012 · Gasoline').waitFor();
    await engineCard.getByText('420 h', { exact: true }).waitFor();

    // A photo, made here: the picker of 'Add a photo' is given a PNG; the page shows the server's copy.
    const png = await sharp({ create: { width: 960, height: 640, channels: 3, background: { r: 24, g: 86, b: 150 } } })
      .composite([{ input: Buffer.from('<svg width="960" height="640"><rect y="420" width="960" height="220" fill="#e8f1f8"/></svg>'), top: 0, left: 0 }])
      .png()
      .toBuffer();
    const photoCard = sectionCard(page, 'Photo');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), photoCard.getByRole('button', { name: 'Add a photo' }).click()]);
    await chooser.setFiles({ name: 'sea-breeze.png', mimeType: 'image/png', buffer: png });
    await toast(page, 'Photo saved', `The photo of ${BOAT} is saved.`);
    await photoCard.getByRole('button', { name: 'Replace photo' }).waitFor();
    const photo = photoCard.getByRole('img', { name: `Photo of ${BOAT}` });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
    const stored = await page.evaluate(async (src) => {
      const response = await fetch(src);
      return { type: response.headers.get('content-type'), bytes: (await response.arrayBuffer()).byteLength };
    }, (await photo.getAttribute('src'))!);
    expect(stored.type).toBe('image/jpeg');
    expect(stored.bytes).toBeGreaterThan(1000);
    await checkBothWidths(page, 'boat-overview');

    // My Boats lists it, with its photo, where it is kept and its next task.
    await page.getByRole('link', { name: 'My Boats' }).first().click();
    await page.waitForURL(/\/boats$/);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: BOAT }) });
    await card.getByText('2008 Grady-White 209').waitFor();
    await card.getByText('Powerboat · 21 ft').waitFor();
    await card.getByText('Harbor Marina, slip B-12 · 02108').waitFor();
    await card.getByText(/^Next: /).waitFor();
    await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Add a boat' }).waitFor();
    await snap(page, 'boats-1280');
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    await noHorizontalOverflow(page);
    await snap(page, 'boats-390');
    await page.setViewportSize(DESKTOP);
  });

  it('2. the schedule lists the template tasks; one is marked done, one snoozed, one added', async () => {
    const page = need('owner');
    const boatId = need('boatId');
    await page.goto(`/boats/${boatId}`);
    await page.getByRole('tab', { name: 'Schedule' }).click();
    await page.waitForURL(/\?tab=schedule$/);
    await page.getByRole('heading', { name: 'Maintenance schedule' }).waitFor();
    await page.getByText('Reminders go out 14 and 2 days before a task').waitFor();
    const schedule = page.getByRole('tabpanel');
    await taskItem(page, IMPELLER).waitFor();
    const titles = await schedule.getByRole('heading', { level: 3 }).allTextContents();
    expect([...titles].sort()).toEqual([...TEMPLATE_TASKS].sort());
    // Hour-based tasks are due at the next multiple of their interval above the engine's 420 h.
    await taskItem(page, IMPELLER).getByText(/^Due .+ or at 600 h; now 420 h$/).waitFor();
    await taskItem(page, OIL).getByText(/^Due .+ or at 500 h; now 420 h$/).waitFor();
    // Dated two weeks before the frost in season; between the lay-up date and April, due at once.
    await taskItem(page, 'Winterize the boat').getByText(/^(Two weeks before|Not done yet this season\? Book it now: ).*usual first frost near your home port/).waitFor();
    const before = await tasksOf(page, boatId);
    state.oilTaskId = before.find((t) => t.title === OIL)!.id;
    // The schedule tab survives a reload (a reminder's link opens it).
    await page.reload();
    await taskItem(page, IMPELLER).waitFor();
    expect(await page.getByRole('tab', { name: 'Schedule' }).getAttribute('aria-selected')).toBe('true');
    await checkBothWidths(page, 'boat-schedule');

    // Mark the impeller done: it repeats every 24 months or 300 hours, from today at 420 h.
    await taskItem(page, IMPELLER).getByRole('button', { name: forTask('Mark done', IMPELLER) }).click();
    const done = page.getByRole('dialog', { name: 'Mark done' });
    expect(await done.getByLabel('Done on').inputValue()).toBe(today());
    await done.getByLabel(/^Engine hours/).fill('420');
    await done.getByLabel('Note').fill('Fitted a Mercury impeller kit at the dock.');
    await done.getByRole('button', { name: 'Mark done' }).click();
    const nextImpeller = addMonths(today(), 24);
    await toast(page, 'Marked done', `Next due ${day(nextImpeller)}.`);
    await taskItem(page, IMPELLER).getByText(`Due ${day(nextImpeller)} or at 720 h; now 420 h`).waitFor();
    await taskItem(page, IMPELLER).getByText(`Last done ${day(today())} at 420 h`, { exact: false }).waitFor();

    // Snooze the anodes by the suggested two weeks.
    const anodesDue = before.find((t) => t.title === ANODES)!.dueDate!;
    await taskItem(page, ANODES).getByRole('button', { name: forTask('Snooze', ANODES) }).click();
    const snooze = page.getByRole('dialog', { name: 'Snooze' });
    await snooze.getByText(`due ${day(anodesDue)}`).waitFor();
    const until = await snooze.getByLabel('Due again on').inputValue();
    expect(until).toBe(addDays(anodesDue, 14));
    await snooze.getByRole('button', { name: 'Snooze' }).click();
    await toast(page, 'Snoozed', `${ANODES} is due ${day(until)}.`);
    await taskItem(page, ANODES).getByText(`Due ${day(until)}`, { exact: true }).waitFor();

    // Add a task of our own, due in two days: it comes first, due soon (and a reminder is due for it).
    await page.getByRole('button', { name: 'Add a task' }).click();
    const add = page.getByRole('dialog', { name: 'Add a task' });
    await add.getByLabel('Task').fill(BILGE);
    await add.getByLabel('Kind of expert').selectOption({ label: 'Plumbing Systems' });
    await add.getByLabel('Due date').fill(addDays(today(), 2));
    await add.getByLabel('Every (months)').fill('6');
    await add.getByRole('button', { name: 'Add task' }).click();
    await toast(page, 'Task added', `${BILGE} is on the schedule.`);
    await taskItem(page, BILGE).getByText('Due soon', { exact: true }).waitFor();
    // Most pressing first: it comes before every task merely scheduled. (Not always first: for two weeks
    // before Boston's usual first frost the lay-up tasks are due that very day.)
    const after = await tasksOf(page, boatId);
    const shown = await schedule.getByRole('heading', { level: 3 }).allTextContents();
    expect(shown).toEqual(after.map((t) => t.title));
    const firstScheduled = after.findIndex((t) => t.state === 'scheduled');
    expect(shown.indexOf(BILGE)).toBeLessThan(firstScheduled);
    expect((await tasksOf(page, boatId)).find((t) => t.title === BILGE)).toMatchObject({
      specialty: 'plumbing',
      dueDate: addDays(today(), 2),
      intervalMonths: 6,
      state: 'due_soon',
    });
  });

  it("3. 'Book an expert' on a task leads to an onsite booking with the boat filled in", async () => {
    const page = need('owner');
    const boatId = need('boatId');
    const taskId = need('oilTaskId');
    await page.goto(`/boats/${boatId}?tab=schedule`);
    await taskItem(page, OIL).getByRole('link', { name: forTask('Book an expert', OIL) }).click();
    await page.waitForURL(/\/experts\?/);
    const link = new URL(page.url());
    expect(Object.fromEntries(link.searchParams)).toEqual({ specialty: 'engines', location: '02108', boat: boatId, task: taskId });
    // The directory opens for the task's specialty where the boat is kept, nearest first, and says whom and
    // what the booking is for. No demo engine expert travels to Boston: it says so, and offers video calls.
    expect(await page.getByLabel('Specialty').inputValue()).toBe('engines');
    expect(await page.getByLabel('Location').inputValue()).toBe('02108');
    expect(await page.getByLabel('Sort By').inputValue()).toBe('distance');
    await page.getByText(`Booking for ${BOAT}: ${OIL}`, { exact: true }).waitFor();
    await page.getByText(/^No expert here travels to 02108 for an onsite visit yet\./).waitFor();
    const byVideo = page.getByRole('list', { name: 'Experts by video call' }).getByRole('listitem');
    await expect.poll(() => byVideo.count()).toBe(3);
    // Their links keep the boat and the task.
    expect(await byVideo.first().getByRole('link').getAttribute('href')).toMatch(new RegExp(`^/book-video\\?expertId=\\d+&boat=${boatId}&task=${taskId}$`));
    await snap(page, 'experts-for-boat-1280');
    await expectAccessible(page);
    // This owner will have the boat where the expert works this week: the location is cleared.
    await page.getByLabel('Location').fill('');
    await expect.poll(() => page.getByLabel('Sort By').inputValue()).toBe('rating');
    await page.getByRole('list', { name: 'Experts' }).waitFor();

    // An engine expert who visits the boat and takes bookings at once (the demo experts do).
    const listed = await getJson<Expert[]>(page, '/api/experts?serviceType=onsite&available=true&specialty=engines&sort=name&limit=100');
    expect(listed.length).toBeGreaterThan(3);
    const expert = listed[1]!;
    state.expert = expert;
    await page.getByLabel('Search experts').fill(expert.name);
    await page.getByText('1 expert found').waitFor();
    const card = page.getByRole('list', { name: 'Experts' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: expert.name }) });
    await card.getByRole('link', { name: 'Book Service' }).click();
    await page.waitForURL(/\/book-onsite\?/);
    await page.getByRole('heading', { name: 'Book Onsite Marine Service' }).waitFor();
    const form = page.getByRole('form', { name: 'Onsite service booking' });
    await form.getByText(expert.name).first().waitFor();

    // The boat is chosen, and what the form knows of it is filled in from My Boats.
    const boatSelect = form.getByLabel(/^Boat(?!\s*(Type|Address|Length))/);
    await expect.poll(() => boatSelect.inputValue()).toBe(boatId);
    expect(await boatSelect.locator('option:checked').textContent()).toContain(BOAT);
    expect(await form.getByLabel('Boat Type').inputValue()).toBe('powerboat');
    expect(await form.getByLabel('Boat Length').inputValue()).toMatch(/^21\b/);
    expect(await form.getByLabel('Marina Name').inputValue()).toBe('Harbor Marina');
    expect(await form.getByLabel('Dock/Slip Number').inputValue()).toBe('B-12');
    await form.getByText(`For the maintenance task “${OIL}”: completing the booking marks it done.`).waitFor();
    await snap(page, 'book-onsite-boat-1280');
    await expectAccessible(page);

    const hours = Math.max(3, expert.onsiteMinimumHours);
    const { date, slot } = await firstFreeSlot(page, expert, 'onsite', { daysAhead: 3, hours });
    await form.getByLabel('Describe the Issue').fill('Annual oil and filter change on the outboard before lay-up.');
    await form.getByLabel('Boat Address').fill('1 Long Wharf, Boston, MA 02108');
    await form.getByLabel('Contact Phone').fill('(617) 555-0142');
    await form.getByLabel('Estimated Hours').selectOption(String(hours));
    await form.getByLabel('Preferred Date').fill(date);
    await expect.poll(() => form.getByLabel('Preferred Time').locator(`option[value="${slot.time}"]`).count()).toBe(1);
    await form.getByLabel('Preferred Time').selectOption(slot.time);
    // The boat is kept in Boston, where no demo engine expert travels: the form says so on the address.
    await form.getByRole('button', { name: 'Book Onsite Service' }).click();
    await form.getByText(new RegExp(`^${expert.name} travels up to ${expert.serviceRadius} miles; this marina is \\d+ miles away$`)).waitFor();
    expect(page.url()).toContain('/book-onsite');
    // Shown once, on the field: no toast repeats it. What works from afar is offered beside it.
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    expect(await form.getByRole('link', { name: 'find an expert nearer the boat' }).getAttribute('href')).toBe('/onsite-request');
    if (expert.serviceTypes.includes('video')) {
      expect(await form.getByRole('link', { name: `Book a video consultation with ${expert.name}` }).getAttribute('href')).toBe(`/book-video?expertId=${expert.id}`);
    }
    await snap(page, 'book-onsite-out-of-range-1280');
    // This visit is where the boat is this week, in the expert's own town.
    await form.getByLabel('Boat Address').fill(`1 Harbor Way, ${expert.city}, ${expert.state} ${expert.zipCode}`);
    await form.getByRole('button', { name: 'Book Onsite Service' }).click();
    await page.getByRole('heading', { name: /^Booking #\d+$/ }).waitFor();

    const bookings = await getJson<Booking[]>(page, '/api/bookings');
    const booking = bookings.find((b) => b.expert.id === expert.id && b.scheduledDate === date)!;
    expect(booking).toMatchObject({
      serviceType: 'onsite',
      status: 'confirmed',
      maintenanceTaskId: taskId,
      boat: { id: boatId, name: BOAT, make: 'Grady-White', model: '209', year: 2008, lengthFeet: 21, homeMarina: 'Harbor Marina', slip: 'B-12' },
      onsite: { boatType: 'powerboat', marinaName: 'Harbor Marina', dockSlip: 'B-12', estimatedHours: hours },
    });
    state.booking = booking;

    // The schedule knows the task is booked: it links the booking and offers no second one.
    await page.goto(`/boats/${boatId}?tab=schedule`);
    const booked = taskItem(page, OIL).getByRole('link', { name: new RegExp(`^Booked for .+ \\(#${booking.number}\\)$`) });
    await booked.waitFor();
    expect(await taskItem(page, OIL).getByRole('link', { name: forTask('Book an expert', OIL) }).count()).toBe(0);
    await snap(page, 'schedule-booked-task-1280');
    await booked.click();
    await page.getByRole('heading', { name: `Booking #${booking.number}` }).waitFor();
  });

  it('4. the expert sees the boat on the booking and completes the visit', async () => {
    const booking = need('booking');
    const expert = need('expert');
    const expertEmail = demoEmailOf(expert.name);
    setPasswordOf(expertEmail, PASSWORD);
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await signInThroughUi(page, expertEmail, PASSWORD);

    await page.goto(`/bookings/${booking.id}`);
    await page.getByRole('heading', { name: `Booking #${booking.number}` }).waitFor();
    const boatCard = sectionCard(page, 'Boat');
    await boatCard.getByText(BOAT).first().waitFor();
    await boatCard.getByText(/Grady-White/).first().waitFor();
    await boatCard.getByText(/Mercury/).first().waitFor();
    await snap(page, 'booking-boat-expert-1280');
    await expectAccessible(page);

    await setTestClock(new Date(new Date(booking.startsAt).getTime() + 90 * 60_000));
    try {
      // On the visit, the expert reads the hour meter: the card shows what was recorded, beside the hours as booked.
      const booked = booking.boat!.engines[0]!.hours!;
      expect(booked).toBe(420);
      await page.reload();
      const hoursForm = page.getByRole('form', { name: 'Record engine hours' });
      await hoursForm.getByLabel('Engine hours').fill('426');
      await hoursForm.getByRole('button', { name: 'Record engine hours' }).click();
      await toast(page, 'Engine hours recorded');
      await boatCard.getByText('426 h recorded on this visit (420 h when booked)', { exact: false }).waitFor();
      // A lower reading is refused once, on its field.
      await hoursForm.getByLabel('Engine hours').fill(String(booked));
      await hoursForm.getByRole('button', { name: 'Record engine hours' }).click();
      await hoursForm.getByText(/Engine hours cannot go down/).first().waitFor();
      await expect.poll(() => page.locator('[data-sonner-toast]').filter({ hasText: /Error/ }).count()).toBe(0);
      await snap(page, 'booking-hours-recorded-1280');

      await page.goto('/workspace');
      const card = page.locator(`[data-testid="workspace-booking"][data-number="${booking.number}"]`);
      await card.getByRole('button', { name: 'Complete and invoice' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Complete and send invoice' }).click();
      await toast(page, 'Marked completed');
    } finally {
      await setTestClock(null);
    }
  });

  it('5. the history shows the visit, the task moved on, and the service record PDF names the boat', async () => {
    const page = need('owner');
    const boatId = need('boatId');
    const booking = need('booking');
    const expert = need('expert');
    await page.goto(`/boats/${boatId}?tab=history`);
    await page.getByRole('heading', { name: 'Service history' }).waitFor();
    const visit = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Onsite service with ${expert.name}` }) });
    await visit.getByRole('link', { name: `View booking #${booking.number}` }).waitFor();
    await visit.getByText(/^Invoice .+:/).waitFor();
    // The task it was booked for is done with it, and so is the impeller marked done by hand.
    await page.getByRole('heading', { name: `Done: ${OIL}` }).waitFor();
    await page.getByRole('heading', { name: `Done: ${IMPELLER}` }).waitFor();
    await page.getByText('Fitted a Mercury impeller kit at the dock.').waitFor();
    await checkBothWidths(page, 'boat-history');

    // The oil change repeats yearly: it comes due again a year after the visit, 100 hours after the 426 h read then.
    const visitDay = booking.startsAt.slice(0, 10);
    const oil = (await tasksOf(page, boatId)).find((t) => t.title === OIL)!;
    expect(oil).toMatchObject({ lastDoneOn: visitDay, dueDate: addMonths(visitDay, 12), dueHours: 526 });
    await page.getByRole('tab', { name: 'Schedule' }).click();
    await taskItem(page, OIL).getByText(`Last done ${day(visitDay)} at 426 h`, { exact: false }).waitFor();

    await page.getByRole('tab', { name: 'History' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download service record (PDF)' }).click()]);
    expect(download.suggestedFilename()).toBe('service-record-Sea-Breeze.pdf');
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain(BOAT);
    expect(text).toContain(expert.name);
    expect(text).toContain(IMPELLER);
  });

  it("6a. a task due in two days shows on My Boats and in the dashboard's 'Maintenance due', whose 'Book an expert' opens the directory for the boat", async () => {
    const page = need('owner');
    const boatId = need('boatId');
    const bilge = (await tasksOf(page, boatId)).find((t) => t.title === BILGE)!;
    expect(bilge.state).toBe('due_soon');

    // My Boats puts the most pressing task on the boat's card: the one due in two days (unless the lay-up
    // tasks fall due today, see step 2).
    const upcoming = await getJson<{ tasks: MaintenanceTask[] }>(page, '/api/maintenance/upcoming').then((r) => r.tasks);
    expect(upcoming.map((t) => t.title)).toContain(BILGE);
    const next = upcoming[0]!;
    expect(next.state).toBe('due_soon');
    await page.goto('/boats');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: BOAT }) });
    await card.getByText(`Next: ${next.title}`).waitFor();
    await card.getByText('Due soon', { exact: true }).waitFor();

    // So does the dashboard's 'Maintenance due', whose 'Book an expert' opens the directory for the boat.
    await page.goto('/dashboard');
    const due = page.getByRole('heading', { name: 'Maintenance due' }).locator('xpath=ancestor::*[.//ul][1]');
    const item = due.getByRole('listitem').filter({ hasText: BILGE });
    await item.getByRole('link', { name: BOAT }).waitFor();
    await item.getByText('Due soon', { exact: true }).waitFor();
    await snap(page, 'dashboard-maintenance-1280');
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    await noHorizontalOverflow(page);
    await page.setViewportSize(DESKTOP);
    await item.getByRole('link', { name: forTask('Book an expert', BILGE) }).click();
    await page.waitForURL(/\/experts\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ specialty: 'plumbing', location: '02108', boat: boatId, task: bilge.id });
    expect(await page.getByLabel('Specialty').inputValue()).toBe('plumbing');
    await page.getByText(`Booking for ${BOAT}: ${BILGE}`, { exact: true }).waitFor();
  });

  it("6b. the task's reminder e-mail arrives two days before, and its 'Book an expert' link opens the directory for the boat", async () => {
    const page = need('owner');
    const boatId = need('boatId');
    const ownerEmail = need('ownerEmail');
    const bilge = (await tasksOf(page, boatId)).find((t) => t.title === BILGE)!;

    await runJobNow('maintenance-reminders');
    // One e-mail a run: alone, or with the winterization when the date makes it due now (after the lay-up date).
    const mail = await waitForMail(ownerEmail, new RegExp(`^(${BOAT}: ${BILGE} is due in 2 days|2 maintenance tasks are due soon, the first today)$`));
    expect(mail.text).toContain(`${BILGE} on ${BOAT} is due in 2 days`);
    const book = /Book an expert \(Plumbing Systems\) for it: (\S+)/.exec(mail.text ?? '')?.[1];
    expect(book).toBe(`${baseUrl()}/experts?specialty=plumbing&location=02108&boat=${boatId}&task=${bilge.id}`);
    await page.goto(book!);
    expect(await page.getByLabel('Specialty').inputValue()).toBe('plumbing');
    await page.getByText(`Booking for ${BOAT}: ${BILGE}`, { exact: true }).waitFor();
  });

  it('7. the owner corrects a wrong reading downward with a reason, and the history shows it and pages with \'Show older\'', async () => {
    const page = need('owner');
    const boatId = need('boatId');
    await page.goto(`/boats/${boatId}`);
    await page.getByRole('button', { name: 'Update engine hours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update engine hours' });
    const hours = dialog.getByLabel('Engine 1: Mercury 90 hours');
    await hours.fill('400');
    await dialog.getByRole('button', { name: 'Save hours' }).click();
    await dialog.getByText('Engine hours cannot go down: enter at least the hours recorded before, or mark this a correction and say why').waitFor();
    await dialog.getByLabel('This corrects a wrong reading (the hours may go down)').check();
    await dialog.getByRole('button', { name: 'Save hours' }).click();
    await dialog.getByText('Say what was wrong with the hours recorded before').waitFor();
    await dialog.getByLabel('What was wrong').fill('The meter was misread at the dock.');
    await snap(page, 'engine-hours-correction-1280');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save hours' }).click();
    await toast(page, 'Engine hours saved');
    await sectionCard(page, 'Engines').getByText('400 h', { exact: true }).waitFor();

    // Enough notes for a second page of the history (30 a page).
    const added = await page.evaluate(async (path) => {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ body: `Logbook line ${i}` }) });
        statuses.push(response.status);
      }
      return statuses;
    }, `/api/boats/${boatId}/notes`);
    expect(added.every((status) => status === 201)).toBe(true);
    await page.goto(`/boats/${boatId}?tab=history`);
    const correction = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Engine hours corrected to 400 h' }) });
    const older = page.getByRole('button', { name: 'Show older' });
    await older.waitFor();
    // The correction is older than the thirty notes: on the second page.
    expect(await correction.count()).toBe(0);
    await older.click();
    await correction.getByText('By the owner, was 426 h').waitFor();
    await correction.getByText('The meter was misread at the dock.').waitFor();
    await page.getByRole('heading', { name: `Done: ${IMPELLER}` }).waitFor();
    await older.waitFor({ state: 'detached' });
    await checkBothWidths(page, 'boat-history-paged');
  });
});
