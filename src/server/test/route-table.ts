import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** The route's path with its parameters, as registered ('/api/admin/users/:userId'). */
  path: string;
}

const TREE_GLYPHS = /^((?:│ {3}| {4})*)(?:├── |└── )(.*)$/;
const NODE = /^(.*?)(?: \(([A-Z]+(?:, [A-Z]+)*)\))?$/;

/**
 * Every method and path the running app's router holds, read from Fastify's own route tree
 * (`printRoutes`), so a test can cover routes nobody listed by hand. Each tree level adds its segment to
 * its parent's path.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const glyphs = TREE_GLYPHS.exec(line);
    if (!glyphs) continue;
    const depth = glyphs[1]!.length / 4;
    const [, segment = '', methods] = NODE.exec(glyphs[2]!) ?? [];
    const path = (depth > 0 ? pathAtDepth[depth - 1]! : '') + segment;
    pathAtDepth[depth] = path;
    pathAtDepth.length = depth + 1;
    for (const method of methods?.split(', ') ?? []) routes.push({ method, path });
  }
  return routes;
}
