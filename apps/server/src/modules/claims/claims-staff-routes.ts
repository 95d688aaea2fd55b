import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import {
  ClaimDecisionSchema,
  ClaimQueueQuerySchema,
  ClaimQueueSchema,
  StaffClaimDetailSchema,
} from '@club/contract/claims';
import { HttpError, notFound } from '../../lib/http-error.js';
import { dayOf } from '../points/calendar-days.js';
import {
  AdjustmentLimitReached,
  supportAdjustmentLeft,
  type DailyAdjustmentLimit,
} from '../points/adjustments/adjust-points.js';
import { readRuleBook } from '../earning-rules/rule-book.js';
import {
  assertStaffCountry,
  staffActor,
  staffCountryFilter,
  staffOf,
} from '../staff/staff-access.js';
import type { StaffPrincipal } from '../staff/staff-sessions.js';
import { decideClaim } from './claim-decision.js';
import { claimEvidence, claimQueue, staffClaim } from './claim-queue.js';

const ClaimParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'A claim number')
    .transform(Number),
});

const errors = {
  400: ErrorBodySchema.describe('Bad input, one message per field'),
  401: ErrorBodySchema.describe('No live staff session'),
  403: ErrorBodySchema.describe('Past the role’s adjustment limit'),
  404: ErrorBodySchema.describe('No such claim in the staff member’s countries'),
};

export type ClaimsStaffRoutesOptions = { now: () => number };

/**
 * The console's claims (docs/staff-console.md, "Claims"): the queue, a
 * claim with its evidence, and the decision. Managers see and decide their
 * countries' claims only (another country's answers 404); support decides
 * within its adjustment limit per member per day, as its adjustments do.
 */
export const claimsStaffRoutes: FastifyPluginCallbackZod<ClaimsStaffRoutesOptions> = (
  app,
  { now },
  done,
) => {
  const { db, config } = app;
  /** Support's limit per member per day (SUPPORT_ADJUSTMENT_LIMIT), as for its adjustments. */
  const dailyLimitOf = (staff: StaffPrincipal): DailyAdjustmentLimit | undefined =>
    staff.role === 'support'
      ? { pointsPerMemberPerDay: config.staff.supportAdjustmentLimit }
      : undefined;
  const limitReached = (limit: number, used: number) =>
    new HttpError(403, ErrorCode.forbidden, {
      points: `Support adjusts at most ${limit} points per member a day: ${Math.max(0, limit - used)} left for this member today`,
    });

  async function claimOf(staff: StaffPrincipal, id: number) {
    const claim = await staffClaim(db, id);
    if (claim === undefined) throw notFound();
    assertStaffCountry(staff, claim.countryCode);
    return claim;
  }

  async function detailOf(staff: StaffPrincipal, id: number) {
    const { agentId, ...claim } = await claimOf(staff, id);
    const dailyLimit = dailyLimitOf(staff);
    const [evidence, adjustmentLimit] = await Promise.all([
      readRuleBook(db).then((rules) => claimEvidence(db, claim, rules)),
      dailyLimit === undefined
        ? null
        : supportAdjustmentLeft(db, agentId, dayOf(now()), dailyLimit),
    ]);
    return { ...claim, ...evidence, adjustmentLimit };
  }

  app.get(
    '/s2c/staff/v1/claims',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'The missing-points claims queue, the oldest first',
        description: `Filters: \`state\`, \`country\` (within the staff member's countries), \`olderThanDays\` (filed at least that many days ago); ${50} a page (\`page\` from 0), with the total.`,
        querystring: ClaimQueueQuerySchema,
        response: { 200: dataEnvelope(ClaimQueueSchema), 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { state, country, olderThanDays, page } = request.query;
      const mine = staffCountryFilter(staff);
      const countries =
        country === undefined ? mine : mine === null || mine.includes(country) ? [country] : [];
      return {
        data: await claimQueue(db, {
          state,
          countries,
          olderThanDays,
          page,
          now: new Date(now()),
        }),
      };
    },
  );

  app.get(
    '/s2c/staff/v1/claims/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'A claim: the member, the PNR’s booking and import history, the points proposed',
        description:
          'The import history lists every rejected line of the PNR the import history kept (queue, uploads and the command line) with its reason; `proposedPoints` is what the booking would earn today (its segments, or what the member said was booked).',
        params: ClaimParamsSchema,
        response: { 200: dataEnvelope(StaffClaimDetailSchema), ...errors },
      },
    },
    async (request) => ({ data: await detailOf(staffOf(request), request.params.id) }),
  );

  app.post(
    '/s2c/staff/v1/claims/:id/decision',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Approve a claim with points and a reason, or reject it with a reason',
        description:
          'An approval credits the points (a ledger entry linked to the claim and the PNR; support within SUPPORT_ADJUSTMENT_LIMIT per member per day, else 403). Audited `claim.decision`; the member is mailed in their language. Only an open claim: otherwise 409, so two decisions at once make one.',
        params: ClaimParamsSchema,
        body: ClaimDecisionSchema,
        response: {
          200: dataEnvelope(StaffClaimDetailSchema),
          ...errors,
          409: ErrorBodySchema.describe('The claim is not open'),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const claim = await claimOf(staff, request.params.id);
      const dailyLimit = dailyLimitOf(staff);
      const decision = request.body;
      if (
        decision.decision === 'approve' &&
        dailyLimit !== undefined &&
        decision.points > dailyLimit.pointsPerMemberPerDay
      ) {
        throw limitReached(dailyLimit.pointsPerMemberPerDay, 0);
      }
      const at = now();
      try {
        await decideClaim(db, claim, decision, {
          actor: staffActor(staff),
          now: new Date(at),
          today: dayOf(at),
          dailyLimit,
        });
      } catch (error) {
        if (error instanceof AdjustmentLimitReached) {
          throw limitReached(error.limit, error.usedToday);
        }
        throw error;
      }
      return { data: await detailOf(staff, claim.id) };
    },
  );

  done();
};
