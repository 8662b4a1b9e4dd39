import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import semver from 'semver';

const root = new URL('..', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; dev?: boolean; optional?: boolean }>;
};

describe('the Node versions we claim', () => {
  it('are supported by every installed package, so a fresh install prints no engine warning', () => {
    const oldest = semver.minVersion(pkg.engines.node)!.version;
    const unsupported = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !Array.isArray(entry.engines) && entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies(oldest, (entry.engines as { node: string }).node))
      .map(([path, entry]) => `${path.replace(/^.*node_modules\//, '')} wants node ${(entry.engines as { node: string }).node}`);
    expect(unsupported, `package.json says node ${pkg.engines.node}`).toEqual([]);
  });
});
