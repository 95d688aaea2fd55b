import { and, asc, eq, gt, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { memberPageUrl } from '../content/member-page-urls.js';
import { mailRecipientOf } from '../agents/mail-recipient.js';
import { agents } from '../agents/schema.js';
import { enqueueMail } from '../mail/outbox.js';
import { addDays, dayOf, monthOf } from './calendar-days.js';
import { LedgerSession } from './ledger.js';
import { lockBookings } from './locks.js';
import { bookingSegments, bookings, expiryReminders, pointBalances, pointLots } from './schema.js';
import { campaignPart } from '@club/contract/earning-rules';
import { markRulesEarned, readRuleBook } from '../earning-rules/rule-book.js';

/** Reminders go out this many days before points lapse, the most urgent one due only. */
export const REMINDER_DAYS = [90, 30, 7] as const;

const BATCH = 500;

export type PointsClockOptions = {
  now: () => number;
};

export type PointsClockRun = { credited: number; expiredMembers: number; reminders: number };

/**
 * The points clock: pending segments whose service is over become OK and
 * earn their points, lapsed points expire, and members hear of points about
 * to lapse. Every pass is idempotent and safe with several server processes:
 * the segment pass runs under the bookings lock, expiry skips members another
 * process holds, and a reminder is claimed by its row before its mail is queued.
 * The points module runs it every POINTS_JOB_INTERVAL_MS (the background job
 * `pointsClock`).
 */
export class PointsClock {
  constructor(
    private readonly db: Database,
    private readonly options: PointsClockOptions,
  ) {}

  async runOnce(): Promise<PointsClockRun> {
    const today = dayOf(this.options.now());
    const credited = await this.creditFinishedSegments(today);
    const expiredMembers = await this.expireLapsedPoints(today);
    const reminders = await this.remindOfLapsingPoints(today);
    return { credited, expiredMembers, reminders };
  }

  /** Pending segments of accepted bookings whose service ended before today become OK, with their credit. */
  async creditFinishedSegments(today: string): Promise<number> {
    let total = 0;
    for (;;) {
      const done = await this.db.transaction(async (tx) => {
        await lockBookings(tx);
        const due = await tx
          .select({
            segmentRowId: bookingSegments.id,
            bookingId: bookingSegments.bookingId,
            kind: bookingSegments.kind,
            serviceDate: bookingSegments.serviceDate,
            agentId: agents.id,
            countryCode: agents.countryCode,
            pnr: bookings.pnr,
            claimId: bookings.claimId,
            createdOn: bookings.createdOn,
          })
          .from(bookingSegments)
          .innerJoin(bookings, eq(bookings.id, bookingSegments.bookingId))
          .innerJoin(agents, eq(agents.id, bookings.agentId))
          .where(
            and(
              eq(bookingSegments.status, 'PD'),
              eq(bookings.state, 'accepted'),
              sql`coalesce(${bookingSegments.endDate}, ${bookingSegments.serviceDate}) < ${today}`,
            ),
          )
          .orderBy(asc(bookingSegments.id))
          .limit(BATCH);
        if (due.length === 0) return 0;
        const session = await LedgerSession.open(
          tx,
          due.map((segment) => segment.agentId),
          today,
        );
        // The rules in force at each segment's dates, read in this transaction (as the import).
        const rules = await readRuleBook(tx, { lock: true });
        const earnedUnder = new Set<number>();
        for (const segment of due) {
          // A booking whose points a missing-points claim credited earns nothing more.
          const earned =
            segment.claimId === null
              ? rules.earn(segment.countryCode, segment.kind, {
                  travel: segment.serviceDate,
                  booking: segment.createdOn,
                })
              : { points: 0, rules: [] };
          const points = earned.points;
          const earningRuleIds = points > 0 ? earned.rules.map((rule) => rule.id) : [];
          for (const id of earningRuleIds) earnedUnder.add(id);
          session.credit(segment.agentId, {
            kind: 'segment',
            amount: points,
            campaignPoints: campaignPart(points, earned.rules),
            bookingId: segment.bookingId,
            segmentRowId: segment.segmentRowId,
            description: {
              key: 'segmentCredit',
              params: { pnr: segment.pnr, kind: segment.kind, date: segment.serviceDate },
            },
          });
          session.countSegments(segment.agentId, -1, 1);
          await tx
            .update(bookingSegments)
            .set({
              status: 'OK',
              points,
              creditedOn: today,
              creditedAgentId: segment.agentId,
              earningRuleIds,
            })
            .where(eq(bookingSegments.id, segment.segmentRowId));
        }
        await markRulesEarned(tx, earnedUnder, new Date(this.options.now()));
        await session.flush();
        return due.length;
      });
      total += done;
      if (done < BATCH) return total;
    }
  }

  /** Members with points due to lapse, a batch at a time; members another process holds are left to it. */
  async expireLapsedPoints(today: string): Promise<number> {
    let total = 0;
    for (;;) {
      const done = await this.db.transaction(async (tx) => {
        const due = await tx
          .select({ agentId: pointBalances.agentId })
          .from(pointBalances)
          .where(and(isNotNull(pointBalances.nextExpiryOn), lte(pointBalances.nextExpiryOn, today)))
          .orderBy(asc(pointBalances.agentId))
          .limit(BATCH)
          .for('update', { skipLocked: true });
        if (due.length === 0) return 0;
        const session = await LedgerSession.open(
          tx,
          due.map((row) => row.agentId),
          today,
        );
        await session.flush();
        return due.length;
      });
      total += done;
      if (done < BATCH) return total;
    }
  }

  /**
   * One reminder per member, lapse month and notice: 90, 30 and 7 days before
   * the month's first lapse day. A member who is late in the window gets the
   * most urgent notice only, and the earlier ones are marked as done.
   */
  async remindOfLapsingPoints(today: string): Promise<number> {
    const horizon = addDays(today, Math.max(...REMINDER_DAYS));
    const lapsing = await this.db
      .select({
        agentId: pointLots.agentId,
        month: sql<string>`to_char(${pointLots.expiresOn}, 'YYYY-MM')`,
        firstDay: sql<string>`min(${pointLots.expiresOn})::text`,
        points: sql<number>`sum(${pointLots.remaining})::int`,
      })
      .from(pointLots)
      .innerJoin(agents, eq(agents.id, pointLots.agentId))
      .where(
        and(
          gt(pointLots.remaining, 0),
          gt(pointLots.expiresOn, today),
          lte(pointLots.expiresOn, horizon),
          eq(agents.status, 'active'),
        ),
      )
      .groupBy(pointLots.agentId, sql`to_char(${pointLots.expiresOn}, 'YYYY-MM')`)
      // Only groups whose notice is not claimed yet: each pass would otherwise
      // open a transaction for every lapsing month of every member, hourly.
      .having(
        sql`not exists (select 1 from ${expiryReminders} r
          where r.agent_id = ${pointLots.agentId}
            and r.expires_on = date_trunc('month', min(${pointLots.expiresOn}))::date
            and r.days_before = ${noticeFor(sql`min(${pointLots.expiresOn}) - ${today}::date`)})`,
      );
    let sent = 0;
    for (const group of lapsing) {
      const daysLeft = daysBetween(today, group.firstDay);
      const due = REMINDER_DAYS.filter((days) => daysLeft <= days);
      const notice = Math.min(...due);
      const claimed = await this.db.transaction(async (tx) => {
        const monthStart = `${monthOf(group.firstDay)}-01`;
        const rows = await tx
          .insert(expiryReminders)
          .values(
            due.map((days) => ({
              agentId: group.agentId,
              expiresOn: monthStart,
              daysBefore: days,
            })),
          )
          .onConflictDoNothing()
          .returning({ daysBefore: expiryReminders.daysBefore });
        if (!rows.some((row) => row.daysBefore === notice)) return false;
        const member = await mailRecipientOf(tx, group.agentId);
        if (member === undefined) return false;
        await enqueueMail(tx, {
          to: member.email,
          template: 'points-expiry',
          countryCode: member.countryCode,
          languageCode: member.languageCode,
          variables: {
            firstName: member.firstName,
            points: String(group.points),
            date: group.firstDay,
            days: String(daysLeft),
            link: await memberPageUrl(tx, member, 'points'),
          },
        });
        return true;
      });
      if (claimed) sent += 1;
    }
    return sent;
  }
}

/** The notice due with `daysLeft` days to go (SQL): the nearest of REMINDER_DAYS not yet passed. */
function noticeFor(daysLeft: SQL): SQL {
  const [last, ...earlier] = [...REMINDER_DAYS].sort((a, b) => b - a);
  return sql`case ${sql.join(
    earlier
      .reverse()
      .map(
        (days) => sql`when ${daysLeft} <= ${sql.raw(String(days))} then ${sql.raw(String(days))}`,
      ),
    sql` `,
  )} else ${sql.raw(String(last))} end`;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
