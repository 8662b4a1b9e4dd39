import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What a page's first paint waits for is every module it imports statically. zod and the schemas built
 * with it are some 40 KB compressed, which on a phone's network pushed the pages' first paint past 2.5 s
 * (issue 11), so these pages import only zod-free modules (common/*-rules.ts, booking-fields.ts) and
 * load their schemas when a form is checked or an answer arrives (lib/lazy-form-resolver.ts).
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
];

const clientDir = dirname(fileURLToPath(import.meta.url));
const commonDir = resolve(clientDir, '../common');

/** The specifiers of a module's static imports that bring code: not `import type`, nor all-type names. */
function staticImports(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?'([^']+)';/gms)) {
    const [, typeOnly, clause = '', specifier] = match;
    if (typeOnly) continue;
    const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
    if (names !== undefined && names.split(',').every((name) => !name.trim() || name.trim().startsWith('type '))) continue;
    specifiers.push(specifier!);
  }
  return specifiers;
}

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
  const walk = (file: string, chain: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      if (specifier === 'zod' || specifier.startsWith('zod/') || specifier === '@hookform/resolvers/zod') return [...chain, specifier];
      const next = resolveLocal(file, specifier);
      const found = next && walk(next, [...chain, next.replace(`${resolve(clientDir, '..')}/`, '')]);
      if (found) return found;
    }
    return null;
  };
  return walk(join(clientDir, entry), [entry]);
}

describe('pages that paint without zod', () => {
  it.each(PAGES_WITHOUT_ZOD)('%s imports no zod before its first paint', (page) => {
    expect(pathToZod(page)).toBeNull();
  });

  it('finds zod where a page does import it (the check can fail)', () => {
    expect(pathToZod('pages/reset-password.tsx')?.at(-1)).toMatch(/zod/);
  });
});
