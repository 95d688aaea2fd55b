import { and, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ArchivePointsPageSchema,
  POINTS_ROWS_LIMIT,
  PointsPageSchema,
  PointsSearchSchema,
  type ArchivePointsPage,
  type PointsPage,
  type PointsRow,
  type PointsSearch,
  type QueuedBooking,
} from '@club/contract/points';
import type { App } from '../../app-types.js';
import { fieldMessages } from '../../lib/validation-data.js';
import type { SessionMember } from '../agents/members.js';
import type { PageFields } from '../content/page-registry.js';
import { addYears, dayOf } from './calendar-days.js';
import { CREDIT_LIFETIME_YEARS } from './ledger.js';
import { bookings, pointArchives, pointEntries } from './schema.js';
import { readRuleBook, type RuleBook } from '../earning-rules/rule-book.js';
import type { Earned } from '@club/contract/earning-rules';
import type { SegmentKind, SegmentRule } from '@club/contract/points';
import { statusReport } from './status-report.js';
import { acceptedPnrsWithSegments } from './accepted-pnrs.js';
import { pageWording } from '../content/page-wording.js';
import { wordLedgerDescription } from '@club/contract/ledger-descriptions';

type PointsPagesOptions = { now: () => number };

/** The points page (spec 2 §3 "Points page", §5 search) and archive points (§2.4). */
export function registerPointsPages(app: App, options: PointsPagesOptions): void {
  const { db } = app;
  const { now } = options;

  app.pageRegistry.register<PointsPage, unknown, unknown>({
    name: 'points',
    memberOnly: true,
    words: ['points', 'pointsStatus', 'pointsReason', 'claims'],
    schema: PointsPageSchema,
    load: async (context) => {
      const { content, params, request } = context;
      const member = request.agent!;
      const stored = await content.page();
      const page = {
        title: stored?.title ?? 'Status Points',
        text: stored?.text ?? '',
        postText: stored?.postText ?? '',
      };
      const report = await statusReport(
        db,
        member.id,
        dayOf(now()),
        app.giftsForPoints.orderPartnerOff(),
      );
      const searched = params.searchBy !== undefined && params.searchBy !== '';
      const parsed = searched ? PointsSearchSchema.safeParse(params) : undefined;
      if (parsed?.success === false) {
        const messages = fieldMessages(parsed.error.issues, 'searchBy', await pageWording(context));
        return {
          ...page,
          ...emptyPoints(report.available, report.expired, params.details ?? ''),
          validationMessages: Object.fromEntries(
            Object.entries(messages).map(([field, message]) => [field, [message].flat()]),
          ),
        };
      }
      const search = parsed?.data;
      const [rows, queued, additional, used, orders, wording] = await Promise.all([
        pointsRows(member, search, context.languageCode),
        queuedBookings(member, search),
        entriesOf(member.id, 'additional'),
        app.giftsForPoints.pointsUsed(member.id),
        app.giftsForPoints.orders(member.id, context.language.code),
        pageWording(context),
      ]);
      const listed = search === undefined ? rows.slice(0, POINTS_ROWS_LIMIT) : rows;
      const fields: PageFields<PointsPage> = {
        ...page,
        points: listed,
        totlegsOK: listed.reduce((sum, row) => sum + row.legSOK, 0),
        totpoints: listed.reduce((sum, row) => sum + row.points, 0),
        addArray: additional.map((entry) => ({
          id: entry.id,
          date: entry.entryDate,
          // Worded now, in the page's language; free text as staff wrote it.
          description: wordLedgerDescription(
            { description: entry.description, keyed: entry.keyedDescription },
            wording,
          ),
          pnr: entry.pnr ?? '',
          points: entry.amount,
        })),
        summAdd: additional.reduce((sum, entry) => sum + entry.amount, 0),
        useArray: used,
        summUse: used.reduce((sum, order) => sum + order.points, 0),
        orders,
        expired: report.expired,
        refresh: report.available,
        details: params.details === '1' ? '1' : '',
        noneDet: search !== undefined && listed.length === 0 && queued.length === 0,
        queued,
        truncated: search === undefined && rows.length > POINTS_ROWS_LIMIT,
      };
      return fields;
    },
  });

  app.pageRegistry.register<ArchivePointsPage, unknown, unknown>({
    name: 'archive-points',
    words: ['archivePoints'],
    schema: ArchivePointsPageSchema,
    load: async ({ content, request }) => {
      const stored = await content.page();
      const member = await app.authenticate(request);
      const [archive] =
        member === null
          ? []
          : await db
              .select({
                archiveDate: pointArchives.archiveDate,
                accumulated: pointArchives.accumulated,
                additional: pointArchives.additional,
                used: pointArchives.used,
                remaining: pointArchives.remaining,
              })
              .from(pointArchives)
              .where(eq(pointArchives.memberNumber, member.number));
      return {
        title: stored?.title ?? 'Archive Points',
        text: stored?.text ?? '',
        postText: stored?.postText ?? '',
        archive: archive ?? null,
        loggedIn: member !== null,
      };
    },
  });

  /** The member's accepted PNRs with their live segments, newest first. */
  async function pointsRows(
    member: SessionMember,
    search: PointsSearch | undefined,
    languageCode: string,
  ): Promise<PointsRow[]> {
    const [found, rules] = await Promise.all([
      acceptedPnrsWithSegments(
        db,
        member.id,
        searchConditions(search),
        // One more than listed tells whether the list is cut.
        search === undefined ? POINTS_ROWS_LIMIT + 1 : 10_000,
      ),
      readRuleBook(db),
    ]);
    return found.map((booking) => {
      const own = booking.segments.map((segment) => ({
        ...segment,
        earned: earnedBy(rules, member, booking, segment),
      }));
      const ok = own.filter((segment) => segment.status === 'OK');
      return {
        pnr: booking.pnr,
        date: booking.createdOn,
        legs: own.length,
        legSOK: ok.length,
        // A PNR a claim credited earns nothing more.
        _Price:
          booking.claimId !== null
            ? 0
            : own.reduce((sum, segment) => sum + segment.earned.points, 0),
        points: own.reduce(
          (sum, segment) => sum + (segment.creditedAgentId === member.id ? segment.points : 0),
          0,
        ),
        status: own.length > 0 && ok.length === own.length ? 'OK' : 'PD',
        ...(booking.claimId === null ? {} : { paidByClaim: true }),
        segments: own.map((segment) => ({
          segmentId: segment.segmentId,
          kind: segment.kind,
          serviceDate: segment.serviceDate,
          status: segment.status === 'OK' ? 'OK' : 'PD',
          points: segment.creditedAgentId === member.id ? segment.points : 0,
          expiresOn:
            segment.creditedOn === null
              ? null
              : addYears(segment.creditedOn, CREDIT_LIFETIME_YEARS),
          rules:
            booking.claimId === null
              ? segment.earned.rules.map((rule) => ruleOf(rule, languageCode))
              : [],
        })),
      };
    });
  }

  /**
   * Queued PNRs that earned the member nothing: rejected bookings naming
   * their number; and, when they search one PNR, that PNR if it reached the
   * club from an office of their country without naming anyone.
   */
  async function queuedBookings(
    member: SessionMember,
    search: PointsSearch | undefined,
  ): Promise<QueuedBooking[]> {
    const mine = or(eq(bookings.memberNumber, member.number), eq(bookings.agentId, member.id));
    const visible =
      search?.searchBy === 'pnr'
        ? or(
            mine,
            and(
              sql`${bookings.memberNumber} is null`,
              eq(bookings.officeCountryCode, member.countryCode),
            ),
          )
        : mine;
    const rows = await db
      .select({
        pnr: bookings.pnr,
        date: bookings.createdOn,
        officeId: bookings.officeId,
        reason: bookings.reason,
      })
      .from(bookings)
      .where(and(eq(bookings.state, 'rejected'), visible, ...searchConditions(search)))
      .orderBy(desc(bookings.createdOn))
      .limit(POINTS_ROWS_LIMIT);
    return rows.flatMap((row) => (row.reason === null ? [] : [{ ...row, reason: row.reason }]));
  }

  async function entriesOf(agentId: number, kind: 'additional') {
    return db
      .select({
        id: pointEntries.id,
        entryDate: pointEntries.entryDate,
        description: pointEntries.description,
        keyedDescription: pointEntries.keyedDescription,
        amount: pointEntries.amount,
        pnr: bookings.pnr,
      })
      .from(pointEntries)
      .leftJoin(bookings, eq(bookings.id, pointEntries.bookingId))
      .where(and(eq(pointEntries.agentId, agentId), eq(pointEntries.kind, kind)))
      .orderBy(desc(pointEntries.entryDate), desc(pointEntries.id))
      .limit(1000);
  }
}

