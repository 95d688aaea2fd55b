import { and, eq, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Database, Transaction } from '../../db/client.js';
import { agents } from '../agents/schema.js';
import { loginFailures } from '../limits/schema.js';
import { mailOutbox } from '../mail/schema.js';
import { daysInterval } from '../mail/sql-time.js';

/**
 * A step of a purge, run in its transaction before the members' rows go:
 * a later module whose tables keep rows about members (a points ledger)
 * anonymises them here, so its foreign keys do not hold the purge up.
 */
export type PurgeStep = (tx: Transaction, agentIds: number[]) => Promise<void>;

export type PurgeResult = { purged: number; skipped: boolean };

/** Any fixed number, distinct from the migration and content-load locks. */
const PURGE_LOCK_KEY = 4_242_021;
const batchSize = 200;
/** Sent mail is kept this long for support questions, then removed with its personal data. */
const sentMailRetentionDays = 30;

/** `linkLifeTime` of each member's country, in days, as SQL. */
function retentionDays(config: Pick<Config, 'linkLifeTime'>): SQL {
  const entries = Object.entries(config.linkLifeTime.byCountry);
  if (entries.length === 0) return sql`${config.linkLifeTime.defaultDays}::int`;
  const cases = entries.map(([code, days]) => sql`when ${code} then ${days}::int`);
  return sql`(case ${agents.countryCode} ${sql.join(cases, sql` `)} else ${config.linkLifeTime.defaultDays}::int end)`;
}

/**
 * Removes members deleted longer ago than their country's linkLifeTime: the
 * member row with its sessions and links (cascade), the mails to them and
 * their failed-login counters.
 * One process purges at a time (a transaction-scoped advisory lock; the
 * others skip), in batches, and a second run finds nothing: safe with
 * several server processes and idempotent.
 */
export async function purgeDeletedMembers(
  db: Database,
  config: Pick<Config, 'linkLifeTime' | 'mail'>,
  steps: readonly PurgeStep[] = [],
): Promise<PurgeResult> {
  let purged = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      if (!(await tryPurgeLock(tx))) return null;
      const due = await tx
        .select({ id: agents.id, email: agents.email, number: agents.number })
        .from(agents)
        .where(
          and(
            eq(agents.status, 'deleted'),
            lt(agents.deletedAt, sql`now() - ${daysInterval(retentionDays(config))}`),
          ),
        )
        .orderBy(agents.id)
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      const ids = due.map((member) => member.id);
      for (const step of steps) await step(tx, ids);
      const emails = due.map((member) => member.email.toLowerCase());
      await tx.delete(mailOutbox).where(inArray(sql`lower(${mailOutbox.recipient})`, emails));
      // Failed-login counters by member number (the login limiter's `number:`
      // keys, and its `device:<number>:` keys of the member's device cookies).
      const counters = due.map((member) => `number:${member.number}`);
      const devices = due.map(
        (member) => sql`${loginFailures.key} like ${`device:${member.number}:%`}`,
      );
      await tx.delete(loginFailures).where(or(inArray(loginFailures.key, counters), ...devices));
      await tx.delete(agents).where(inArray(agents.id, ids));
      return due.length;
    });
    if (batch === null) return { purged, skipped: purged === 0 };
    purged += batch;
    if (batch < batchSize) break;
  }
  await removeOldMail(db, config.mail.maxAttempts);
  return { purged, skipped: false };
}

async function tryPurgeLock(tx: Transaction): Promise<boolean> {
  const result = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(${PURGE_LOCK_KEY}) as locked`,
  );
  return (result as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
}

/** Mail sent, or given up on, more than the retention ago: it holds names and addresses. */
async function removeOldMail(db: Database, maxAttempts: number): Promise<void> {
  await db
    .delete(mailOutbox)
    .where(
      and(
        lt(mailOutbox.createdAt, sql`now() - ${daysInterval(sentMailRetentionDays)}`),
        or(isNotNull(mailOutbox.sentAt), sql`${mailOutbox.attempts} >= ${maxAttempts}`),
      ),
    );
}
