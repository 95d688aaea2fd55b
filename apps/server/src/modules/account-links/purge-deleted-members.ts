import { and, eq, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Database, Transaction } from '../../db/client.js';
import { agentLinks, agents, directAccessChanges, sessions } from '../agents/schema.js';
import { memberTaxInfo } from '../gifts/schema.js';
import { loginFailures } from '../limits/schema.js';
import { mailOutbox } from '../mail/schema.js';
import { daysInterval } from '../mail/sql-time.js';
import { lockBookings } from '../points/locks.js';
import { expiryReminders } from '../points/schema.js';
import {
  anonymiseBooks,
  memberPseudonym,
  personalValues,
  pseudonymiseAudit,
  type PurgedMember,
} from './purged-members.js';

/**
 * A step of a purge, run in its transaction before the members' rows become
 * tombstones: a later module whose tables keep rows about members removes or
 * anonymises them here (the purge itself handles the modules below it).
 */
export type PurgeStep = (tx: Transaction, members: readonly PurgedMember[]) => Promise<void>;

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
 * Purges members deleted longer ago than their country's linkLifeTime
 * (docs/decisions/037): removes their sessions and handover codes, links,
 * direct-access history, expiry reminders, tax information, the mails to
 * them and their failed-login counters; keeps the programme's books about
 * them (ledger, lots, balance, bookings, gift orders, audit entries)
 * anonymised (purged-members.ts), and their row as a tombstone: status
 * `purged`, the member number and email replaced by a pseudonym, name,
 * phone, addresses, sign and password emptied. The books' foreign keys keep
 * holding, nothing cascades, and every report reads as before.
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
      // Imports and the points clock write bookings and ledger under this
      // lock, taken before any member row: the purge waits for a batch to end
      // instead of locking rows in another order.
      await lockBookings(tx);
      const due = await tx
        .select({
          id: agents.id,
          email: agents.email,
          number: agents.number,
          firstName: agents.firstName,
          lastName: agents.lastName,
          phone: agents.phone,
          address: agents.address,
          giftDeliveryAddress: agents.giftDeliveryAddress,
          sign: agents.sign,
        })
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
      const members: PurgedMember[] = due.map((member) => ({
        id: member.id,
        number: member.number,
        pseudonym: memberPseudonym(),
        personal: personalValues(member),
      }));
      for (const step of steps) await step(tx, members);
      const emails = due.map((member) => member.email.toLowerCase());
      await tx.delete(mailOutbox).where(inArray(sql`lower(${mailOutbox.recipient})`, emails));
      // Failed-login counters by member number (the login limiter's `number:`
      // keys, and its `device:<number>:` keys of the member's device cookies).
      const counters = due.map((member) => `number:${member.number}`);
      const devices = due.map(
        (member) => sql`${loginFailures.key} like ${`device:${member.number}:%`}`,
      );
      await tx.delete(loginFailures).where(or(inArray(loginFailures.key, counters), ...devices));
      // Handover codes go with their sessions (cascade).
      await tx.delete(sessions).where(inArray(sessions.agentId, ids));
      await tx.delete(agentLinks).where(inArray(agentLinks.agentId, ids));
      await tx.delete(directAccessChanges).where(inArray(directAccessChanges.agentId, ids));
      await tx.delete(expiryReminders).where(inArray(expiryReminders.agentId, ids));
      await tx.delete(memberTaxInfo).where(inArray(memberTaxInfo.agentId, ids));
      await anonymiseBooks(tx, members);
      await tombstone(tx, members);
      await pseudonymiseAudit(tx, members);
      return due.length;
    });
    if (batch === null) return { purged, skipped: purged === 0 };
    purged += batch;
    if (batch < batchSize) break;
  }
  await removeOldMail(db, config.mail.maxAttempts);
  return { purged, skipped: false };
}

/**
 * The members' rows as tombstones: what the books need (id, country,
 * language, office, the account's dates) stays; what names the person goes.
 * The pseudonym takes the place of the number and of the email (unique, and
 * no address: no login, link or mail reaches it); an empty password hash
 * matches no password.
 */
async function tombstone(tx: Transaction, members: readonly PurgedMember[]): Promise<void> {
  const pseudonyms = sql.join(
    members.map((member) => sql`(${member.id}::int, ${member.pseudonym}::text)`),
    sql`, `,
  );
  await tx.execute(sql`
    update agents a set status = 'purged', number = v.pseudonym, email = v.pseudonym,
      title = '', first_name = '', last_name = '', phone = '', birthday_day = '',
      birthday_month = '', newsletter = false, sign = '', address = '',
      gift_delivery_address = '', password_hash = ''
    from (values ${pseudonyms}) as v(id, pseudonym)
    where a.id = v.id`);
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
