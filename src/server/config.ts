import { z } from 'zod';
import { parseIceServers } from './core/ice-servers.js';
import { isProxyAddress, type TrustProxy } from './http/trust-proxy.js';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** true / false as for every boolean, else the proxies' addresses or CIDR ranges, comma-separated. */
const trustProxyFromEnv = z.string().transform((value, ctx): TrustProxy => {
  const flag = booleanFromEnv.safeParse(value.trim().toLowerCase());
  if (flag.success) return flag.data;
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length && !bad.length) return entries;
  ctx.addIssue({
    code: 'custom',
    message: `${bad.map((entry) => `'${entry}'`).join(', ') || 'the value'} is not a proxy address or CIDR range. Use true (one proxy in front), false, or the proxies' addresses and ranges, comma-separated (10.0.0.5, 10.1.0.0/16, fd00::/8); a number of hops is not accepted`,
  });
  return z.NEVER;
});
/** Comma-separated turn: and turns: URLs, as a browser takes them (a transport of udp or tcp at most). */
const TURN_URL = /^turns?:[^\s,?]+(\?transport=(udp|tcp))?$/;
const turnUrlsFromEnv = z.string().transform((value, ctx): string[] => {
  const urls = value.split(',').map((url) => url.trim()).filter(Boolean);
  const bad = urls.filter((url) => !TURN_URL.test(url));
  if (urls.length && !bad.length) return urls;
  ctx.addIssue({
    code: 'custom',
    message: `${bad.map((url) => `'${url}'`).join(', ') || 'the value'} is not a turn: or turns: URL, such as turn:turn.example.com:3478?transport=udp or turns:turn.example.com:5349`,
  });
  return z.NEVER;
});
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());

