import { z } from 'zod';

/** Text messages: the mobile number on Settings, its code, and the texts (docs/PRODUCT.md#text-messages). */

export const MOBILE_NUMBER_INVALID =
  'Enter a mobile number: a US number such as (410) 555-0100, or another country’s with + and its country code, such as +44 7700 900123';

/** A code lasts this long, and this many wrong tries. */
export const CODE_MINUTES = 10;
export const CODE_TRIES = 5;
/** Codes one account, or one number, may be sent in an hour. */
export const CODES_PER_HOUR = 3;
export const CODE_LENGTH = 6;

/** A US number: area code and exchange never start with 0 or 1 (the North American Numbering Plan). */
const NANP = /^[2-9]\d{2}[2-9]\d{6}$/;

/**
 * The number in E.164 ('+14105550100'), as people type it: '(410) 555-0100', '410.555.0100', '1 410 555 0100'
 * and '+1 410-555-0100' are US numbers; '+44 7700 900123' another country's. Null when it is none.
 */
export function toE164(typed: string): string | null {
  const text = typed.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) {
    if (digits.startsWith('1')) return NANP.test(digits.slice(1)) ? `+${digits}` : null;
    return /^[2-9]\d{6,14}$/.test(digits) ? `+${digits}` : null;
  }
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return NANP.test(national) ? `+1${national}` : null;
}

/** '+14105550100' as '+1 (410) 555-0100'; another country's as it is. */
export function formatMobileNumber(e164: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return us ? `+1 (${us[1]}) ${us[2]}-${us[3]}` : e164;
}

/** `POST /api/sms/number/code`: the number to prove, answered in E.164. */
export const sendCodeSchema = z.object({
  number: z
    .string({ error: MOBILE_NUMBER_INVALID })
    .max(40, MOBILE_NUMBER_INVALID)
    .refine((typed) => toE164(typed) !== null, MOBILE_NUMBER_INVALID)
    .transform((typed) => toE164(typed)!),
});
export type SendCodeInput = z.input<typeof sendCodeSchema>;
export type SendCode = z.output<typeof sendCodeSchema>;

export const CODE_FORMAT = 'Enter the 6-digit code from the text';
export const verifyCodeSchema = z.object({
  code: z
    .string({ error: CODE_FORMAT })
    .trim()
    .regex(/^\d{6}$/, CODE_FORMAT),
});
export type VerifyCode = z.infer<typeof verifyCodeSchema>;

/** What Settings shows: the verified number, whether it said STOP, and a code waiting to be entered. */
export const smsSettingsSchema = z.object({
  /** The verified number in E.164, or null: only it ever gets texts. */
  number: z.string().nullable(),
  /** The verified number replied STOP: nothing goes to it until it replies START. */
  stopped: z.boolean(),
  /** A code sent and still usable: to this number, until then. */
  pending: z.object({ number: z.string(), expiresAt: z.string() }).nullable(),
});
export type SmsSettings = z.infer<typeof smsSettingsSchema>;

/** The reply words Twilio and US carriers honour (case does not matter; the whole message is the word). */
export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const START_WORDS = ['START', 'UNSTOP', 'YES'] as const;
export const HELP_WORDS = ['HELP', 'INFO'] as const;

/** A single text's length in the GSM-7 alphabet; longer ones go in parts and cost more. */
export const SINGLE_TEXT_CHARS = 160;

/** Characters outside GSM-7 turn a whole text into UCS-2 (70 a part): the usual ones are written plainly. */
const PLAIN: Record<string, string> = { '‘': "'", '’': "'", '“': '"', '”': '"', '–': '-', '—': '-', '…': '...', '\u00a0': ' ' };

/**
 * A notice as a text: '{what happened} {link}', the link whole and the words cut (with '...') so the text fits
 * one message of 160 GSM characters where it can.
 */
export function noticeText(summary: string, link: string): string {
  const plain = summary.replace(/[‘’“”–—…\u00a0]/g, (c) => PLAIN[c]!).replace(/\s+/g, ' ').trim();
  const room = SINGLE_TEXT_CHARS - link.length - 1;
  if (plain.length <= room) return `${plain} ${link}`;
  return `${plain.slice(0, Math.max(0, room - 3)).trimEnd()}... ${link}`;
}
