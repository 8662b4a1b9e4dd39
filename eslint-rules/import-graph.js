// The source tree's import graph, read with a regular expression rather than a parser: the lint rule
// (feature-boundaries.js) and the architecture report (scripts/architecture-report.ts) share it.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const IMPORT_SPECIFIER = /(?:^|[\s;])(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
const SOURCE_FILE = /\.(ts|tsx)$/;

/** Server layers that every feature builds on: none of them may import a feature. */
export const SHARED_SERVER = ['core', 'storage', 'http', 'db', 'jobs', 'mail', 'auth', 'realtime', 'audit', 'geo', 'ai', 'idempotency', 'pdf'];
/** Client building blocks: none of them may import a feature. */
export const SHARED_CLIENT = ['components/ui', 'lib'];

/** All .ts/.tsx files under a folder, as absolute paths. */
export function sourceFiles(dir) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...sourceFiles(full));
    else if (SOURCE_FILE.test(name) && !name.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

/** The import specifiers a source text names, static and dynamic. */
export function importSpecifiers(text) {
  const specifiers = [];
  for (const match of text.matchAll(IMPORT_SPECIFIER)) specifiers.push(match[1] ?? match[2] ?? match[3]);
  return specifiers;
}

/** The file a specifier names, or null for a package. `@common/x` is the shared schema folder. */
export function resolveImport(root, fromFile, specifier) {
  let base;
  if (specifier.startsWith('@common/')) base = path.join(root, 'src/common', specifier.slice('@common/'.length));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, path.join(stem, 'index.ts'), path.join(stem, 'index.tsx'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * Where a file sits in the architecture: `server/features/bookings`, `client/features/ai`, a shared layer
 * (`server/core`, `client/lib`, `client/components/ui`), `common`, or a root file (`server/app.ts`).
 */
export function unitOf(root, file) {
  const rel = path.relative(path.join(root, 'src'), file).split(path.sep);
  if (rel[0] === '..') return null;
  if (rel[0] === 'common') return 'common';
  if (rel.length === 2) return rel.join('/');
  if (rel[1] === 'features' || rel[1] === 'components') return rel.slice(0, 3).join('/');
  return rel.slice(0, 2).join('/');
}

/** The feature a unit is (`bookings` for `server/features/bookings`), or null. */
export function featureOf(unit) {
  const match = /^(?:server|client)\/features\/([^/]+)$/.exec(unit ?? '');
  return match ? match[1] : null;
}

export function isSharedUnit(unit) {
  return SHARED_SERVER.some((layer) => unit === `server/${layer}`) || SHARED_CLIENT.some((layer) => unit === `client/${layer}`);
}

export function isDoor(file) {
  return /[\\/]index\.tsx?$/.test(file) && featureOf(unitOfDoorFolder(file)) !== null;
}

function unitOfDoorFolder(file) {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('features');
  return at > 0 && parts.length === at + 3 ? `${parts[at - 1]}/features/${parts[at + 1]}` : null;
}

/** Why an import from `fromFile` to `toFile` breaks the feature rules, or null when it keeps them. */
export function boundaryViolation(root, fromFile, toFile) {
  const from = unitOf(root, fromFile);
  const to = unitOf(root, toFile);
  if (!from || !to || from === to) return null;
  const feature = featureOf(to);
  if (!feature) return null;
  if (isSharedUnit(from)) return `${from} is a shared building block and may not import the ${feature} feature`;
  if (!isDoor(toFile)) return `import the ${feature} feature through its door (features/${feature}/index), not ${path.relative(root, toFile)}`;
  return null;
}

/** Every import edge between source files under src/. */
export function importEdges(root) {
  const edges = [];
  for (const file of sourceFiles(path.join(root, 'src'))) {
    for (const specifier of importSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolveImport(root, file, specifier);
      if (target) edges.push({ from: file, to: target });
    }
  }
  return edges;
}

/** Strongly connected components with more than one member (Tarjan), over a map node -> Set(node). */
export function cycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const TEST_FILE = /\.test\.tsx?$/;

/**
 * The folder-level graph: unit -> units it imports. A test file is a leaf outside its folder: it may use the
 * test helpers, which build the whole app, without making its feature depend on every other.
 */
export function folderGraph(root, edges = importEdges(root)) {
  const graph = new Map();
  for (const { from, to } of edges) {
    if (TEST_FILE.test(from)) continue;
    const a = unitOf(root, from);
    const b = unitOf(root, to);
    if (!a || !b || a === b) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a).add(b);
  }
  return graph;
}

/** The folder cycles: each a list of units that reach each other. */
export function folderCycles(root, edges = importEdges(root)) {
  return cycles(folderGraph(root, edges));
}

/** The shortest way back from `to` to `from` in a graph, as the list of units passed, or null. */
export function pathBack(graph, from, to) {
  const cameFrom = new Map([[to, null]]);
  const queue = [to];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === from) {
      const way = [];
      for (let at = node; at !== null; at = cameFrom.get(at)) way.unshift(at);
      return way;
    }
    for (const next of graph.get(node) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return null;
}

/** The module-level graph: file -> files it imports (type-only imports included: they are coupling too). */
export function moduleGraph(edges) {
  const graph = new Map();
  for (const { from, to } of edges) {
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from).add(to);
  }
  return graph;
}

/** The module-level cycles (file imports file … back to itself). */
export function moduleCycles(root, edges = importEdges(root)) {
  return cycles(moduleGraph(edges)).map((component) => component.map((file) => path.relative(root, file)));
}
