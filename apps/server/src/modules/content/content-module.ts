import { appPlugin } from '../../app-types.js';
import { ContentCache } from './content-cache.js';
import { registerContentPages } from './content-pages.js';
import { contentRoutes } from './content-routes.js';
import { logRoute } from './log-route.js';
import { PageRegistry } from './page-registry.js';
import { requestWords } from './request-words.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Serialised content answers, kept until the content version changes (docs/decisions/010). */
    contentCache: ContentCache;
    /** The server-side pages; every module registers its pages here. */
    pageRegistry: PageRegistry;
  }
}

export type ContentModuleOptions = {
  /** How long the content cache trusts its version before checking again (ms, default 1000). */
  revalidateMs?: number;
  /** Clock of the content cache, for tests (default Date.now). */
  now?: () => number;
};

/**
 * The content module: the content cache and the page registry every other
 * module registers its pages in, the guest content pages, the content calls
 * and the client error log; it supplies the words the answers' messages are
 * worded with in the request's language.
 */
export const contentModule = appPlugin<ContentModuleOptions>(
  async (app, options) => {
    app.decorate(
      'contentCache',
      new ContentCache(app.db, {
        revalidateMs: options.revalidateMs,
        now: options.now,
        log: app.log,
      }),
    );
    app.decorate('pageRegistry', new PageRegistry());
    const { publicRootDomain, defaultCountry } = app.config;
    app.messageWording.supply((request) =>
      requestWords(app.contentCache, request, { publicRootDomain, defaultCountry }),
    );
    registerContentPages(app.pageRegistry);
    await app.register(contentRoutes, { now: options.now });
    if (app.config.errorLog) await app.register(logRoute);
  },
  {
    name: 'content',
    dependencies: ['error-handler', 'openapi', '@fastify/formbody', '@fastify/rate-limit'],
  },
);
