import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { runDatabasePrefix } from './database-template.js';

export const TEST_BASE_URL = 'http://localhost:3000';
export const ORIGIN = { origin: TEST_BASE_URL };

/**
 * A new database on the PostgreSQL server of `serverUrl`, and how to drop it: empty, or a copy of the
 * run's migrated template (its name from database-template.ts).
 */
export async function createPostgresDatabase(serverUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = template ? `${runDatabasePrefix(template)}${randomUUID().replaceAll('-', '').slice(0, 24)}` : `kb_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The run's migrated PGlite image, read once per test file. */
let pgliteImage: Blob | undefined;

/**
 * A fresh database for one app: in-memory PGlite, or (TEST_DB=postgres) a new database on the
 * PostgreSQL of TEST_DATABASE_URL, dropped afterwards; either a copy of the run's migrated template.
 */
async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  const template = inject('databaseTemplate');
  if (process.env.TEST_DB !== 'postgres') {
    pgliteImage ??= new Blob([readFileSync(template)]);
    const database = await openDatabase({ pgliteImage });
    return { database, drop: async () => {} };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const created = await createPostgresDatabase(serverUrl, template);
  return { database: await openDatabase({ url: created.url }), drop: created.drop };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: Partial<Omit<BuildAppOptions, 'config' | 'database'>> = {},
  /** What the app is given in place of the database (a test holding back part of it, say). */
  wrapDatabase: (database: DatabaseHandle) => DatabaseHandle = (database) => database,
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kb-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    BASE_URL: TEST_BASE_URL,
    SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    SEED_DEMO: 'false',
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  // Nothing left to apply on the template, unless a migration was added since it was made.
  await database.migrate();
  // Workers look for jobs twice a second, so a test waits little for an e-mail. Password hashes are
  // cheap unless a test of the hashing itself asks for the real ones (testOnlyCheapPasswordHashes: false).
  const app = await buildApp({ config, database: wrapDatabase(database), jobPollingIntervalSeconds: 0.5, testOnlyCheapPasswordHashes: true, ...options });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let addressCounter = 0;

/** A distinct client address per call, so Better Auth's per-IP sign-in limit does not couple tests. */
export function nextClientAddress(): string {
  addressCounter += 1;
  return `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export interface TestUser {
  email: string;
  password: string;
  cookie: string;
  id: string;
}

/** A sign-up as the form posts it, without entering the code: no session yet. */
export function postSignUp(
  app: FastifyInstance,
  account: { email: string; password: string; firstName?: string; lastName?: string },
  remoteAddress = nextClientAddress(),
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: ORIGIN,
    remoteAddress,
    payload: { name: 'Test Owner', firstName: 'Test', lastName: 'Owner', ...account },
  });
}

export interface VerificationEmail {
  code: string;
  link: string;
  text: string;
}

/**
 * The newest verification e-mail to the address, read from the app's outbox (the e-mail job) as a person
 * reads their inbox, once it has left: no e-mail of the sign-up arrives after the test has moved on.
 */
export async function verificationEmailTo(app: FastifyInstance, email: string): Promise<VerificationEmail> {
  for (let waited = 0; waited < 15_000; waited += 50) {
    const { rows } = await app.database.executeSql(
      `select state, data->>'text' as text from pgboss.job
        where name = 'email-send' and data->>'to' = $1 and data->>'subject' like '% code' order by created_on desc limit 1`,
      [email.toLowerCase()],
    );
    const row = rows[0] as { state: string; text: string } | undefined;
    if (row && (row.state === 'completed' || row.state === 'failed')) {
      const code = /Your code: (\d{6})/.exec(row.text)?.[1];
      const link = /Or open this link: (\S+)/.exec(row.text)?.[1];
      if (!code || !link) throw new Error(`no code or link in the verification e-mail: ${row.text}`);
      return { code, link, text: row.text };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no verification e-mail left for ${email}`);
}

/** Enters the code as the form does: the address is verified and the account signed in. */
export function enterCode(app: FastifyInstance, email: string, otp: string, remoteAddress = nextClientAddress()) {
  return app.inject({ method: 'POST', url: '/api/auth/email-otp/verify-email', headers: ORIGIN, remoteAddress, payload: { email, otp } });
}

/** A new account, signed up, its address verified with the code it was e-mailed, and signed in. */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
): Promise<TestUser> {
  const email = overrides.email ?? `owner-${randomUUID().slice(0, 8)}@example.com`;
  const password = overrides.password ?? 'correct-horse-battery';
  const response = await postSignUp(app, { email, password, firstName: overrides.firstName ?? 'Test', lastName: overrides.lastName ?? 'Owner' });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const { code } = await verificationEmailTo(app, email);
  const verified = await enterCode(app, email, code);
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.statusCode} ${verified.body}`);
  return { email, password, cookie: cookieHeader(verified.headers['set-cookie']), id: verified.json().user.id };
}

/** An injected request as the given user, from our own origin. */
export function asUser(user: { cookie: string } | null, options: InjectOptions): InjectOptions {
  return {
    ...options,
    headers: { ...ORIGIN, ...(user ? { cookie: user.cookie } : {}), ...options.headers },
  };
}

/**
 * A second app server on the same PostgreSQL database as `first` (as behind a load balancer), for what
 * must cross servers: live messages, caches. PGlite is one process, so this is PostgreSQL only.
 */
export async function createPeerApp(first: TestApp, options: Partial<Omit<BuildAppOptions, 'config' | 'database'>> = {}): Promise<TestApp> {
  if (!first.database.url) throw new Error('a peer app server needs PostgreSQL');
  const database = await openDatabase({ url: first.database.url });
  const app = await buildApp({ config: first.config, database, jobPollingIntervalSeconds: 0.5, testOnlyCheapPasswordHashes: true, ...options });
  await app.ready();
  return {
    app,
    database,
    config: first.config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
