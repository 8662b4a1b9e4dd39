import { describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import type { Boat, ServiceHistoryEntry } from '../../common/boats.js';
import { renderServiceRecordPdf, type ServiceRecordDocument } from './service-record-pdf.js';

function boat(changes: Partial<Boat> = {}): Boat {
  return {
    id: '3d2f1c0b-9a8e-4d7c-8b6a-5f4e3d2c1b0a',
    name: 'Sea Breeze',
    boatType: 'sailboat',
    make: 'Catalina',
    model: '320',
    year: 2004,
    lengthFeet: 32.5,
    hullType: 'monohull',
    propulsion: 'inboard',
    engines: [
      { make: 'Yanmar', model: '3GM30F', year: 2004, hours: 1234, fuel: 'diesel' },
      { make: 'Torqeedo', model: null, year: null, hours: null, fuel: 'electric' },
    ],
    homeMarina: 'Annapolis Landing Marina',
    slip: 'B-12',
    homeZip: '21403',
    photoUrl: null,
    hoursRecordedAt: '2026-03-01T15:00:00.000Z',
    createdAt: '2025-01-10T12:00:00.000Z',
    updatedAt: '2026-03-01T15:00:00.000Z',
    ...changes,
  };
}

/** A bare boat: every optional field left empty. */
function bareBoat(): Boat {
  return boat({ make: null, model: null, year: null, lengthFeet: null, engines: [], homeMarina: null, slip: null, homeZip: null, hoursRecordedAt: null });
}

const booking: ServiceHistoryEntry = {
  kind: 'booking',
  at: '2026-03-04T15:00:00.000Z',
  bookingId: '5f0e8d2c-1b3a-4c5d-8e7f-9a0b1c2d3e4f',
  number: 1042,
  serviceType: 'onsite',
  expertName: 'Sam O’Neil',
  specialty: 'engines',
  description: 'Engine overheats at cruising speed',
  summary: {
    findings: 'Raw water impeller had two broken vanes.',
    nextSteps: 'Check the heat exchanger at the next haul-out.',
    parts: ['Impeller kit — Johnson F5B', 'Gasket set'],
  },
  invoice: { number: 'KB-2026-000123', totalCents: 43987, status: 'paid' },
};

const maintenance: ServiceHistoryEntry = {
  kind: 'maintenance',
  at: '2025-10-13T12:00:00.000Z',
  taskId: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
  title: 'Winterize the engine',
  doneOn: '2025-10-12',
  engineHours: 1180,
  note: 'Antifreeze flushed through, fogging oil in the cylinders.',
};

const note: ServiceHistoryEntry = {
  kind: 'note',
  at: '2025-06-01T12:00:00.000Z',
  noteId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  body: 'Replaced the running rigging myself.',
};

const conversation: ServiceHistoryEntry = {
  kind: 'conversation',
  at: '2026-02-10T12:00:00.000Z',
  sessionId: '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f',
  question: 'Why does my engine overheat at cruising speed?',
  category: 'engines',
};

function record(changes: Partial<ServiceRecordDocument> = {}): ServiceRecordDocument {
  return {
    boat: boat(),
    ownerName: 'Olive Owner',
    generatedOn: '2026-03-20',
    // Newest first, as the API gives them.
    entries: [booking, conversation, maintenance, note],
    schedule: [
      { title: 'Replace the impeller', dueDate: '2027-04-01', dueHours: 600, lastDoneOn: '2026-03-04' },
      { title: 'Haul out and bottom paint', dueDate: '2026-10-15', dueHours: null, lastDoneOn: null },
      { title: 'Change the engine oil', dueDate: null, dueHours: 1300, lastDoneOn: null },
    ],
    ...changes,
  };
}

async function read(pdf: Buffer) {
  // pdf.js may take over the bytes it is given: hand it a copy.
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const { text, pages, total } = await parser.getText();
    const { info } = await parser.getInfo();
    return { text, lines: text.split('\n'), pages: pages.map((page) => page.text), total, info: info as Record<string, unknown> };
  } finally {
    await parser.destroy();
  }
}

