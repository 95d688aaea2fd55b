import type { FastifyInstance } from 'fastify';
import { smtpSender, type MailSender } from './mail-sender.js';
import { MailWorker } from './mail-worker.js';
import { outboxSignal } from './outbox-signal.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker; started with the app's background jobs, stopped when the app closes. */
    mailWorker: MailWorker;
  }
}

export type MailSetupOptions = {
  /** Replaces SMTP (tests); by default SMTP_URL decides. */
  sender?: MailSender;
};

/**
 * The mail outbox: decorates the app with its worker, nudges the worker
 * after a response whose request queued mail (its transaction has committed
 * by then), and stops it when the app closes. Starting it is the caller's
 * choice (`backgroundJobs`), so tests run without timers unless they ask.
 */
export function setupMail(app: FastifyInstance, options: MailSetupOptions = {}): void {
  const { config } = app;
  const worker = new MailWorker({
    db: app.db,
    log: app.log.child({ module: 'mail' }),
    sender:
      options.sender ?? (config.smtpUrl === undefined ? undefined : smtpSender(config.smtpUrl)),
    from: config.mailFrom,
    messageIdDomain: config.publicRootDomain,
    pollMs: config.mail.pollMs,
    retryBaseMs: config.mail.retryBaseMs,
    retryMaxMs: config.mail.retryMaxMs,
    maxAttempts: config.mail.maxAttempts,
    logLinks: !config.production,
  });
  app.decorate('mailWorker', worker);

  let seen = outboxSignal.current();
  app.addHook('onResponse', (_request, _reply, done) => {
    const now = outboxSignal.current();
    if (now !== seen) {
      seen = now;
      worker.wake();
    }
    done();
  });
  app.addHook('onClose', () => worker.stop());
}
