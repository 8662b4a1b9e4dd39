import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';

export interface SmtpInbox {
  port: number;
  url: string;
  /** Raw messages as received, in order. */
  raw: string[];
  /** The most connections that were open at once. */
  peakConnections(): number;
  /** Waits until a message matches, and answers it parsed (with its raw text, for the calendar part). */
  waitFor(match: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail & { rawText: string }>;
  close(): Promise<void>;
}

export interface SmtpInboxOptions {
  /** Answers a recipient with a temporary failure (450) while this says so. */
  refuse?: (recipient: string) => boolean;
}

/** A real SMTP peer on 127.0.0.1 that keeps what it receives: the test inbox. */
export function startSmtpInbox(options: SmtpInboxOptions = {}): Promise<SmtpInbox> {
  const raw: string[] = [];
  let open = 0;
  let peak = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      peak = Math.max(peak, ++open);
      callback();
    },
    onClose() {
      open -= 1;
    },
    onRcptTo(address, _session, callback) {
      if (!options.refuse?.(address.address)) return callback();
      callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 450 }));
    },
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        raw.push(data);
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({
        port,
        url: `smtp://127.0.0.1:${port}`,
        raw,
        peakConnections: () => peak,
        async waitFor(match, timeoutMs = 15_000) {
          let found: (ParsedMail & { rawText: string }) | undefined;
          await expect
            .poll(
              async () => {
                for (const text of raw) {
                  const mail = await simpleParser(text);
                  if (match(mail)) {
                    found = Object.assign(mail, { rawText: text.replace(/=\r?\n/g, '').replace(/=3D/g, '=') });
                    return true;
                  }
                }
                return false;
              },
              { timeout: timeoutMs, interval: 100 },
            )
            .toBe(true);
          return found!;
        },
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
