import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/**
 * A small server on 127.0.0.1 publishing calendars at paths tests choose, as Google, iCloud or a CalDAV
 * server publish an ICS address, and misbehaving as a hostile one might: an answer that never ends, one
 * too large, redirects, something that is not a calendar. Each read is counted.
 */
export type CalendarRoute =
  | { kind: 'calendar'; text: string; gzip?: boolean }
  | { kind: 'status'; status: number }
  | { kind: 'redirect'; location: string }
  /** Headers at once, then a body trickling in forever. */
  | { kind: 'slow' }
  /** A body of `bytes` bytes, which starts like a calendar. */
  | { kind: 'huge'; bytes: number }
  | { kind: 'text'; body: string; type?: string };

export interface CalendarServer {
  url: string;
  /** Publishes (or replaces) what a path answers. */
  publish(path: string, route: CalendarRoute): string;
  reads(path: string): number;
  close(): Promise<void>;
}

function answer(route: CalendarRoute, response: ServerResponse, open: Set<ServerResponse>) {
  switch (route.kind) {
    case 'calendar': {
      const body = route.gzip ? gzipSync(route.text) : Buffer.from(route.text);
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', ...(route.gzip ? { 'content-encoding': 'gzip' } : {}) });
      response.end(body);
      return;
    }
    case 'status':
      response.writeHead(route.status, { 'content-type': 'text/plain' }).end('no');
      return;
    case 'redirect':
      response.writeHead(302, { location: route.location }).end();
      return;
    case 'slow': {
      open.add(response);
      response.writeHead(200, { 'content-type': 'text/calendar' });
      response.write('BEGIN:VCALENDAR\r\n');
      const timer = setInterval(() => response.write('X-WAIT:1\r\n'), 50);
      response.on('close', () => clearInterval(timer));
      return;
    }
    case 'huge': {
      response.writeHead(200, { 'content-type': 'text/calendar' });
      const line = Buffer.from('X-FILLER:' + 'x'.repeat(1014) + '\r\n');
      response.write('BEGIN:VCALENDAR\r\n');
      let sent = 0;
      const more = () => {
        while (sent < route.bytes) {
          sent += line.length;
          if (!response.write(line)) return void response.once('drain', more);
        }
        response.end('END:VCALENDAR\r\n');
      };
      more();
      return;
    }
    case 'text':
      response.writeHead(200, { 'content-type': route.type ?? 'text/html' }).end(route.body);
  }
}

export async function startCalendarServer(): Promise<CalendarServer> {
  const routes = new Map<string, CalendarRoute>();
  const counts = new Map<string, number>();
  const open = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const route = routes.get(path);
    if (!route) return void response.writeHead(404).end();
    answer(route, response, open);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    publish(path, route) {
      routes.set(path, route);
      return `${url}${path}`;
    },
    reads: (path) => counts.get(path) ?? 0,
    close: async () => {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An iCalendar text around VEVENT lines (each event's lines without BEGIN/END), with Berlin's VTIMEZONE. */
export function calendarText(events: string[][]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Calendar//EN',
    'BEGIN:VTIMEZONE',
    'TZID:Europe/Berlin',
    'BEGIN:STANDARD',
    'DTSTART:19701025T030000',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0100',
    'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    'END:STANDARD',
    'BEGIN:DAYLIGHT',
    'DTSTART:19700329T020000',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0200',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
    'END:DAYLIGHT',
    'END:VTIMEZONE',
    ...events.flatMap((event) => ['BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...event, 'END:VEVENT']),
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}