describe('renderServiceRecordPdf', () => {
  it("logs an engine-hours correction with the reading it replaced, who made it and why", async () => {
    const correction: ServiceHistoryEntry = {
      kind: 'engine_hours',
      at: '2026-03-05T15:00:00.000Z',
      readingId: '2b3c4d5e-6f70-4a1b-8c2d-3e4f5a6b7c8d',
      hours: [1185],
      previous: [100_000],
      recordedBy: 'owner',
      expertName: null,
      bookingNumber: null,
      correction: true,
      note: 'The visit read a digit too many.',
    };
    const { text } = await read(await renderServiceRecordPdf(record({ entries: [correction] })));
    expect(text).toContain('Engine hours corrected to 1,185 h');
    expect(text).toContain('By the owner, was 100,000 h');
    expect(text).toContain('The visit read a digit too many.');
  });

  it('describes the boat and its engines, for whom and when it was prepared', async () => {
    const pdf = await renderServiceRecordPdf(record({ entries: [note] }));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const { lines, total, info } = await read(pdf);
    expect(total).toBe(1);
    expect(info).toMatchObject({ Title: 'Service record of Sea Breeze', Author: 'K&B Marine' });
    expect(lines).toEqual(
      expect.arrayContaining([
        'K&B Marine',
        'Prepared for Olive Owner on Mar 20, 2026',
        'Service record',
        'Sea Breeze',
        'Type Sailboat',
        'Make and model Catalina 320',
        'Year 2004',
        'Length 32.5 ft',
        'Hull Monohull',
        'Propulsion Inboard',
        'Home port Annapolis Landing Marina, slip B-12',
        'Engine 1 Yanmar 3GM30F · 2004 · 1,234 hours · Diesel',
        'Engine 2 Torqeedo · Electric',
        'Engine hours as of Mar 1, 2026',
        'Service record of Sea Breeze · generated by K&B Marine Page 1 of 1',
      ]),
    );
  });

  it('lists the history oldest first, as a logbook, one entry after another', async () => {
    const { lines, text } = await read(await renderServiceRecordPdf(record()));
    const order = [
      "Jun 1, 2025 Owner's note",
      'Replaced the running rigging myself.',
      'Oct 12, 2025 Winterize the engine',
      'Maintenance done at 1,180 engine hours',
      'Antifreeze flushed through, fogging oil in the cylinders.',
      'Feb 10, 2026 Asked the K&B Marine assistant: "Why does my engine overheat at cruising speed?"',
      'Mar 4, 2026 Onsite service by Sam O’Neil (Engine Repair)',
      'Booking #1042',
      'Engine overheats at cruising speed',
    ];
    const positions = order.map((line) => lines.indexOf(line));
    expect(positions, JSON.stringify(lines)).not.toContain(-1);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text.indexOf('Service history')).toBeLessThan(text.indexOf("Owner's note"));
  });

  it('prints the expert’s findings, next steps, parts and the invoice of a booking', async () => {
    const { lines, text } = await read(await renderServiceRecordPdf(record()));
    expect(lines).toEqual(
      expect.arrayContaining([
        'Findings',
        'Raw water impeller had two broken vanes.',
        'Next steps',
        'Check the heat exchanger at the next haul-out.',
        'Parts',
        '• Impeller kit — Johnson F5B',
        '• Gasket set',
        'Invoice KB-2026-000123: $439.87',
      ]),
    );
    expect(text.indexOf('Findings')).toBeGreaterThan(text.indexOf('Booking #1042'));
  });

  it('says a video consultation was one, and leaves out the report and invoice a booking does not have yet', async () => {
    const video: ServiceHistoryEntry = { ...booking, serviceType: 'video', specialty: 'electronics', summary: null, invoice: null };
    const { lines, text } = await read(await renderServiceRecordPdf(record({ entries: [video] })));
    expect(lines).toContain('Mar 4, 2026 Video consultation by Sam O’Neil (Marine Electronics)');
    expect(text).not.toMatch(/Findings|Next steps|Parts|Invoice/);
  });

  it('gives the maintenance schedule: when each task is next due and when it was last done', async () => {
    const { lines, text } = await read(await renderServiceRecordPdf(record()));
    expect(lines).toEqual(
      expect.arrayContaining([
        'Maintenance schedule',
        'Replace the impeller Due Apr 1, 2027 or at 600 engine hours',
        'Last done Mar 4, 2026',
        'Haul out and bottom paint Due Oct 15, 2026',
        'Change the engine oil Due at 1,300 engine hours',
      ]),
    );
    expect(text.indexOf('Maintenance schedule')).toBeGreaterThan(text.indexOf('Invoice KB-2026-000123'));
    expect(text.split('Last done').length - 1).toBe(1);
  });

  it('says when no service is recorded yet', async () => {
    const { lines, text } = await read(await renderServiceRecordPdf(record({ entries: [], schedule: [] })));
    expect(lines).toContain('Service history');
    expect(lines).toContain('No service recorded yet.');
    expect(text).not.toContain('Maintenance schedule');
  });

  it('dates bookings, notes and questions in the owner’s time zone', async () => {
    // 8 PM on March 3 in Los Angeles is already March 4 in UTC.
    const late = { ...note, at: '2026-03-04T04:00:00.000Z' };
    const utc = await read(await renderServiceRecordPdf(record({ entries: [late] })));
    expect(utc.lines).toContain("Mar 4, 2026 Owner's note");
    const pacific = await read(await renderServiceRecordPdf(record({ entries: [late], timeZone: 'America/Los_Angeles' })));
    expect(pacific.lines).toContain("Mar 3, 2026 Owner's note");
  });

  it('prints nothing empty for a boat with only what is required, nor for entries without their optional parts', async () => {
    const entries: ServiceHistoryEntry[] = [
      { ...booking, summary: { findings: 'Looked fine.', nextSteps: '', parts: [] }, invoice: null },
      { ...maintenance, engineHours: null, note: null },
    ];
    const schedule = [{ title: 'Check the bilge pump', dueDate: null, dueHours: null, lastDoneOn: null }];
    const { lines, text } = await read(await renderServiceRecordPdf(record({ boat: bareBoat(), entries, schedule })));
    expect(text).not.toMatch(/\b(null|undefined|NaN|Invalid)\b/i);
    expect(text).not.toMatch(/Make and model|Year|Length|Home port|Engine \d|Engine hours as of|Next steps|Parts|Invoice/);
    expect(lines).toEqual(
      expect.arrayContaining(['Type Sailboat', 'Hull Monohull', 'Propulsion Inboard', 'Maintenance done', 'Check the bilge pump No due date']),
    );
  });

  it('names the home port by its slip alone when the marina is not given, and a single engine plainly', async () => {
    const oneEngine = boat({ homeMarina: null, engines: [{ make: 'Yamaha', model: 'F150', year: null, hours: 300, fuel: 'gasoline' }] });
    const { lines } = await read(await renderServiceRecordPdf(record({ boat: oneEngine })));
    expect(lines).toContain('Home port Slip B-12');
    expect(lines).toContain('Engine Yamaha F150 · 300 hours · Gasoline');
  });

  it('flows 60 entries onto numbered pages under a repeated heading, oldest first, short entries whole, no heading left alone', async () => {
    const sentence = 'The expert went through the cooling system, the fuel system and the drive train in turn. ';
    const entries: ServiceHistoryEntry[] = Array.from({ length: 60 }, (_, i): ServiceHistoryEntry => {
      const at = new Date(Date.UTC(2020, 0, 1 + 20 * (59 - i))).toISOString();
      const number = 2000 + i;
      // Every third entry is a report too long to move whole; the notes between vary in length, so that
      // the reports start all down the pages.
      return i % 3 === 0
        ? {
            ...booking,
            at,
            number,
            description: `Visit ${number}. ${sentence}`,
            summary: { findings: sentence.repeat(12), nextSteps: sentence.repeat(2), parts: ['Impeller kit', 'Gasket set'] },
          }
        : { ...note, at, body: `Note ${number}. ${sentence.repeat((i * 7) % 5)}Signed-${number}.` };
    });
    // A report longer than a page still flows on, under the repeated heading.
    entries[10] = { ...booking, number: 2010, description: 'Visit 2010.', summary: { findings: `Long report start. ${sentence.repeat(60)}Long report end.`, nextSteps: '', parts: [] } };
    const { text, pages, total } = await read(await renderServiceRecordPdf(record({ entries, schedule: [] })));

    expect(total).toBeGreaterThan(3);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${total}`));
    expect(pages.at(-1)).toContain(`Page ${total} of ${total}`);
    expect(pages[0]).not.toContain('Service history (continued)');
    for (const page of pages.slice(1)) expect(page).toMatch(/^Service history \(continued\)$/m);

    // Oldest first: entry 59 is the oldest, entry 0 the newest; each once.
    const markers = entries.map((_, i) => `${i % 3 === 0 || i === 10 ? 'Visit' : 'Note'} ${2000 + i}.`);
    const positions = markers.map((marker) => text.indexOf(marker));
    expect(positions).not.toContain(-1);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    for (const marker of markers) expect(text.split(marker).length - 1, marker).toBe(1);

    for (const [i, page] of pages.entries()) {
      const body = page.split('\n').filter((line) => line.trim() && !/^Service record of .* Page \d+ of \d+$/.test(line));
      // A page never ends on a heading: the section's, an entry's, its booking number or a label.
      expect(body.at(-1), `page ${i + 1}: ${body.slice(-3).join(' / ')}`).not.toMatch(
        /^Service history|^\w{3} \d{1,2}, \d{4} (Onsite service by|Owner's note)|^Booking #\d+$|^(Findings|Next steps|Parts)$/,
      );
      // A short entry is not split.
      for (const [, number] of page.matchAll(/^\w{3} \d{1,2}, \d{4} Owner's note\n+Note (\d+)\./gm)) expect(page).toContain(`Signed-${number}.`);
    }
    const start = pages.findIndex((page) => page.includes('Long report start.'));
    expect(pages.findIndex((page) => page.includes('Long report end.'))).toBeGreaterThan(start);
  });

  it('cuts a long boat name short in the footer, which still says who generated it', async () => {
    // As many characters as a name may have (80), of the widest.
    const name = 'WAVE WANDERER '.repeat(6).slice(0, 80);
    const { lines } = await read(await renderServiceRecordPdf(record({ boat: boat({ name }), entries: [note] })));
    const footer = lines.find((line) => line.endsWith('Page 1 of 1'));
    expect(footer).toMatch(/^Service record of WAVE WANDERER WAVE .*… · generated by K&B Marine Page 1 of 1$/);
  });

  it('keeps Latin letters and prints other characters as ?', async () => {
    const named = boat({ name: 'Zoë 🚤' });
    const { lines, text } = await read(await renderServiceRecordPdf(record({ boat: named, ownerName: 'Zoë Müller 山田', entries: [note] })));
    expect(lines).toContain('Zoë ?');
    expect(lines).toContain('Prepared for Zoë Müller ?? on Mar 20, 2026');
    expect(lines).toContain('Service record of Zoë ? · generated by K&B Marine Page 1 of 1');
    expect(text).not.toMatch(/[山田]|\u{1F6A4}/u);
  });
});
