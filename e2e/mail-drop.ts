import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { vi } from 'vitest';
import { e2eServer } from './servers.js';

/**
 * The journeys' inbox: an SMTP peer on 127.0.0.1 that the server sends every e-mail to, each written to a
 * file in `dir`, so a journey (another process) can follow a link the server mailed.
 */
export function startMailDrop(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        writeFileSync(join(dir, `${String(received).padStart(6, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({ url: `smtp://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/**
 * Waits for the newest e-mail to `to` whose subject matches, and answers it parsed (from this journey's
 * server, unless another's inbox is named). `vi.waitFor`, not `expect.poll`: accounts are also made in a
 * file's `beforeAll`, outside any test, where `expect.poll` refuses to run.
 */
export function waitForMail(to: string, subject: RegExp, dir = e2eServer().mailDir): Promise<ParsedMail> {
  return vi.waitFor(
    async () => {
      for (const file of readdirSync(dir).sort().reverse()) {
        const mail = await simpleParser(readFileSync(join(dir, file)));
        if (JSON.stringify(mail.to ?? '').includes(to) && subject.test(mail.subject ?? '')) return mail;
      }
      throw new Error(`no e-mail to ${to} with a subject matching ${subject} yet`);
    },
    { timeout: 10_000, interval: 100 },
  );
}

/** How many e-mails to `to` whose subject matches have arrived so far. */
export async function countMail(to: string, subject: RegExp): Promise<number> {
  const dir = e2eServer().mailDir;
  let count = 0;
  for (const file of readdirSync(dir)) {
    const mail = await simpleParser(readFileSync(join(dir, file)));
    if (JSON.stringify(mail.to ?? '').includes(to) && subject.test(mail.subject ?? '')) count += 1;
  }
  return count;
}
