import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mailOutbox } from './schema.js';
import { millisecondsInterval } from './sql-time.js';

export type OutboxRow = typeof mailOutbox.$inferSelect;
/** A row as claimed by one worker: its lease value fences the later updates. */
export type ClaimedMail = OutboxRow & { lockedUntil: Date };

/** Millisecond precision, so that the lease read back into a Date compares equal. */
const leaseUntil = (leaseMs: number) =>
  sql`date_trunc('milliseconds', now() + ${millisecondsInterval(leaseMs)})`;

/**
 * Claims up to `limit` due messages for one worker: `FOR UPDATE SKIP LOCKED`
 * keeps two workers claiming at the same moment apart, and the lease
 * (`locked_until`) keeps the rows away from others while they are sent. A
 * worker that dies mid-send leaves rows that are due again once the lease
 * runs out. The attempt is counted here, so such a crash counts too.
 */
export async function claimDueMail(
  db: Database,
  options: { limit: number; leaseMs: number; maxAttempts: number },
): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        lte(mailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, sql`now()`)),
        lt(mailOutbox.attempts, options.maxAttempts),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({ lockedUntil: leaseUntil(options.leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return rows
    .filter((row): row is ClaimedMail => row.lockedUntil !== null)
    .sort((a, b) => a.id - b.id);
}

/** Only the worker that still holds the lease may record the outcome. */
const heldBy = (mail: ClaimedMail) =>
  and(eq(mailOutbox.id, mail.id), eq(mailOutbox.lockedUntil, mail.lockedUntil));

export async function markSent(db: Database, mail: ClaimedMail): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(heldBy(mail));
}

export async function markFailed(
  db: Database,
  mail: ClaimedMail,
  error: string,
  retryInMs: number,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + ${millisecondsInterval(retryInMs)}`,
      lockedUntil: null,
    })
    .where(heldBy(mail));
}

/** Unsent messages after `afterId`, oldest first: what a worker without SMTP writes to the log. */
export async function unsentMailAfter(
  db: Database,
  afterId: number,
  limit: number,
): Promise<Pick<OutboxRow, 'id' | 'recipient' | 'template' | 'text'>[]> {
  return db
    .select({
      id: mailOutbox.id,
      recipient: mailOutbox.recipient,
      template: mailOutbox.template,
      text: mailOutbox.text,
    })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), gt(mailOutbox.id, afterId)))
    .orderBy(asc(mailOutbox.id))
    .limit(limit);
}

/** Whether a mail of this template went to this address within the last `withinMs`: resend throttling. */
export async function mailQueuedRecently(
  db: Database,
  mail: { to: string; template: string; withinMs: number },
): Promise<boolean> {
  const [row] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        sql`lower(${mailOutbox.recipient}) = lower(${mail.to})`,
        eq(mailOutbox.template, mail.template),
        gt(mailOutbox.createdAt, sql`now() - ${millisecondsInterval(mail.withinMs)}`),
      ),
    )
    .limit(1);
  return row !== undefined;
}
