import { existsSync } from 'node:fs';

/**
 * The system Chromium the browser benchmarks drive. Without it, Playwright's launch fails in a way that
 * reads like a hang or a bug of ours, so the benchmark says what to install first.
 */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`No Chromium at ${path}: install Debian's (apt-get install -y chromium fonts-dejavu-core, as .ci/run does) or set CHROMIUM_PATH.`);
  }
  return path;
}
