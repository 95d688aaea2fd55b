import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { isConnectionFailure, type MailSender, type MailSession } from './mail-sender.js';
import {
  claimDueMail,
  markFailed,
  markSent,
  unsentMailAfter,
  type ClaimedMail,
} from './outbox-repository.js';
import { retryDelayMs } from './retry-backoff.js';

export type MailWorkerOptions = {
  db: Database;
  log: FastifyBaseLogger;
  /** Absent: no SMTP configured; the worker logs what waits in the outbox instead of sending. */
  sender: MailSender | undefined;
  from: string;
  /** Domain part of the Message-ID of sent mails. */
  messageIdDomain: string;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  /** Written to the log without SMTP; off in production, where a link in a log is a credential. */
  logLinks: boolean;
  /** How long a claimed row stays away from other workers (default 5 minutes). */
  leaseMs?: number;
  batchSize?: number;
  random?: () => number;
};

export type CycleResult = { claimed: number; sent: number; failed: number };

const linkPattern = /https?:\/\/[^\s<>"']+/g;

/**
 * Sends the outbox: claims due rows (several workers, in one or several
 * processes, never claim the same row), sends each over SMTP, and records
 * success, or the error and the next attempt with exponential backoff.
 * The mail module runs a cycle every MAIL_POLL_MS, and at once after a
 * commit that queued mail (a periodic job, lib/periodic-job.ts).
 */
export class MailWorker {
  private lastLoggedId = 0;
  private readonly leaseMs: number;
  private readonly batchSize: number;

  constructor(private readonly options: MailWorkerOptions) {
    this.leaseMs = options.leaseMs ?? 300_000;
    this.batchSize = options.batchSize ?? 10;
  }

  get isSending(): boolean {
    return this.options.sender !== undefined;
  }

  /** Closes the SMTP connections (when the app closes, after the last cycle). */
  close(): void {
    this.options.sender?.close();
  }

  /** Repeats cycles until nothing is due; for tests and the operations runbook. */
  async drain(): Promise<CycleResult> {
    const total: CycleResult = { claimed: 0, sent: 0, failed: 0 };
    for (;;) {
      const result = await this.runCycle();
      total.claimed += result.claimed;
      total.sent += result.sent;
      total.failed += result.failed;
      if (result.claimed === 0) return total;
    }
  }

  /**
   * One pass: sends what is due (in batches), or logs what waits when there
   * is no SMTP. Once `stopping` is aborted it ends after the current batch.
   */
  async runCycle(stopping?: AbortSignal): Promise<CycleResult> {
    if (!this.isSending) return this.logUnsent();
    const total: CycleResult = { claimed: 0, sent: 0, failed: 0 };
    // One SMTP session for the cycle's batches, opened with the first mail and closed when the
    // backlog is done: a connection costs more than a message, and none stays open between cycles.
    let session: MailSession | undefined;
    try {
      for (;;) {
        const batch = await claimDueMail(this.options.db, {
          limit: this.batchSize,
          leaseMs: this.leaseMs,
          maxAttempts: this.options.maxAttempts,
        });
        if (batch.length === 0) return total;
        session ??= this.options.sender!.open();
        const result = await this.sendBatch(session, batch);
        total.claimed += batch.length;
        total.sent += result.sent;
        total.failed += result.failed;
        // A short batch means the backlog is done; a failure means SMTP trouble: wait for the next poll.
        if (batch.length < this.batchSize || result.failed > 0 || stopping?.aborted === true) {
          return total;
        }
      }
    } finally {
      session?.close();
    }
  }

  private async sendBatch(
    session: MailSession,
    batch: ClaimedMail[],
  ): Promise<{ sent: number; failed: number }> {
    const { db, log } = this.options;
    let sent = 0;
    let failed = 0;
    for (const [position, mail] of batch.entries()) {
      try {
        await session.send({
          from: this.options.from,
          to: mail.recipient,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<outbox-${mail.id}@${this.options.messageIdDomain}>`,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // The connection is down: the rest of the batch would wait for the same timeouts.
        const postponed = isConnectionFailure(error) ? batch.slice(position) : [mail];
        for (const row of postponed) {
          await markFailed(
            db,
            row,
            message,
            retryDelayMs(row.attempts, this.options, this.options.random),
          );
        }
        failed += postponed.length;
        log.warn(
          {
            mailId: mail.id,
            template: mail.template,
            attempts: mail.attempts,
            postponed: postponed.length,
            error: message,
          },
          'mail not sent; will retry',
        );
        if (postponed.length > 1) break;
        continue;
      }
      await markSent(db, mail);
      sent += 1;
      log.debug({ mailId: mail.id, template: mail.template }, 'mail sent');
    }
    return { sent, failed };
  }

  private async logUnsent(): Promise<CycleResult> {
    const rows = await unsentMailAfter(this.options.db, this.lastLoggedId, 50);
    for (const row of rows) {
      const links = this.options.logLinks ? (row.text.match(linkPattern) ?? []) : undefined;
      this.options.log.info(
        { mailId: row.id, to: row.recipient, template: row.template, links },
        'mail not sent (no SMTP_URL); it stays in the outbox',
      );
      this.lastLoggedId = row.id;
    }
    return { claimed: 0, sent: 0, failed: 0 };
  }
}
