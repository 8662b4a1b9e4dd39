import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, dataDir } from './browser.js';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
}

/** Runs one of the project's npm commands against a running server (the e2e server unless named), as an operator would. */
export function operatorCommand(script: string, args: string[], server: RunningServer = { baseUrl: baseUrl(), dataDir: dataDir() }) {
  const result = spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    env: { ...process.env, DATA_DIR: server.dataDir, PORT: new URL(server.baseUrl).port, BASE_URL: server.baseUrl, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
}

/** Sets an account's password with the real command (demo experts have none), so a journey can sign in as them. */
export function setPasswordOf(email: string, password: string, server?: RunningServer) {
  operatorCommand('user:set-password', [email, '--password', password], server);
}

/** Signs in through the sign-in page and waits for where it lands: home's greeting, or an expert's workspace. */
export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  await page
    .getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ })
    .or(page.getByRole('heading', { name: 'Expert Workspace' }))
    .waitFor();
}
