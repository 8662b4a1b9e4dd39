import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, dataDir } from './browser.js';

/** Runs one of the project's npm commands against the running e2e server, as an operator would. */
export function operatorCommand(script: string, args: string[]) {
  const result = spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    env: { ...process.env, DATA_DIR: dataDir(), PORT: new URL(baseUrl()).port, BASE_URL: baseUrl(), DATABASE_URL: '' },
    encoding: 'utf8',
  });
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
}

/** Sets an account's password with the real command (demo experts have none), so a journey can sign in as them. */
export function setPasswordOf(email: string, password: string) {
  operatorCommand('user:set-password', [email, '--password', password]);
}

/** Signs in through the sign-in page and waits for the dashboard's greeting. */
export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  await page.getByRole('heading', { name: /Welcome back to/ }).waitFor();
}
