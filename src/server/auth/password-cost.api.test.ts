import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { accounts } from '../db/schema.js';
import { createTestApp, signUp, TEST_BASE_URL } from '../test/test-app.js';

const PASSWORD = 'correct-horse-battery';
const cleanUps: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanUp of cleanUps.reverse()) await cleanUp();
});

async function storedHash(app: FastifyInstance, userId: string): Promise<string> {
  const [account] = await app.database.db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, userId));
  return account!.password!;
}

describe('the cost of password hashes', () => {
  it('is cheap only in an app built with the test option', async () => {
    const t = await createTestApp();
    cleanUps.push(() => t.close());
    const user = await signUp(t.app, { password: PASSWORD });
    expect(await betterAuthVerify({ hash: await storedHash(t.app, user.id), password: PASSWORD })).toBe(false);
  });

  it("is Better Auth's own scrypt in an app built as main.ts builds it, also after a test app in the same process", { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kb-test-'));
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      BASE_URL: TEST_BASE_URL,
      SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      SEED_DEMO: 'false',
    });
    const database = await openDatabase({});
    await database.migrate();
    const app = await buildApp({ config, database });
    await app.ready();
    cleanUps.push(async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const user = await signUp(app, { password: PASSWORD });
    const hash = await storedHash(app, user.id);
    expect(await betterAuthVerify({ hash, password: PASSWORD })).toBe(true);
    expect(await betterAuthVerify({ hash, password: 'wrong-horse-battery' })).toBe(false);
  });
});