function searchConditions(search: PointsSearch | undefined): SQL[] {
  if (search === undefined) return [];
  if (search.searchBy === 'pnr') return [eq(bookings.pnr, search.pnrSearch)];
  return [gte(bookings.createdOn, search.fromDate), lte(bookings.createdOn, search.toDate)];
}

function emptyPoints(available: number, expired: number, details: string) {
  return {
    points: [],
    totlegsOK: 0,
    totpoints: 0,
    addArray: [],
    summAdd: 0,
    useArray: [],
    summUse: 0,
    orders: [],
    expired,
    refresh: available,
    details: details === '1' ? '1' : '',
    noneDet: false,
    queued: [],
    truncated: false,
  };
}

type EarnedSegment = {
  kind: SegmentKind;
  serviceDate: string;
  points: number;
  creditedAgentId: number | null;
  earningRuleIds: number[];
};

type NamedRule = {
  kind: 'base' | 'campaign';
  memberNames: Record<string, string>;
  points: number | null;
  multiplier: number | null;
};

/** A rule that priced a segment (a welcome bonus never does). */
function segmentRule(rules: RuleBook, id: number): NamedRule[] {
  const rule = rules.rule(id);
  if (rule === undefined || rule.kind === 'welcome') return [];
  return [{ ...rule, kind: rule.kind }];
}

/**
 * What a segment earned and under which rules: a credited one as recorded
 * (the rules in force at its dates when it was credited), a pending one as
 * the rules in force today would credit it.
 */
function earnedBy(
  rules: RuleBook,
  member: SessionMember,
  booking: { createdOn: string },
  segment: EarnedSegment,
): { points: number; rules: NamedRule[] } {
  if (segment.creditedAgentId === member.id) {
    return {
      points: segment.points,
      rules: segment.earningRuleIds.flatMap((id) => segmentRule(rules, id)),
    };
  }
  const earned: Earned = rules.earn(member.countryCode, segment.kind, {
    travel: segment.serviceDate,
    booking: booking.createdOn,
  });
  return {
    points: earned.points,
    rules: earned.rules.flatMap((rule) => segmentRule(rules, rule.id)),
  };
}

/** A rule as the member reads it: a campaign by its name in the page's language. */
function ruleOf(rule: NamedRule, languageCode: string): SegmentRule {
  return {
    kind: rule.kind,
    name: rule.kind === 'base' ? '' : (rule.memberNames[languageCode] ?? ''),
    points: rule.points,
    multiplier: rule.multiplier,
  };
}
