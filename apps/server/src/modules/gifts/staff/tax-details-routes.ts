import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema } from '@club/contract/envelope';
import { StaffTaxDetailsSchema, TaxDecisionSchema } from '@club/contract/tax-details';
import { notFound } from '../../../lib/http-error.js';
import {
  assertStaffCountry,
  assertStaffRole,
  staffActor,
  staffOf,
} from '../../staff/staff-access.js';
import type { StaffPrincipal } from '../../staff/staff-sessions.js';
import { decideTaxDetails, staffTaxDetails } from '../tax-details/tax-details.js';

const NumberParamsSchema = z.object({ number: z.string().regex(/^\d{1,20}$/, 'A member number') });

const errors = {
  400: ErrorBodySchema.describe('Bad input, one message per field'),
  401: ErrorBodySchema.describe('No live staff session'),
  403: ErrorBodySchema.describe('The role may not make this change'),
  404: ErrorBodySchema.describe('Not found in the staff member’s countries'),
};

export type TaxDetailsStaffRoutesOptions = { now: () => number };

/**
 * The member view's tax details (docs/staff-console.md, "Orders and gifts"):
 * what the member sent, and the decision on it. Support reads; managers of
 * the member's country and admins decide; another country answers 404.
 */
export const taxDetailsStaffRoutes: FastifyPluginCallbackZod<TaxDetailsStaffRoutesOptions> = (
  app,
  { now },
  done,
) => {
  const { db } = app;

  async function memberOf(staff: StaffPrincipal, number: string) {
    const member = await staffTaxDetails(db, number);
    if (member === undefined) throw notFound();
    assertStaffCountry(staff, member.countryCode);
    return member;
  }

  const answer = ({
    agentId: _id,
    firstName: _name,
    ...details
  }: Awaited<ReturnType<typeof memberOf>>) => details;

  app.get(
    '/s2c/staff/v1/members/:number/tax-details',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary:
          'A member’s tax details: the fields of their country, what they sent, its state, and who decided when',
        params: NumberParamsSchema,
        response: { 200: dataEnvelope(StaffTaxDetailsSchema), ...errors },
      },
    },
    async (request) => ({
      data: answer(await memberOf(staffOf(request), request.params.number)),
    }),
  );

  app.post(
    '/s2c/staff/v1/members/:number/tax-details/decision',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Confirm or refuse a member’s tax details',
        description:
          '`decision` confirm (the member may order: their tax information is verified, audited `member.tax`) or refuse (`reason` required: the member reads it and sends again). Audited `member.tax-details`; the member is mailed in their language. Only details waiting for a decision: otherwise 409, so two decisions at once make one.',
        params: NumberParamsSchema,
        body: TaxDecisionSchema,
        response: {
          200: dataEnvelope(StaffTaxDetailsSchema),
          ...errors,
          409: ErrorBodySchema.describe('The details are not waiting for a decision'),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const member = await memberOf(staff, request.params.number);
      assertStaffRole(staff, ['admin', 'manager']);
      await decideTaxDetails(db, member, request.body, {
        actor: staffActor(staff),
        now: new Date(now()),
      });
      return { data: answer(await memberOf(staff, request.params.number)) };
    },
  );

  done();
};
