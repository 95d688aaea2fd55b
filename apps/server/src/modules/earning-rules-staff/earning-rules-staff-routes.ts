import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import {
  EarningRuleListSchema,
  EarningRuleQuerySchema,
  EarningRuleSchema,
  NewEarningRuleSchema,
  SimulateRequestSchema,
  SimulationSchema,
  earningRuleMessages,
} from '@club/contract/earning-rules';
import { HttpError, notFound, validationFailed } from '../../lib/http-error.js';
import { recordAudit } from '../audit/audit-log.js';
import { publishContent } from '../content/load-content.js';
import { countryLanguages } from '../content/schema.js';
import type { Database } from '../../db/client.js';
import { dayOf } from '../points/calendar-days.js';
import { assertStaffCountry, assertStaffRole, staffActor, staffOf } from '../staff/staff-access.js';
import {
  endRule,
  insertRule,
  lockRule,
  ruleOf,
  rulesOfCountry,
} from '../earning-rules/rule-list.js';
import { simulateRecord, simulateStored } from './simulate.js';

/** The languages of a country, in order (empty: no such country). */
async function languagesOfCountry(db: Database, country: string): Promise<string[]> {
  const rows = await db
    .select({ code: countryLanguages.languageCode })
    .from(countryLanguages)
    .where(eq(countryLanguages.countryCode, country))
    .orderBy(asc(countryLanguages.position));
  return rows.map((row) => row.code);
}

const RuleParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'A rule number')
    .transform(Number),
});

const errors = {
  400: ErrorBodySchema.describe('Bad input, one message per field'),
  401: ErrorBodySchema.describe('No live staff session'),
  403: ErrorBodySchema.describe('Support reads the rules; admins and managers change them'),
  404: ErrorBodySchema.describe('No such country or rule in the staff member’s countries'),
};

export type EarningRulesStaffRoutesOptions = { now: () => number };

/**
 * The console's earning rules (docs/staff-console.md, "Earning rules"): a
 * country's rules, a new rule, ending one, and the simulator. Every role
 * reads and simulates within its countries; admins and the country's
 * managers create and end rules. Each change is audited in its transaction
 * and bumps the content version, so every server's layout ("how to earn")
 * shows it within a second.
 */
