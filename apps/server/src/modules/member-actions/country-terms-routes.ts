import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema } from '@club/contract/envelope';
import {
  CountryTermsSchema,
  RequireCountryTermsWireSchema,
} from '@club/contract/staff-member-actions';
import { notFound } from '../../lib/http-error.js';
import {
  assertStaffCountry,
  assertStaffRole,
  staffActor,
  staffCountryFilter,
  staffOf,
} from '../staff/staff-access.js';
import { countryTerms, requireCountryTermsAgain } from './country-terms.js';

export type CountryTermsRoutesOptions = { now: () => number };

const CountryParamsSchema = z.object({
  countryCode: z.string().regex(/^[a-z]{2}$/, 'A two-letter country code'),
});

/** The terms version of each of the staff member's countries, and requiring it again country-wide. */
export const countryTermsRoutes: FastifyPluginCallbackZod<CountryTermsRoutesOptions> = (
  app,
  { now },
  done,
) => {
  const { db } = app;

  app.get(
    '/s2c/staff/v1/terms',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: "Each of the staff member's countries: its terms version and who set it when",
        response: {
          200: dataEnvelope(z.array(CountryTermsSchema)),
          401: ErrorBodySchema.describe('No live staff session'),
        },
      },
    },
    async (request) => ({
      data: await countryTerms(db, staffCountryFilter(staffOf(request))),
    }),
  );

  app.post(
    '/s2c/staff/v1/terms/:countryCode',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary:
          "The country's terms changed: set its new version, and every member accepts the terms again at their next page",
        params: CountryParamsSchema,
        body: RequireCountryTermsWireSchema,
        response: {
          200: dataEnvelope(CountryTermsSchema),
          400: ErrorBodySchema.describe(
            'A field is missing or wrong, or the version is the current one',
          ),
          401: ErrorBodySchema.describe('No live staff session'),
          403: ErrorBodySchema.describe('Support staff only read'),
          404: ErrorBodySchema.describe('No such country among the staff member’s'),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { countryCode } = request.params;
      assertStaffCountry(staff, countryCode);
      assertStaffRole(staff, ['admin', 'manager']);
      await requireCountryTermsAgain(db, {
        countryCode,
        version: request.body.version,
        reason: request.body.reason,
        actor: staffActor(staff),
        countries: staffCountryFilter(staff),
        at: new Date(now()),
      });
      const [changed] = await countryTerms(db, [countryCode]);
      if (changed === undefined) throw notFound();
      return { data: changed };
    },
  );

  done();
};