/** Every environment variable the server reads, parsed once. The README lists them with their defaults. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  /** The embedded database: writes are refused (503) while DATA_DIR's disk has less free space than this (0: never). */
  DATA_DIR_MIN_FREE_MB: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(128)),
  /** The embedded database: a call that has not returned after this long ends the process (see db/database-watchdog.ts). */
  DATABASE_WATCHDOG_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(3600).default(30)),
  BASE_URL: optionalUrl,
  SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  SEED_DEMO: z.preprocess(emptyAsUndefined, booleanFromEnv.default(true)),
  AI_PROVIDER: z.enum(['builtin', 'openai']).default('builtin'),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_VISION_MODEL: optionalString,
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  SEARCH_PROVIDER: z.enum(['none', 'searxng', 'brave']).default('none'),
  SEARCH_URL: optionalUrl,
  SEARCH_API_KEY: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Test only: where the Stripe client sends its API calls (a local server that speaks Stripe's API). */
  STRIPE_API_BASE: optionalUrl,
  /** The platform's share of each paid invoice, in percent. */
  PLATFORM_FEE_PERCENT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number({ error: 'PLATFORM_FEE_PERCENT must be a percentage from 0 to 50, such as 15 or 12.5' }).min(0).max(50).multipleOf(0.01).default(15),
  ),
  /** Sales tax on parts and materials, in percent ('7.25'); unset: invoices carry no tax. */
  INVOICE_TAX_RATE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number({ error: 'INVOICE_TAX_RATE must be a percentage from 0 to 30, such as 7.25' }).min(0).max(30).multipleOf(0.01).optional(),
  ),
  /** Texts go through Twilio with these (and TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID); unset: written to the log. */
  TWILIO_ACCOUNT_SID: z.preprocess(emptyAsUndefined, z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'TWILIO_ACCOUNT_SID is AC followed by 32 hexadecimal digits').optional()),
  TWILIO_AUTH_TOKEN: optionalString,
  /** The number texts come from, in E.164 ('+14105550100'). */
  TWILIO_FROM: z.preprocess(emptyAsUndefined, z.string().regex(/^\+[1-9]\d{6,14}$/, 'TWILIO_FROM is a number in E.164 form, such as +14105550100').optional()),
  /** A Twilio messaging service that picks the sending number (instead of TWILIO_FROM). */
  TWILIO_MESSAGING_SERVICE_SID: z.preprocess(emptyAsUndefined, z.string().regex(/^MG[0-9a-fA-F]{32}$/, 'TWILIO_MESSAGING_SERVICE_SID is MG followed by 32 hexadecimal digits').optional()),
  /** Test only: where the Twilio client sends its API calls (a local server that speaks Twilio's API). */
  TWILIO_API_BASE: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('K&B Marine <no-reply@kbmarine.local>'),
  ICE_SERVERS: optionalString,
  /** The call relay (coturn with use-auth-secret): its URLs, and the static-auth-secret each call's credentials are signed with. */
  TURN_URLS: z.preprocess(emptyAsUndefined, turnUrlsFromEnv.optional()),
  TURN_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, "TURN_SECRET must be at least 32 characters, the same as coturn's static-auth-secret (openssl rand -hex 32 makes one)").optional(),
  ),
  /** Web push's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints); unset: generated once and kept under DATA_DIR. */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Who push services may contact about our messages (`mailto:` or `https:`); unset: mailto: MAIL_FROM's address. */
  VAPID_SUBJECT: z.preprocess(emptyAsUndefined, z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: or https: address').optional()),
  /** Test only: push subscriptions may point at http://127.0.0.1 (the tests' push service). */
  ALLOW_PRIVATE_PUSH_ENDPOINTS: z.preprocess(emptyAsUndefined, booleanFromEnv.default(false)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** When set, GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  /** How long a signed-in user is answered from memory before the session is looked up again (0: never). */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /** Password hashes run at once (about 64 MB each at most); unset: one. */
  PASSWORD_HASHES_AT_ONCE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(8).optional()),
  /** Who writes the client's address into X-Forwarded-For: see trustProxyOption (http/trust-proxy.ts). */
  TRUST_PROXY: z.preprocess(emptyAsUndefined, trustProxyFromEnv.default(false)),
  /** Test only: the browser journeys may move the booking rules' clock (POST /api/internal/test-clock). */
  TEST_CLOCK: z.preprocess(emptyAsUndefined, booleanFromEnv.default(false)),
  /** Outside calendars (ICS addresses) may be read over http and from private or local addresses: tests, or a calendar server on the same network. */
  ALLOW_PRIVATE_CALENDAR_URLS: z.preprocess(emptyAsUndefined, booleanFromEnv.default(false)),
  /** How long reading one outside calendar may take, redirects included. */
  CALENDAR_FETCH_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(60_000).default(10_000)),
  /** When set, expert photos go to this S3-compatible bucket instead of DATA_DIR/expert-photos. */
  S3_BUCKET: optionalString,
  /** The S3 API's address for MinIO, Cloudflare R2 and the like; unset means AWS. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name; defaults to true with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, booleanFromEnv.optional()),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'BASE_URL' | 'S3_FORCE_PATH_STYLE'> {
  BASE_URL: string;
  S3_FORCE_PATH_STYLE: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const value = parsed.data;
  if (value.SEARCH_PROVIDER === 'searxng' && !value.SEARCH_URL) {
    throw new ConfigError('Invalid configuration: SEARCH_PROVIDER=searxng needs SEARCH_URL (the SearXNG instance).');
  }
  if (value.SEARCH_PROVIDER === 'brave' && !value.SEARCH_API_KEY) {
    throw new ConfigError('Invalid configuration: SEARCH_PROVIDER=brave needs SEARCH_API_KEY.');
  }
  if (value.AI_PROVIDER === 'openai' && !value.AI_MODEL) {
    throw new ConfigError('Invalid configuration: AI_PROVIDER=openai needs AI_MODEL (and AI_BASE_URL unless it is OpenAI).');
  }
  if (value.TEST_CLOCK && value.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration: TEST_CLOCK is for the browser journeys only, never in production.');
  }
  const stripeKeys = [value.STRIPE_SECRET_KEY, value.STRIPE_PUBLISHABLE_KEY, value.STRIPE_WEBHOOK_SECRET].filter(Boolean).length;
  if (stripeKeys !== 0 && stripeKeys !== 3) {
    throw new ConfigError('Invalid configuration: Stripe needs all three of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET.');
  }
  if (!!value.TWILIO_ACCOUNT_SID !== !!value.TWILIO_AUTH_TOKEN) {
    throw new ConfigError('Invalid configuration: texts need both TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.');
  }
  const twilioSenders = [value.TWILIO_FROM, value.TWILIO_MESSAGING_SERVICE_SID].filter(Boolean).length;
  if (value.TWILIO_ACCOUNT_SID && twilioSenders !== 1) {
    throw new ConfigError('Invalid configuration: texts need one of TWILIO_FROM (the sending number) or TWILIO_MESSAGING_SERVICE_SID.');
  }
  if (!value.TWILIO_ACCOUNT_SID && twilioSenders) {
    throw new ConfigError('Invalid configuration: TWILIO_FROM and TWILIO_MESSAGING_SERVICE_SID need TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.');
  }
  try {
    parseIceServers(value.ICE_SERVERS);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
  if (!!value.TURN_URLS !== !!value.TURN_SECRET) {
    throw new ConfigError('Invalid configuration: the call relay needs both TURN_URLS and TURN_SECRET (or neither).');
  }
  if (!!value.VAPID_PUBLIC_KEY !== !!value.VAPID_PRIVATE_KEY) {
    throw new ConfigError('Invalid configuration: web push needs both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (or neither: a pair is generated).');
  }
  if (value.ALLOW_PRIVATE_PUSH_ENDPOINTS && value.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration: ALLOW_PRIVATE_PUSH_ENDPOINTS is for tests only, never in production.');
  }
  if (value.S3_BUCKET && (!value.S3_ACCESS_KEY_ID || !value.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.');
  }
  return {
    ...value,
    S3_FORCE_PATH_STYLE: value.S3_FORCE_PATH_STYLE ?? !!value.S3_ENDPOINT,
    BASE_URL: (value.BASE_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ''),
  };
}
