import { eq } from 'drizzle-orm';
import { recordDirectoryStateChanges } from '../agencies/office-state-history.js';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema } from '@club/contract/envelope';
import {
  AgencyLinkAnswerSchema,
  AgencyLinkInputSchema,
  OfficeDetailSchema,
  officeDirectoryMaxBytes,
  OfficeImportInputSchema,
  OfficeImportReportSchema,
  OfficeSearchPageSchema,
  OfficeSearchQuerySchema,
} from '@club/contract/staff-offices';
import { notFound, validationFailed } from '../../lib/http-error.js';
import { issueAgencyLinkByHand } from '../agencies/agency-links.js';
import { markMembersOfDirectOffices } from '../agents/direct-access.js';
import { countries } from '../content/schema.js';
import {
  assertStaffCountry,
  assertStaffRole,
  staffActor,
  staffCountryFilter,
  staffOf,
} from '../staff/staff-access.js';
import { applyOfficeDirectory } from '../offices/office-directory.js';
import { offices } from '../offices/schema.js';
import { officePage } from './office-page.js';
import { searchOffices } from './office-search.js';
import { readOfficeUpload } from './office-upload.js';

export type OfficesStaffRoutesOptions = { now: () => number };

const OfficeParamsSchema = z.object({
  officeId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/, 'An office ID: 1 to 20 letters or digits')
    .transform((id) => id.toUpperCase()),
});

/** The staff console's offices area: search, an office's page, decision makers' links, directory uploads. */
export const officesStaffRoutes: FastifyPluginCallbackZod<OfficesStaffRoutesOptions> = (
  app,
  { now },
  done,
) => {
  const { db, config } = app;

  /** The office, if the staff member works in its country; else 404 as if it did not exist. */
  const officeFor = async (request: Parameters<typeof staffOf>[0], officeId: string) => {
    const [office] = await db.select().from(offices).where(eq(offices.officeId, officeId));
    if (office === undefined) throw notFound();
    assertStaffCountry(staffOf(request), office.countryCode);
    return office;
  };

  app.get(
    '/s2c/staff/v1/offices',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Search the offices directory',
        description:
          "By office ID (prefix) or words of the agency name, address (city) and zip (each a prefix), and by state; the staff member's countries only, 25 a page, in office ID order. The total stops at 1,000 (`totalIsCapped`).",
        querystring: OfficeSearchQuerySchema,
        response: {
          200: dataEnvelope(OfficeSearchPageSchema),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
        },
      },
    },
    async (request) => ({
      data: await searchOffices(db, staffCountryFilter(staffOf(request)), request.query),
    }),
  );

  app.get(
    '/s2c/staff/v1/offices/:officeId',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: "An office: its state and the state's history, waiting agents and members",
        params: OfficeParamsSchema,
        response: {
          200: dataEnvelope(OfficeDetailSchema),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema.describe("No such office in the staff member's countries"),
        },
      },
    },
    async (request) => ({
      data: await officePage(db, await officeFor(request, request.params.officeId)),
    }),
  );

  app.post(
    '/s2c/staff/v1/offices/:officeId/agency-links',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: "Make an opt-in or opt-out link for the office's decision maker",
        description:
          'Managers and admins. The link is answered once: only its hash is stored. Audited (`office.link`).',
        params: OfficeParamsSchema,
        body: AgencyLinkInputSchema,
        response: {
          200: dataEnvelope(AgencyLinkAnswerSchema),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema.describe('Support staff read only'),
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const office = await officeFor(request, request.params.officeId);
      assertStaffRole(staff, ['admin', 'manager']);
      const { purpose } = request.body;
      const link = await issueAgencyLinkByHand(db, office.officeId, purpose, {
        actor: staffActor(staff),
        now: now(),
        lifetimeDays: config.agencyLinkDays,
      });
      if (link === null) throw notFound();
      return {
        data: {
          officeId: office.officeId,
          purpose,
          url: link.url,
          expiresAt: link.expiresAt.toISOString(),
        },
      };
    },
  );

  app.post(
    '/s2c/staff/v1/offices/import',
    {
      onRequest: app.requireStaff,
      bodyLimit: officeDirectoryMaxBytes,
      schema: {
        tags: ['staff'],
        summary: 'Upload an office directory file (one country) and apply it',
        description: `\`file\`: the file's text, in the format of \`content/offices/{country}.json\` (docs/content.md), at most ${officeDirectoryMaxBytes} bytes; \`fileName\` for the history. Each office is checked on its own: refused entries are reported with their reason, the others applied in one transaction, with the state history and the audit entry (\`office.import\`). Offices turning to direct sales make their members direct-access users. Managers of the file's country and admins.`,
        body: OfficeImportInputSchema,
        response: {
          200: dataEnvelope(OfficeImportReportSchema),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema.describe('Support staff read only'),
          404: ErrorBodySchema.describe("The file's country is not the staff member's"),
          413: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      assertStaffRole(staff, ['admin', 'manager']);
      const upload = readOfficeUpload(request.body.file);
      assertStaffCountry(staff, upload.countryCode);
      const [country] = await db
        .select({ code: countries.code })
        .from(countries)
        .where(eq(countries.code, upload.countryCode));
      if (country === undefined) {
        throw validationFailed({ file: `The club has no country ${upload.countryCode}` });
      }
      const at = new Date(now());
      const report = await db.transaction((tx) =>
        applyOfficeDirectory(tx, upload.countryCode, upload.valid, upload.refused, {
          actor: staffActor(staff),
          source: 'console',
          fileName: request.body.fileName,
          at,
          onTurnedDirect: markMembersOfDirectOffices,
          recordStateChanges: recordDirectoryStateChanges,
          keepCountries: { staffCountries: staff.role === 'admin' ? null : staff.countries },
        }),
      );
      return { data: report };
    },
  );

  done();
};
