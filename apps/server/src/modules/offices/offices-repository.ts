import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { OfficeData } from '@club/contract/membership';
import { storable } from '@club/contract/validation-rules';
import type { Database, Transaction } from '../../db/client.js';
import { officeEnrollRequests, officeNotifyRequests, offices } from './schema.js';

export type Office = typeof offices.$inferSelect;
/**
 * Office IDs are stored upper-case, so a lookup upper-cases what was typed
 * (the web app upper-cases it too, spec 2 §7, but API clients may not).
 */
export const normalizeOfficeId = (officeId: string) => officeId.trim().toUpperCase();

/** The office of that ID in that country, or undefined (also for another country's office). */
export async function findOffice(
  db: Database,
  officeId: string,
  countryCode: string,
): Promise<Office | undefined> {
  // PostgreSQL text cannot hold a NUL: no office has one, and the query would fail on it.
  if (!storable(officeId) || !storable(countryCode)) return undefined;
  const [office] = await db
    .select()
    .from(offices)
    .where(
      and(
        eq(offices.officeId, normalizeOfficeId(officeId)),
        eq(offices.countryCode, countryCode.toLowerCase()),
      ),
    );
  return office;
}

/** The office lookup answer (spec 1 §3 "Office data"). */
export function officeData(office: Office): OfficeData {
  return {
    officeId: office.officeId,
    fullName: office.agencyName,
    zip: office.zip,
    address: office.address,
    isAmadeusDirectOffice: office.isAmadeusDirectOffice,
    active: office.active,
  };
}

/**
 * Records an access request for the office and tells whether its decision
 * maker should be emailed now: only for an inactive office (an active one
 * needs no approval) with a decision maker's address, and at most once per
 * quiet period. The office row is locked for
 * the transaction, so concurrent requests for one office (also from several
 * server processes) decide one after the other and only one mails.
 */
export async function recordEnrollRequest(
  tx: Transaction,
  office: Office,
  now: Date,
  quietHours: number,
): Promise<{ mail: boolean }> {
  await tx
    .select({ officeId: offices.officeId })
    .from(offices)
    .where(eq(offices.officeId, office.officeId))
    .for('update');
  const [lastMailed] = await tx
    .select({ mailedAt: officeEnrollRequests.mailedAt })
    .from(officeEnrollRequests)
    .where(
      and(
        eq(officeEnrollRequests.officeId, office.officeId),
        isNotNull(officeEnrollRequests.mailedAt),
      ),
    )
    .orderBy(desc(officeEnrollRequests.mailedAt))
    .limit(1);
  const quietUntil =
    lastMailed?.mailedAt == null
      ? undefined
      : lastMailed.mailedAt.getTime() + quietHours * 3_600_000;
  const mail =
    !office.active &&
    office.decisionMakerEmail !== null &&
    (quietUntil === undefined || now.getTime() >= quietUntil);
  await tx.insert(officeEnrollRequests).values({
    officeId: office.officeId,
    countryCode: office.countryCode,
    requestedAt: now,
    mailedAt: mail ? now : null,
  });
  return { mail };
}

/**
 * Stores an email to tell once the office becomes active. The same address
 * waiting for the same office is stored once; a waiting list that holds
 * `maxWaiting` addresses takes no more ('full'). The office row is locked, so
 * concurrent requests cannot pass the cap together.
 */
export async function storeNotifyRequest(
  db: Database,
  office: Office,
  email: string,
  languageCode: string,
  now: Date,
  maxWaiting = Number.POSITIVE_INFINITY,
): Promise<'stored' | 'already-waiting' | 'full'> {
  return db.transaction(async (tx) => {
    await tx
      .select({ officeId: offices.officeId })
      .from(offices)
      .where(eq(offices.officeId, office.officeId))
      .for('update');
    const [waiting] = await tx
      .select({ id: officeNotifyRequests.id })
      .from(officeNotifyRequests)
      .where(
        and(
          eq(officeNotifyRequests.officeId, office.officeId),
          eq(sql`lower(${officeNotifyRequests.email})`, email.toLowerCase()),
          sql`${officeNotifyRequests.notifiedAt} is null`,
        ),
      )
      .limit(1);
    if (waiting !== undefined) return 'already-waiting';
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(officeNotifyRequests)
      .where(
        and(
          eq(officeNotifyRequests.officeId, office.officeId),
          sql`${officeNotifyRequests.notifiedAt} is null`,
        ),
      );
    if (count >= maxWaiting) return 'full';
    await tx.insert(officeNotifyRequests).values({
      officeId: office.officeId,
      countryCode: office.countryCode,
      languageCode,
      email,
      createdAt: now,
    });
    return 'stored';
  });
}
