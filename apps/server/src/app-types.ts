import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginOptions } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration (config.ts); decorated by `buildApp` before any plugin. */
    config: Config;
    /** The database; decorated by `buildApp` before any plugin. */
    db: Database;
  }
}

/** The club's Fastify app: the zod type provider on a plain HTTP server. */
export type App = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type AppPluginMeta = {
  /** What other plugins name in their `dependencies`. */
  name: string;
  /** Plugins that must be registered before this one; Fastify refuses to start otherwise. */
  dependencies?: string[];
};

/**
 * A module or app-wide plugin of the club: named, with the plugins it needs
 * registered first, and on the app itself (not encapsulated), so that the
 * decorations and hooks it adds serve every later plugin. Each plugin
 * declares its decorations in its own file (`declare module 'fastify'`).
 */
export function appPlugin<Options extends FastifyPluginOptions = Record<never, never>>(
  plugin: (app: App, options: Options) => void | Promise<void>,
  meta: AppPluginMeta,
) {
  const register = async (app: App, options: Options): Promise<void> => {
    await plugin(app, options);
  };
  return fastifyPlugin<Options, Server, ZodTypeProvider>(register, {
    fastify: '5.x',
    name: meta.name,
    dependencies: meta.dependencies ?? [],
    decorators: { fastify: ['config', 'db'] },
  });
}
