import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What a page's first paint waits for is every module it imports statically. zod and the schemas built
 * with it are large enough to delay a phone's first paint, so these pages import only zod-free modules
 * (common/*-rules.ts, booking-fields.ts) and load their schemas when a form is checked or an answer arrives (lib/lazy-form-resolver.ts).
 */
const PAGES_WITHOUT_ZOD = [
  'main.tsx',
  'pages/home.tsx',
  'pages/experts.tsx',
  'pages/expert-profile.tsx',
  'pages/onsite-request.tsx',
  'pages/video-consultation.tsx',
  'pages/ai-assistant.tsx',
  'pages/login.tsx',
  'pages/book-service.tsx',
  'pages/book-video.tsx',
  'pages/book-onsite.tsx',
  'pages/dashboard.tsx',
  'pages/help.tsx',
];

const clientDir = dirname(fileURLToPath(import.meta.url));
const commonDir = resolve(clientDir, '../common');

/** A module's static imports that bring code (not `import type`, nor all-type names), with the names each takes. */
function staticImports(source: string): { specifier: string; names: string[] | null }[] {
  const imports: { specifier: string; names: string[] | null }[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?'([^']+)';/gms)) {
    const [, typeOnly, clause = '', specifier] = match;
    if (typeOnly) continue;
    const named = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
    const names = named?.split(',').map((name) => name.trim()).filter((name) => name && !name.startsWith('type '));
    if (names?.length === 0) continue;
    imports.push({ specifier: specifier!, names: names ? names.map((name) => name.split(/\s+as\s+/)[0]!) : null });
  }
  return imports;
}

/**
 * A feature's door (features/<name>/index.ts) only re-exports, and the build treats it as free of side
 * effects (vite.config.ts): a page gets the modules of the names it takes from the door, not the door's all.
 */
const FEATURE_DOOR = /[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@common/') ? join(commonDir, specifier.slice('@common/'.length)) : specifier.startsWith('.') ? resolve(dirname(from), specifier) : null;
  if (!base || /\.(css|svg|png|json)$/.test(base)) return null;
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  const found = candidates.find((path) => existsSync(path) && path.match(/\.tsx?$/));
  if (!found) throw new Error(`cannot resolve ${specifier} from ${from}`);
  return found;
}

/** The chain of imports from `entry` to the first module that imports zod, or null. */
function pathToZod(entry: string): string[] | null {
  const seen = new Set<string>();
  const shortName = (file: string) => file.replace(`${resolve(clientDir, '..')}/`, '');
  const walk = (file: string, chain: string[], names: string[] | null): string[] | null => {
    const door = FEATURE_DOOR.test(file);
    if (!door && seen.has(file)) return null;
    seen.add(file);
    for (const { specifier, names: taken } of staticImports(readFileSync(file, 'utf8'))) {
      if (door && names && !taken?.some((name) => names.includes(name))) continue;
      if (specifier === 'zod' || specifier.startsWith('zod/') || specifier === '@hookform/resolvers/zod') return [...chain, specifier];
      const next = resolveLocal(file, specifier);
      const found = next && walk(next, [...chain, shortName(next)], taken);
      if (found) return found;
    }
    return null;
  };
  return walk(join(clientDir, entry), [entry], null);
}

describe('pages that paint without zod', () => {
  it.each(PAGES_WITHOUT_ZOD)('%s imports no zod before its first paint', (page) => {
    expect(pathToZod(page)).toBeNull();
  });

  it('finds zod where a page does import it (the check can fail)', () => {
    expect(pathToZod('pages/reset-password.tsx')?.at(-1)).toMatch(/zod/);
  });

  it('finds zod behind a feature door, through the names a page takes from it', () => {
    const chain = pathToZod('pages/settings.tsx');
    expect(chain?.some((module) => /features\/[^/]+\/index\.ts$/.test(module))).toBe(true);
    expect(chain?.at(-1)).toMatch(/zod/);
  });
});
