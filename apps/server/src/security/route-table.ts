import type { App } from '../app.js';

export type RegisteredRoute = {
  method: string;
  /** As registered, without a trailing slash: `/s2c/auth/v1/agents/:id`. */
  path: string;
  /** Names of the route's onRequest hooks (`requireMember` for member-only calls). */
  onRequest: string[];
};

const routeLine = /^((?:│ {3}| {4})*)([├└]── )?(\S+) \(([A-Z, ]+)\)$/;
const hookLine = /• \((\w+)\) (\[.*\])$/;

/**
 * Every route of the app with its onRequest hooks, read from Fastify's route
 * tree (`printRoutes`). That text is meant for people; the suites that use
 * this check that it finds the routes they know, so a change of its format
 * fails them instead of letting them pass on an empty list.
 *
 *   ├── /s2c/auth/v1/agents (POST)
 *   │   • (onRequest) ["anonymous()","anonymous()"]
 *   │   └── /:id (GET, PUT)
 *   │       • (onRequest) ["anonymous()","anonymous()","requireMember()"]
 *   │       /:id (HEAD)
 */
export function routeTable(app: App): RegisteredRoute[] {
  const text = app.printRoutes({ commonPrefix: false, includeHooks: true });
  const prefixes: string[] = [];
  const routes: RegisteredRoute[] = [];
  let latest: RegisteredRoute[] = [];
  for (const line of text.split('\n')) {
    const route = routeLine.exec(line);
    if (route !== null) {
      const [, indent = '', branch, segment = '', methods = ''] = route;
      // A line without a branch is another method of its sibling above, one level in.
      const depth = indent.length / 4 - (branch === undefined ? 1 : 0);
      prefixes.length = depth;
      const path = `${prefixes.join('')}${segment}`;
      prefixes.push(segment);
      latest = methods.split(', ').map((method) => ({ method, path, onRequest: [] }));
      routes.push(...latest);
      continue;
    }
    const hook = hookLine.exec(line);
    if (hook?.[1] === 'onRequest') {
      const names = (JSON.parse(hook[2]!) as string[]).map((name) => name.replace(/\(\)$/, ''));
      for (const entry of latest) entry.onRequest = names;
    }
  }
  return routes;
}
