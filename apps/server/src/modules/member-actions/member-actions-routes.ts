import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import {
  DirectAccessWireSchema,
  MemberActionStateSchema,
  OptionalReasonWireSchema,
  ReasonWireSchema,
} from '@club/contract/staff-member-actions';
import { HttpError } from '../../lib/http-error.js';
import { setDirectAccessByStaff } from '../agents/direct-access.js';
import {
  assertStaffCountry,
  assertStaffRole,
  staffActor,
  staffCountryFilter,
  staffOf,
} from '../staff/staff-access.js';
import type { StaffPrincipal } from '../staff/staff-sessions.js';
import { memberActionState } from './member-action-state.js';
import {
  deleteAccount,
  doesNotApply,
  endSessions,
  requireTermsAgain,
  resendConfirmation,
  restoreAccount,
  unlockLogin,
  type ActionContext,
} from './member-actions.js';
import { exportMember, MemberExportSchema } from './member-export.js';

export type MemberActionsRoutesOptions = { now: () => number };

const MemberParamsSchema = z.object({
  number: z.string().regex(/^\d{1,20}$/, 'A member number is digits only'),
});

const errors = {
  400: ErrorBodySchema.describe('A field is missing or wrong; a message per field'),
  401: ErrorBodySchema.describe('No live staff session'),
  403: ErrorBodySchema.describe('Support staff only read'),
  404: ErrorBodySchema.describe('No such member in the staff member’s countries'),
  409: ErrorBodySchema.describe('The action does not apply to the member as they are now'),
};
const stateAnswer = { 200: dataEnvelope(MemberActionStateSchema), ...errors };

type Action = (context: ActionContext, number: string) => Promise<void>;

/**
 * The member view's actions (docs/staff-console.md "Member actions"): each a
 * change of an admin or a manager of the member's country, audited in its
 * transaction, answering the member's state after it.
 */
export const memberActionsRoutes: FastifyPluginCallbackZod<MemberActionsRoutesOptions> = (
  app,
  { now },
  done,
) => {
  const { db, config } = app;

  const stateOf = async (staff: StaffPrincipal, number: string) => {
    const state = await memberActionState(db, config, number, new Date(now()));
    if (state === undefined) throw new HttpError(404, ErrorCode.notFound, null);
    assertStaffCountry(staff, state.countryCode);
    return state;
  };

  const changer = (staff: StaffPrincipal, reason: string | null): ActionContext => {
    assertStaffRole(staff, ['admin', 'manager']);
    return {
      db,
      config,
      actor: staffActor(staff),
      countries: staffCountryFilter(staff),
      now: new Date(now()),
      reason,
    };
  };

  app.get(
    '/s2c/staff/v1/members/:number/actions',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: "What the member's actions depend on (status, terms, login backoff, sessions)",
        params: MemberParamsSchema,
        response: stateAnswer,
      },
    },
    async (request) => ({ data: await stateOf(staffOf(request), request.params.number) }),
  );

  const action = (
    path: string,
    summary: string,
    body: typeof OptionalReasonWireSchema | typeof ReasonWireSchema,
    run: Action,
  ) =>
    app.post(
      `/s2c/staff/v1/members/:number/${path}`,
      {
        onRequest: app.requireStaff,
        schema: {
          tags: ['staff'],
          summary,
          params: MemberParamsSchema,
          body,
          response: {
            ...stateAnswer,
            ...(path === 'confirmation-mail'
              ? {
                  429: ErrorBodySchema.describe(
                    'A confirmation mail went out within the resend quiet time',
                  ),
                }
              : {}),
          },
        },
      },
      async (request) => {
        const staff = staffOf(request);
        const { number } = request.params;
        await run(changer(staff, request.body.reason), number);
        return { data: await stateOf(staff, number) };
      },
    );

  action(
    'confirmation-mail',
    'Send a pending member a new confirmation mail (not within the resend quiet time)',
    OptionalReasonWireSchema,
    resendConfirmation,
  );
  action(
    'login-unlock',
    "End the member's login backoff (their number's failed-login counters)",
    OptionalReasonWireSchema,
    unlockLogin,
  );
  action('end-sessions', 'Log the member out everywhere', OptionalReasonWireSchema, endSessions);
  action(
    'require-terms',
    'Require the member to accept the terms again (the terms gate at their next page)',
    ReasonWireSchema,
    requireTermsAgain,
  );
  action(
    'delete',
    "Delete the account, as the member's confirmed deletion does (restorable for the country's linkLifeTime)",
    ReasonWireSchema,
    deleteAccount,
  );
  action('restore', 'Restore a deleted account (back to active)', ReasonWireSchema, restoreAccount);

  app.post(
    '/s2c/staff/v1/members/:number/direct-access',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary:
          'Mark or unmark the member as a direct-access user (shown only the redirect overlay)',
        params: MemberParamsSchema,
        body: DirectAccessWireSchema,
        response: stateAnswer,
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const context = changer(staff, request.body.reason);
      const { number } = request.params;
      const result = await setDirectAccessByStaff(db, {
        number,
        isAmadeusDirectUser: request.body.isAmadeusDirectUser,
        at: context.now,
        actor: context.actor,
        reason: context.reason,
        countries: context.countries,
      });
      if (result === 'no-member') throw new HttpError(404, ErrorCode.notFound, null);
      if (result === 'unchanged') {
        throw doesNotApply(
          request.body.isAmadeusDirectUser
            ? 'The member is a direct-access user already'
            : 'The member is not a direct-access user',
        );
      }
      return { data: await stateOf(staff, number) };
    },
  );

  app.get(
    '/s2c/staff/v1/members/:number/export',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: "The member's data as a JSON file (an access request); the export is audited",
        description:
          'Profile, consents, bookings with segments, ledger entries, orders, mails sent (template and subject only), direct-access changes and the audit entries about the member. No password, link or voucher code.',
        params: MemberParamsSchema,
        response: { 200: MemberExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      assertStaffRole(staff, ['admin', 'manager']);
      const { number } = request.params;
      const exported = await exportMember(db, number, {
        actor: staffActor(staff),
        countries: staffCountryFilter(staff),
        now: new Date(now()),
      });
      if (exported === undefined) throw new HttpError(404, ErrorCode.notFound, null);
      return reply
        .header('content-disposition', `attachment; filename="member-${number}.json"`)
        .header('cache-control', 'no-store')
        .send(exported);
    },
  );

  done();
};
