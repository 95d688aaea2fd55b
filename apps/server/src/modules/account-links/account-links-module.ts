import type { FastifyInstance } from 'fastify';
import { registerDeletionPages } from './deletion-pages.js';
import { registerEmailChangePages } from './email-change-pages.js';
import { registerEmailConfirmPages } from './email-confirm-pages.js';
import { useLinkSettings } from './link-urls.js';
import { registerPasswordPages } from './password-pages.js';
import { PurgeJob } from './purge-job.js';
import { registerRestorePages } from './restore-pages.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Purges members deleted longer ago than linkLifeTime; later modules add their steps with `addStep`. */
    memberPurge: PurgeJob;
  }
}

/**
 * The emailed-link flows: email confirmation and reconfirm, confirmation of
 * a new email, password recovery, account deletion and restore, each a page of the page registry,
 * and the purge of deleted members.
 */
export function setupAccountLinks(app: FastifyInstance): void {
  useLinkSettings(app.config);
  registerEmailConfirmPages(app);
  registerEmailChangePages(app);
  registerPasswordPages(app);
  registerDeletionPages(app);
  registerRestorePages(app);
  const purge = new PurgeJob(app.db, app.config, app.log.child({ module: 'purge' }));
  app.decorate('memberPurge', purge);
  app.addHook('onClose', () => purge.stop());
}
