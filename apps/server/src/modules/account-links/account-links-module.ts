import { appPlugin } from '../../app-types.js';
import { PeriodicJob } from '../../lib/periodic-job.js';
import {
  endAccessAfterCredentialChange,
  notifyPasswordChanged,
  requestEmailChange,
} from './account-changes.js';
import { sendConfirmEmail } from './confirm-email.js';
import { registerDeletionPages } from './deletion-pages.js';
import { registerEmailChangePages } from './email-change-pages.js';
import { registerEmailConfirmPages } from './email-confirm-pages.js';
import { useLinkSettings } from '../content/member-page-urls.js';
import { registerMemberNumberPages } from './member-number-pages.js';
import { MemberPurge } from './member-purge.js';
import { registerPasswordPages } from './password-pages.js';
import { registerRestorePages } from './restore-pages.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Purges members deleted longer ago than linkLifeTime; its job is `memberPurge` of `app.backgroundJobs`. */
    memberPurge: MemberPurge;
  }
}

/**
 * The emailed-link flows: email confirmation and reconfirm, confirmation of
 * a new email, password and member-number recovery, account deletion and restore, each a page
 * of the page registry, and the purge of deleted members (every
 * PURGE_INTERVAL_MS, the background job `memberPurge`). It gives the agents
 * module, below it, the flows registration and the own record need.
 */
export const accountLinksModule = appPlugin(
  (app) => {
    useLinkSettings(app.config);
    app.accountLinkFlows.supply({
      sendConfirmEmail,
      endAccessAfterCredentialChange,
      notifyPasswordChanged,
      requestEmailChange,
    });
    registerEmailConfirmPages(app);
    registerEmailChangePages(app);
    registerPasswordPages(app);
    registerMemberNumberPages(app);
    registerDeletionPages(app);
    registerRestorePages(app);
    const log = app.log.child({ module: 'purge' });
    const purge = new MemberPurge(app.db, app.config, log);
    app.decorate('memberPurge', purge);
    app.backgroundJobs.add(
      'memberPurge',
      new PeriodicJob({
        intervalMs: app.config.purgeIntervalMs,
        run: () => purge.runLogged(),
        log,
        failureMessage: 'purge of deleted members failed',
      }),
    );
  },
  { name: 'account-links', dependencies: ['background-jobs', 'content', 'agents', 'mail'] },
);
