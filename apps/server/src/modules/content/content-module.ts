import type { FastifyPluginAsync } from 'fastify';
import { registerContentPages } from './content-pages.js';
import { contentRoutes } from './content-routes.js';
import { logRoute } from './log-route.js';

/** The content module: the guest content pages, the content calls and the client error log. */
export const contentModule: FastifyPluginAsync = async (app) => {
  registerContentPages(app.pageRegistry);
  await app.register(contentRoutes);
  if (app.config.errorLog) await app.register(logRoute);
};
