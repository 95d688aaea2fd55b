import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import {
  MemberLedgerEntrySchema,
  MemberLedgerPageSchema,
  MemberLedgerQuerySchema,
  MemberNumberParamsSchema,
  MemberSearchAnswerSchema,
  MemberSearchQuerySchema,
  MemberViewSchema,
  notEnoughPointsMessage,
  PointAdjustmentSchema,
} from '@club/contract/staff-members';
import { HttpError, notFound, validationFailed } from '../../lib/http-error.js';
import { dayOf } from '../points/calendar-days.js';
import { NotEnoughPoints } from '../points/ledger.js';
import {
  AdjustmentLimitReached,
  applyPointsAdjustment,
  supportAdjustmentLeft,
  type DailyAdjustmentLimit,
} from '../points/adjustments/adjust-points.js';
import {
  assertStaffCountry,
  staffActor,
  staffCountryFilter,
  staffOf,
} from '../staff/staff-access.js';
import { ledgerEntries, memberByNumber, memberView } from './member-view.js';
import { searchMembers } from './member-search.js';

export type MemberCareRoutesOptions = { now: () => number };

const refusals = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema.describe('No such member in the countries the staff member works in'),
};

/** The console's member calls: search, the single member view, its older ledger entries, adjustments. */
export const memberCareRoutes: FastifyPluginCallbackZod<MemberCareRoutesOptions> = (
  app,
  { now },
  done,
) => {
  const { db, config } = app;
  /** Support's limit per member per day (SUPPORT_ADJUSTMENT_LIMIT); other roles have none. */
  const dailyLimitOf = (staff: ReturnType<typeof staffOf>): DailyAdjustmentLimit | undefined =>
    staff.role === 'support'
      ? { pointsPerMemberPerDay: config.staff.supportAdjustmentLimit }
      : undefined;
  const limitReached = (limit: number, used: number) =>
    new HttpError(403, ErrorCode.forbidden, {
      points: `Support adjusts at most ${limit} points per member a day: ${Math.max(0, limit - used)} left for this member today`,
    });

  /** The member of the path, if the staff member works in their country (else 404 as if none). */
  const reachableMember = async (staff: ReturnType<typeof staffOf>, number: string) => {
    const member = await memberByNumber(db, number);
    if (member === undefined) throw notFound();
    assertStaffCountry(staff, member.countryCode);
    return member;
  };

  app.get(
    '/s2c/staff/v1/members',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Member search: number, email, name or office ID',
        description:
          'Members of the staff member’s countries. Digits match the member number; text with @ an email prefix; one word a last name, first name, email or office ID prefix; two words a first and last name (case and accents ignored). Counts up to 1,000 (`totalCapped` past it).',
        querystring: MemberSearchQuerySchema,
        response: {
          200: dataEnvelope(MemberSearchAnswerSchema),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      return { data: await searchMembers(db, request.query, staffCountryFilter(staff)) };
    },
  );

  app.get(
    '/s2c/staff/v1/members/:number',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'The single member view',
        description:
          'Profile and state, status report, bookings with segments and why any earned nothing, the latest ledger entries with their reasons, orders, and the mails sent (template and subject, never the body).',
        params: MemberNumberParamsSchema,
        response: { 200: dataEnvelope(MemberViewSchema), ...refusals },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const member = await reachableMember(staff, request.params.number);
      const at = now();
      const view = await memberView(db, member.id, {
        today: dayOf(at),
        now: new Date(at),
        orderPartnerOff: app.giftsForPoints.orderPartnerOff(),
      });
      if (view === undefined) throw notFound();
      const dailyLimit = dailyLimitOf(staff);
      const adjustmentLimit =
        dailyLimit === undefined
          ? null
          : await supportAdjustmentLeft(db, member.id, dayOf(at), dailyLimit);
      return { data: { ...view, adjustmentLimit } };
    },
  );

  app.get(
    '/s2c/staff/v1/members/:number/ledger',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: "A member's older ledger entries, newest first",
        description: 'Entries before the entry id `before` (the member view lists the latest 200).',
        params: MemberNumberParamsSchema,
        querystring: MemberLedgerQuerySchema,
        response: { 200: dataEnvelope(MemberLedgerPageSchema), ...refusals },
      },
    },
    async (request) => {
      const member = await reachableMember(staffOf(request), request.params.number);
      return { data: await ledgerEntries(db, member.id, request.query.before) };
    },
  );

  app.post(
    '/s2c/staff/v1/members/:number/adjustments',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: "Adjust a member's points with a reason",
        description:
          'Positive points credit, negative debit (never more than is available: 400). The reason is required; the member sees it on their points page. Support accounts together adjust at most SUPPORT_ADJUSTMENT_LIMIT points (credits and debits alike) per member per day (UTC), counted in the adjustment’s transaction (403 past it; the member view’s `adjustmentLimit` says what is left). Audited as `member.adjust-points`.',
        params: MemberNumberParamsSchema,
        body: PointAdjustmentSchema,
        response: { 200: dataEnvelope(MemberLedgerEntrySchema), ...refusals },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const member = await reachableMember(staff, request.params.number);
      const { points, reason } = request.body;
      const dailyLimit = dailyLimitOf(staff);
      if (dailyLimit !== undefined && Math.abs(points) > dailyLimit.pointsPerMemberPerDay) {
        throw limitReached(dailyLimit.pointsPerMemberPerDay, 0);
      }
      try {
        const applied = await db.transaction((tx) =>
          applyPointsAdjustment(
            tx,
            staffActor(staff),
            member,
            { points, reason },
            dayOf(now()),
            dailyLimit,
          ),
        );
        if (applied === null) throw new Error('A new adjustment reference was taken');
        // The entry as the member view lists it: the newest up to its id is itself.
        const { entries } = await ledgerEntries(db, member.id, applied.entryId + 1);
        return { data: entries[0]! };
      } catch (error) {
        if (error instanceof AdjustmentLimitReached) {
          throw limitReached(error.limit, error.usedToday);
        }
        if (error instanceof NotEnoughPoints) {
          throw validationFailed({ points: notEnoughPointsMessage(error.available) });
        }
        throw error;
      }
    },
  );

  done();
};
