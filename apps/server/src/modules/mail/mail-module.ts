import { appPlugin } from '../../app-types.js';
import { wakeAfterCommit } from '../../lib/commit-signal.js';
import { PeriodicJob } from '../../lib/periodic-job.js';
import { smtpSender, type MailSender } from './mail-sender.js';
import { useMailLinkHosts } from './mail-templates.js';
import { MailWorker } from './mail-worker.js';
import { outboxSignal } from './outbox-signal.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker's passes (`runCycle`, `drain`); its job is `mailOutbox` of `app.backgroundJobs`. */
    mailWorker: MailWorker;
  }
}

export type MailModuleOptions = {
  /** Replaces SMTP (tests); by default SMTP_URL decides. */
  sender?: MailSender;
};

/**
 * The mail outbox: its worker as the background job `mailOutbox` (every
 * MAIL_POLL_MS, and at once after a response whose request queued mail, its
 * transaction committed by then), closed when the app closes; and the club's
 * hosts, which the mail templates' links and images must be on.
 */
export const mailModule = appPlugin<MailModuleOptions>(
  (app, options) => {
    const { config } = app;
    // Every mail made from now on keeps only links and images of these hosts.
    useMailLinkHosts(config);
    const log = app.log.child({ module: 'mail' });
    const worker = new MailWorker({
      db: app.db,
      log,
      sender:
        options.sender ?? (config.smtpUrl === undefined ? undefined : smtpSender(config.smtpUrl)),
      from: config.mailFrom,
      messageIdDomain: config.publicRootDomain,
      retryBaseMs: config.mail.retryBaseMs,
      retryMaxMs: config.mail.retryMaxMs,
      maxAttempts: config.mail.maxAttempts,
      logLinks: !config.production,
    });
    app.decorate('mailWorker', worker);
    const job = new PeriodicJob({
      intervalMs: config.mail.pollMs,
      run: (stopping) => worker.runCycle(stopping),
      log,
      failureMessage: 'mail outbox cycle failed',
    });
    app.backgroundJobs.add('mailOutbox', job);
    if (app.backgroundJobs.enabled && !worker.isSending) {
      log.warn('SMTP_URL is not set: mail stays in the outbox and is written to the log instead');
    }
    wakeAfterCommit(app, outboxSignal, job);
    app.addHook('onClose', async () => {
      await job.stop();
      worker.close();
    });
  },
  { name: 'mail', dependencies: ['background-jobs', 'content'] },
);