export const earningRulesStaffRoutes: FastifyPluginCallbackZod<EarningRulesStaffRoutesOptions> = (
  app,
  { now },
  done,
) => {
  const { db } = app;

  app.get(
    '/s2c/staff/v1/earning-rules',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'The earning rules of a country',
        description:
          'Base rules first, then campaigns, the latest start first; with the languages of the country (campaign names the member reads are written in each). Another country than the staff member’s answers 404.',
        querystring: EarningRuleQuerySchema,
        response: { 200: dataEnvelope(EarningRuleListSchema), ...errors },
      },
    },
    async (request) => {
      const { country } = request.query;
      assertStaffCountry(staffOf(request), country);
      const languages = await languagesOfCountry(db, country);
      if (languages.length === 0) throw notFound();
      return { data: { items: await rulesOfCountry(db, country), languages } };
    },
  );

  app.post(
    '/s2c/staff/v1/earning-rules',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Publish an earning rule: a base rule, a campaign or a welcome bonus',
        description:
          'JSON. A base rule gives points to segment types from a day on; a campaign adds `points` or multiplies the base (`multiplier`, one decimal) within `from`–`to`, by travel or booking date. A campaign names itself to the member in every language of the country (`memberNames`). A welcome bonus (`kind: welcome`, `points` only; segment types and basis are dropped) credits a member of the country once when their account becomes active within `from`–`to` (registration without a confirmation mail, or the confirmation), read as “Welcome bonus”. Audited `earning-rule.create`; admins and the country’s managers.',
        body: NewEarningRuleSchema,
        response: { 201: dataEnvelope(EarningRuleSchema), ...errors },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const rule = request.body;
      assertStaffCountry(staff, rule.country);
      assertStaffRole(staff, ['admin', 'manager']);
      const languages = await languagesOfCountry(db, rule.country);
      if (languages.length === 0) throw notFound();
      if (rule.kind === 'campaign') {
        const missing = languages.filter((code) => (rule.memberNames[code] ?? '') === '');
        if (missing.length > 0) {
          throw validationFailed(
            Object.fromEntries(
              missing.map((code) => [`memberNames.${code}`, earningRuleMessages.memberName]),
            ),
          );
        }
      }
      const unknown = Object.keys(rule.memberNames).filter((code) => !languages.includes(code));
      if (unknown.length > 0) {
        throw validationFailed(
          Object.fromEntries(
            unknown.map((code) => [`memberNames.${code}`, 'Not a language of the country']),
          ),
        );
      }
      const at = new Date(now());
      const created = await db.transaction(async (tx) => {
        const saved = await insertRule(tx, rule, staff.email, at);
        await recordAudit(
          tx,
          staffActor(staff),
          {
            action: 'earning-rule.create',
            targetType: 'earning-rule',
            target: String(saved.id),
            countryCode: saved.country,
            after: saved,
          },
          at,
        );
        await publishContent(tx);
        return saved;
      });
      return reply.code(201).send({ data: created });
    },
  );

  app.post(
    '/s2c/staff/v1/earning-rules/:id/end',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'End an earning rule',
        description:
          'Its last day becomes today (or the day before its start, when it has not started): from tomorrow segments no longer earn under it. Rules are never deleted: a rule that earned stays for the segments it gave points. Waits for an import batch that read the rule. Audited `earning-rule.end`; 409 when already ended.',
        params: RuleParamsSchema,
        response: {
          200: dataEnvelope(EarningRuleSchema),
          ...errors,
          409: ErrorBodySchema.describe('The rule is already ended'),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const at = new Date(now());
      const ended = await db.transaction(async (tx) => {
        const row = await lockRule(tx, request.params.id);
        if (row === undefined) throw notFound();
        assertStaffCountry(staff, row.countryCode);
        assertStaffRole(staff, ['admin', 'manager']);
        if (row.endedAt !== null) {
          throw new HttpError(409, ErrorCode.conflict, { id: 'The rule is already ended' });
        }
        const after = await endRule(tx, row, staff.email, at, dayOf(at.getTime()));
        await recordAudit(
          tx,
          staffActor(staff),
          {
            action: 'earning-rule.end',
            targetType: 'earning-rule',
            target: String(row.id),
            countryCode: row.countryCode,
            before: ruleOf(row),
            after,
          },
          at,
        );
        await publishContent(tx);
        return after;
      });
      return { data: ended };
    },
  );

  app.post(
    '/s2c/staff/v1/earning-rules/simulate',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'What a booking record would earn under the rules, segment by segment',
        description:
          'A booking-queue line (`record`, JSON), or the PNR of an imported booking (`pnr`, its stored segments); nothing is stored. The country is the member’s the booking names, else `country` (a record), else the office’s. Each segment with its status, points under today’s rules at its dates, and the rules that give them (a cancelled one earns nothing). A PNR not stored, or of another country, answers 404.',
        body: SimulateRequestSchema,
        response: { 200: dataEnvelope(SimulationSchema), ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { record, pnr, country } = request.body;
      if (pnr !== undefined) {
        // An imported booking: another country's, or none stored, answers 404 alike.
        const stored = await simulateStored(db, pnr);
        if (stored === undefined) throw notFound();
        assertStaffCountry(staff, stored.country);
        return { data: stored };
      }
      const simulation = await simulateRecord(db, { record: record!, country }, dayOf(now()));
      if ('message' in simulation) throw validationFailed({ record: simulation.message });
      assertStaffCountry(staff, simulation.country);
      return { data: simulation };
    },
  );

  done();
};
