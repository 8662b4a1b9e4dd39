import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { emailOTP } from 'better-auth/plugins/email-otp';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import * as schema from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../common/password-rules.js';
import { firstNameSchema, lastNameSchema } from '../../common/user.js';
import { PRODUCT_NAME } from '../../common/brand.js';
import { hashPassword, verifyPassword } from './password-hashing.js';
import { forgetResetLinks } from './reset-links.js';
import { forgetSignInFailures } from './account-sign-in-limit.js';
import { takeAccountEmail } from './account-email-limit.js';
import { noteSignUpOfExistingAccount } from './existing-account-sign-up.js';
import { CODE_ATTEMPTS, VERIFICATION_SECONDS, verificationSender } from './email-verification.js';

export interface AuthOptions {
  db: Database;
  baseUrl: string;
  secret: string;
  mailer: Mailer;
  /** The app's logger: Better Auth's own messages go through it, and so through its redaction. */
  log: FastifyBaseLogger;
}

/**
 * Better Auth logs failed queries to the console with their parameters (session tokens among them).
 * Its messages go to the app's log instead, with only the errors they carry (serialised without data).
 */
function authLogger(log: FastifyBaseLogger) {
  return {
    level: 'warn' as const,
    log(level: 'debug' | 'info' | 'warn' | 'error', message: unknown, ...args: unknown[]) {
      // It sometimes logs the error itself in place of a message.
      const err = [message, ...args].find((arg): arg is Error => arg instanceof Error);
      const text = typeof message === 'string' && message ? message : 'Better Auth reported an error';
      log[level]({ source: 'better-auth', ...(err ? { err } : {}) }, text);
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Splits Better Auth's single `name` on its first run of whitespace: "Ada Lovelace King" is first name
 * "Ada", last name "Lovelace King". A one-word name has no last name: null, as the users table and
 * the current-user schema allow, rather than an empty string our name rules refuse; My Profile then
 * asks for it before the profile can be saved.
 */
export function splitFullName(name: string): { firstName: string; lastName: string | null } {
  const trimmed = name.trim();
  const firstName = trimmed.split(/\s+/, 1)[0] ?? '';
  const lastName = trimmed.slice(firstName.length).trim();
  return { firstName, lastName: lastName || null };
}

function refuseName(field: 'firstName' | 'lastName', message: string): never {
  throw new APIError('BAD_REQUEST', { code: 'VALIDATION_ERROR', message, errors: { [field]: message } });
}

/**
 * Our sign-up form sends firstName and lastName; Better Auth's own payload sends only `name`. Either
 * way the row gets both, checked by the same rules as the profile form.
 */
function namesForNewUser(user: { name?: string | null; firstName?: unknown; lastName?: unknown }) {
  const fromName = splitFullName(user.name ?? '');
  const firstName = firstNameSchema.safeParse(user.firstName ?? fromName.firstName);
  if (!firstName.success) refuseName('firstName', firstName.error.issues[0]?.message ?? 'First name is required');
  const lastNameInput = user.lastName ?? fromName.lastName;
  if (lastNameInput === null) return { firstName: firstName.data, lastName: null };
  const lastName = lastNameSchema.safeParse(lastNameInput);
  if (!lastName.success) refuseName('lastName', lastName.error.issues[0]?.message ?? 'Last name is required');
  return { firstName: firstName.data, lastName: lastName.data };
}

/**
 * The email-otp plugin's endpoints that would send or take codes for anything but verifying an address:
 * sign-in, password resets and address changes have their own flows, and every verification e-mail goes
 * through `sendVerificationEmail` (code and link together).
 */
const UNUSED_CODE_PATHS = [
  '/email-otp/send-verification-otp',
  '/email-otp/check-verification-otp',
  '/sign-in/email-otp',
  '/email-otp/request-password-reset',
  '/forget-password/email-otp',
  '/email-otp/reset-password',
  '/email-otp/request-email-change',
  '/email-otp/change-email',
];

export function createAuth({ db, baseUrl, secret, mailer, log }: AuthOptions) {
  // Filled once the instance exists: the verification e-mail asks its email-otp plugin for a code.
  let createCode: (email: string) => Promise<string> = () => Promise.reject(new Error('auth is not ready'));
  const auth = betterAuth({
    logger: authLogger(log),
    appName: PRODUCT_NAME,
    baseURL: baseUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [new URL(baseUrl).origin],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        rateLimit: schema.rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      // A sign-up starts no session: the code or the link signs the new account in. So a sign-up with an
      // address that has an account is answered exactly as one without (onExistingUserSignUp).
      autoSignIn: false,
      onExistingUserSignUp: ({ user }) => noteSignUpOfExistingAccount({ db, mailer, baseUrl }, user),
      password: { hash: hashPassword, verify: verifyPassword },
      async sendResetPassword({ user, url }) {
        // Past the account's allowance no e-mail leaves, and the answer stays the one every address gets.
        if (!(await takeAccountEmail(db, user.id)).taken) return;
        await mailer.send({
          to: user.email,
          subject: `Reset your ${PRODUCT_NAME} password`,
          text: `Someone asked to reset the password of your ${PRODUCT_NAME} account.\n\nOpen this link within an hour to choose a new password:\n${url}\n\nIf it was not you, ignore this message; your password stays as it is.`,
          accountSafety: true,
        });
      },
      async onPasswordReset({ user }) {
        await forgetResetLinks(db, user.id);
        await forgetSignInFailures(db, user.email);
        // The link reached the address's inbox: that proves the address as a code would.
        await db.update(schema.users).set({ emailVerified: true }).where(eq(schema.users.id, user.id));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_SECONDS,
      sendVerificationEmail: verificationSender({ db, mailer, createCode: (email) => createCode(email) }),
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: VERIFICATION_SECONDS,
        allowedAttempts: CODE_ATTEMPTS,
        storeOTP: 'hashed',
        // Never called: every endpoint that would call it is disabled (UNUSED_CODE_PATHS).
        sendVerificationOTP: () => Promise.reject(new Error('codes are sent with sendVerificationEmail')),
      }),
    ],
    user: {
      additionalFields: {
        // Not required: filled from `name` when missing (see namesForNewUser).
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
        phone: { type: 'string', required: false, input: false },
        address: { type: 'string', required: false, input: false },
        city: { type: 'string', required: false, input: false },
        state: { type: 'string', required: false, input: false },
        zipCode: { type: 'string', required: false, input: false },
        timeZone: { type: 'string', required: false, input: false },
        role: { type: 'string', required: false, input: false, defaultValue: 'user' },
        status: { type: 'string', required: false, input: false, defaultValue: 'active' },
      },
    },
    // Profile changes go through PATCH /api/profile, which validates them; these would bypass it.
    disabledPaths: ['/update-user', '/change-email', '/delete-user', '/sign-in/social', '/link-social', ...UNUSED_CODE_PATHS],
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            return { data: { ...user, ...namesForNewUser(user) } };
          },
        },
      },
      session: {
        create: {
          async before(session) {
            const [owner] = await db
              .select({ status: schema.users.status })
              .from(schema.users)
              .where(eq(schema.users.id, session.userId));
            if (owner?.status === 'inactive') {
              throw new APIError('FORBIDDEN', {
                message: 'This account has been deactivated. Please contact support.',
              });
            }
            return { data: session };
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 10 },
        '/change-password': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 3 },
        // Each code allows three tries and each account three codes an hour; this bounds one client's
        // guesses across accounts.
        '/email-otp/verify-email': { window: 60, max: 10 },
        '/send-verification-email': { window: 60, max: 3 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      useSecureCookies: baseUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: () => crypto.randomUUID() },
    },
    hooks: {
      // A password changed while signed in ends the account's reset links, as a reset does (onPasswordReset).
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned as { user?: { id?: unknown } } | undefined;
        if (ctx.path === '/change-password' && typeof returned?.user?.id === 'string') await forgetResetLinks(db, returned.user.id);
      }),
    },
    telemetry: { enabled: false },
  });
  createCode = (email) => auth.api.createVerificationOTP({ body: { email, type: 'email-verification' } });
  return auth;
}
