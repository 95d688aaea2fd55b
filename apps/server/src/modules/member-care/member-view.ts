import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  MEMBER_VIEW_LIMITS,
  type MemberBooking,
  type MemberLedgerEntry,
  type MemberView,
} from '@club/contract/staff-members';
import type { Database } from '../../db/client.js';
import { agents, sessions, type AccountStatus } from '../agents/schema.js';
import { countries } from '../content/schema.js';
import { giftOrderLines, giftOrders } from '../gifts/schema.js';
import { loginFailures } from '../limits/schema.js';
import { mailOutbox } from '../mail/schema.js';
import { bookings, bookingSegments, pointAdjustments, pointEntries } from '../points/schema.js';
import { statusReport } from '../points/status-report.js';
import { segmentNoPointsReason } from './segment-outcome.js';
import { readRuleBook } from '../earning-rules/rule-book.js';
import { appliedRuleOf } from '@club/contract/earning-rules';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * The member a staff call names, with what the country checks need; undefined
 * for no such member (a purged member's tombstone is none).
 */
export async function memberByNumber(db: Database, number: string) {
  const [member] = await db
    .select({ id: agents.id, number: agents.number, countryCode: agents.countryCode })
    .from(agents)
    .where(and(eq(agents.number, number), ne(agents.status, 'purged')));
  return member;
}

export type MemberViewContext = { today: string; now: Date; orderPartnerOff: boolean };

/**
 * The staff's single member view: every part read by the member's id or
 * number through an index (docs/staff-console.md "Members"), each list the
 * latest MEMBER_VIEW_LIMITS of its kind. Undefined for no such member.
 */
export async function memberView(
  db: Database,
  agentId: number,
  context: MemberViewContext,
): Promise<Omit<MemberView, 'adjustmentLimit'> | undefined> {
  const profile = await memberProfile(db, agentId, context.now);
  if (profile === undefined) return undefined;
  const report = await statusReport(db, agentId, context.today, context.orderPartnerOff);
  const memberBookings = await bookingsOf(db, agentId, profile.number);
  const ledger = await ledgerEntries(db, agentId, undefined);
  const orders = await ordersOf(db, agentId);
  const mails = await mailsTo(db, profile.email);
  return {
    profile,
    status: {
      totalSegmentsPD: report.totalSegmentsPD,
      totalSegmentsOk: report.totalSegmentsOk,
      accumulated: report.accumulated,
      regular: report.regular,
      additional: report.additional,
      used: report.used,
      expired: report.expired,
      available: report.available,
    },
    bookings: memberBookings,
    ledger: ledger.entries,
    ledgerHasMore: ledger.hasMore,
    orders,
    mails,
  };
}

async function memberProfile(db: Database, agentId: number, now: Date) {
  const [row] = await db
    .select({
      number: agents.number,
      countryCode: agents.countryCode,
      languageCode: agents.languageCode,
      officeId: agents.officeId,
      // A tombstone is no account (the condition below).
      state: sql<AccountStatus>`${agents.status}`,
      title: agents.title,
      firstName: agents.firstName,
      lastName: agents.lastName,
      email: agents.email,
      phone: agents.phone,
      newsletter: agents.newsletter,
      directAccess: agents.isAmadeusDirectUser,
      acceptedTermsVersion: agents.acceptedTermsVersion,
      countryTermsVersion: sql<string>`coalesce(${countries.termsVersion}, '1')`,
      termsAcceptedAt: agents.termsAcceptedAt,
      createdAt: agents.createdAt,
      activatedAt: agents.activatedAt,
      deletedAt: agents.deletedAt,
    })
    .from(agents)
    .leftJoin(countries, eq(countries.code, agents.countryCode))
    .where(and(eq(agents.id, agentId), ne(agents.status, 'purged')));
  if (row === undefined) return undefined;
  // The login limiter's counter of the member's number (modules/limits).
  const [backoff] = await db
    .select({ failures: loginFailures.failures, blockedUntil: loginFailures.blockedUntil })
    .from(loginFailures)
    .where(eq(loginFailures.key, `number:${row.number}`));
  const [open] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(sessions)
    .where(
      and(eq(sessions.agentId, agentId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    );
  const blockedUntil = backoff?.blockedUntil ?? null;
  return {
    ...row,
    termsAcceptedAt: iso(row.termsAcceptedAt),
    createdAt: iso(row.createdAt)!,
    activatedAt: iso(row.activatedAt),
    deletedAt: iso(row.deletedAt),
    loginBackoff: {
      failures: backoff?.failures ?? 0,
      blockedUntil:
        blockedUntil !== null && new Date(blockedUntil) > now ? iso(blockedUntil) : null,
    },
    openSessions: open?.count ?? 0,
  };
}

/**
 * The member's bookings, newest first: those that credited them and those
 * whose remark names their number (rejected ones among them), each read
 * through its own index, with every segment and why it earned nothing.
 */
async function bookingsOf(db: Database, agentId: number, number: string): Promise<MemberBooking[]> {
  const limit = MEMBER_VIEW_LIMITS.bookings;
  const columns = {
    id: bookings.id,
    pnr: bookings.pnr,
    officeId: bookings.officeId,
    createdOn: bookings.createdOn,
    state: bookings.state,
    reason: bookings.reason,
  };
  const [credited, named] = [
    await db
      .select(columns)
      .from(bookings)
      .where(eq(bookings.agentId, agentId))
      .orderBy(desc(bookings.createdOn), desc(bookings.id))
      .limit(limit),
    await db
      .select(columns)
      .from(bookings)
      .where(eq(bookings.memberNumber, number))
      .orderBy(desc(bookings.createdOn), desc(bookings.id))
      .limit(limit),
  ];
  const byId = new Map([...credited, ...named].map((booking) => [booking.id, booking]));
  const listed = [...byId.values()]
    .sort((a, b) => b.createdOn.localeCompare(a.createdOn) || b.id - a.id)
    .slice(0, limit);
  const rules = await readRuleBook(db);
  const segments =
    listed.length === 0
      ? []
      : await db
          .select()
          .from(bookingSegments)
          .where(
            inArray(
              bookingSegments.bookingId,
              listed.map((booking) => booking.id),
            ),
          )
          .orderBy(bookingSegments.bookingId, bookingSegments.serviceDate, bookingSegments.id);
  return listed.map((booking) => {
    const own = segments
      .filter((segment) => segment.bookingId === booking.id)
      .map((segment) => {
        const points = segment.creditedAgentId === agentId ? segment.points : 0;
        return {
          segmentId: segment.segmentId,
          kind: segment.kind,
          sourceStatus: segment.sourceStatus,
          status: segment.status,
          serviceDate: segment.serviceDate,
          endDate: segment.endDate,
          points,
          creditedOn: segment.creditedOn,
          noPointsReason: segmentNoPointsReason(booking, segment, agentId),
          rules:
            points === 0
              ? []
              : segment.earningRuleIds.flatMap((id) => {
                  const rule = rules.rule(id);
                  return rule === undefined ? [] : [appliedRuleOf(rule)];
                }),
        };
      });
    return {
      pnr: booking.pnr,
      officeId: booking.officeId,
      createdOn: booking.createdOn,
      state: booking.state,
      reason: booking.reason,
      points: own.reduce((sum, segment) => sum + segment.points, 0),
      segments: own,
    };
  });
}

/**
 * The member's ledger entries, newest first (by `point_entries_agent_recent_idx`),
 * with each adjustment's maker; `before` pages to older ones.
 */
export async function ledgerEntries(
  db: Database,
  agentId: number,
  before: number | undefined,
): Promise<{ entries: MemberLedgerEntry[]; hasMore: boolean }> {
  const limit = MEMBER_VIEW_LIMITS.ledger;
  const rows = await db
    .select({
      id: pointEntries.id,
      kind: pointEntries.kind,
      amount: pointEntries.amount,
      entryDate: pointEntries.entryDate,
      expiresOn: pointEntries.expiresOn,
      description: pointEntries.description,
      pnr: bookings.pnr,
      orderId: pointEntries.orderId,
      adjustedBy: pointAdjustments.actor,
      createdAt: pointEntries.createdAt,
    })
    .from(pointEntries)
    .leftJoin(bookings, eq(bookings.id, pointEntries.bookingId))
    .leftJoin(pointAdjustments, eq(pointAdjustments.entryId, pointEntries.id))
    .where(
      and(
        eq(pointEntries.agentId, agentId),
        before === undefined ? undefined : lt(pointEntries.id, before),
      ),
    )
    .orderBy(desc(pointEntries.id))
    .limit(limit + 1);
  return {
    entries: rows.slice(0, limit).map((row) => ({
      ...row,
      adjustedBy: row.adjustedBy ?? null,
      createdAt: iso(row.createdAt)!,
    })),
    hasMore: rows.length > limit,
  };
}

async function ordersOf(db: Database, agentId: number) {
  const orders = await db
    .select({
      id: giftOrders.id,
      state: giftOrders.state,
      totalPoints: giftOrders.totalPoints,
      delivery: giftOrders.delivery,
      provider: giftOrders.provider,
      createdAt: giftOrders.createdAt,
      fulfilledAt: giftOrders.fulfilledAt,
      failedAt: giftOrders.failedAt,
      lastError: giftOrders.lastError,
    })
    .from(giftOrders)
    .where(eq(giftOrders.agentId, agentId))
    .orderBy(desc(giftOrders.createdAt), desc(giftOrders.id))
    .limit(MEMBER_VIEW_LIMITS.orders);
  const lines =
    orders.length === 0
      ? []
      : await db
          .select()
          .from(giftOrderLines)
          .where(
            inArray(
              giftOrderLines.orderId,
              orders.map((order) => order.id),
            ),
          );
  return orders.map((order) => ({
    ...order,
    createdAt: iso(order.createdAt)!,
    fulfilledAt: iso(order.fulfilledAt),
    failedAt: iso(order.failedAt),
    lines: lines
      .filter((line) => line.orderId === order.id)
      .map(({ giftId, description, quantity, points }) => ({
        giftId,
        description,
        quantity,
        points,
      })),
  }));
}

/** The outbox's mails to the address (by `mail_outbox_recipient_idx`): template and subject, never the body. */
async function mailsTo(db: Database, email: string) {
  const rows = await db
    .select({
      id: mailOutbox.id,
      template: mailOutbox.template,
      subject: mailOutbox.subject,
      attempts: mailOutbox.attempts,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.recipient}) = ${email.toLowerCase()}`)
    .orderBy(desc(sql`${mailOutbox.createdAt}`))
    .limit(MEMBER_VIEW_LIMITS.mails);
  return rows.map((row) => ({
    ...row,
    state:
      row.sentAt !== null
        ? ('sent' as const)
        : row.attempts > 0
          ? ('retrying' as const)
          : ('waiting' as const),
    createdAt: iso(row.createdAt)!,
    sentAt: iso(row.sentAt),
  }));
}
