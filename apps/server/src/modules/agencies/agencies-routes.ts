import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  AgencyLinkSchema,
  agencyMessages,
  OptInFormSchema,
  OptOutFormSchema,
  type OptInForm,
  type OptOutForm,
} from '@club/contract/agency';
import { wordMessage, type Words } from '@club/contract/message-catalogue';
import type { Database, Transaction } from '../../db/client.js';
import { validateForm } from '../../lib/form-validation.js';
import { FormValuesSchema, trimmedEmail } from '../account-links/form-values.js';
import { memberPageUrl } from '../content/member-page-urls.js';
import { countries } from '../content/schema.js';
import { enqueueMail } from '../mail/outbox.js';
import { officeNotifyRequests, offices } from '../offices/schema.js';
import { findUsableLink, issueAgencyLink, type UsableAgencyLink } from './agency-links.js';
import { agencyLinks, agencyStateChanges } from './schema.js';

export type AgenciesRoutesOptions = { now: () => number };

const path = '/s2c/auth/v1/agency/state-change-request';

// Worded in the request's language (the page's, sent as Accept-Language).
const linkInvalidAnswer = (words: Words) => ({
  data: {
    validationMessages: { officeId: [wordMessage({ key: agencyMessages.linkInvalid }, words)] },
  },
});

/** The link's parameters as they come: anything but strings counts as absent. */
const linkParams = (values: Record<string, unknown>) => ({
  s: typeof values.s === 'string' ? values.s.trim() : undefined,
  c: typeof values.c === 'string' ? values.c.trim() : undefined,
});

/**
 * Tells the stored notify-request emails of an office that it takes part,
 * once each: `agency-active` through the outbox, then marked notified.
 */
async function notifyWaitingAgents(tx: Transaction, officeId: string, now: Date): Promise<void> {
  const waiting = await tx
    .select()
    .from(officeNotifyRequests)
    .where(
      and(eq(officeNotifyRequests.officeId, officeId), isNull(officeNotifyRequests.notifiedAt)),
    )
    .for('update');
  for (const request of waiting) {
    const registrationLink = await memberPageUrl(tx, request, 'registration');
    await enqueueMail(tx, {
      to: request.email,
      template: 'agency-active',
      countryCode: request.countryCode,
      languageCode: request.languageCode,
      variables: { officeId, registrationLink },
    });
    await tx
      .update(officeNotifyRequests)
      .set({ notifiedAt: now })
      .where(eq(officeNotifyRequests.id, request.id));
  }
}

/**
 * Confirms a state change to the decision maker (the office's stored one, else
 * whoever submitted the form) with a fresh link for the opposite change: an
 * opt-out link after opting in, an opt-in link after opting out.
 */
async function mailOppositeLink(
  tx: Transaction,
  office: {
    officeId: string;
    agencyName: string;
    countryCode: string;
    decisionMakerEmail: string | null;
  },
  link: UsableAgencyLink,
  submittedEmail: string,
  now: Date,
  lifetimeDays: number,
): Promise<void> {
  const optedIn = link.purpose === 'opt-in';
  const next = await issueAgencyLink(
    tx,
    office.officeId,
    optedIn ? 'opt-out' : 'opt-in',
    now.getTime(),
    lifetimeDays,
  );
  const [country] = await tx
    .select({ defaultLanguageCode: countries.defaultLanguageCode })
    .from(countries)
    .where(eq(countries.code, office.countryCode));
  await enqueueMail(tx, {
    to: office.decisionMakerEmail ?? submittedEmail,
    template: optedIn ? 'agency-opted-in' : 'agency-opted-out',
    countryCode: office.countryCode,
    languageCode: country?.defaultLanguageCode ?? 'eng',
    variables: { officeId: office.officeId, agencyName: office.agencyName, link: next.url },
  });
}

/** Agency opt-in and opt-out through an emailed link (spec 2 §2.4, §7). */
export function registerAgencyRoutes(app: FastifyInstance, options: AgenciesRoutesOptions): void {
  const { db } = app;

  /** The usable link of the parameters, or null for malformed, unknown, tampered, expired or used ones. */
  const usableLink = async (
    tx: Database,
    values: Record<string, unknown>,
    lock: boolean,
  ): Promise<UsableAgencyLink | null> => {
    const parsed = AgencyLinkSchema.safeParse(linkParams(values));
    if (!parsed.success) return null;
    return findUsableLink(tx, parsed.data, options.now(), lock);
  };

  app.get(
    path,
    {
      schema: {
        tags: ['agency'],
        summary: 'The agency an opt-in or opt-out link is for',
        querystring: FormValuesSchema,
      },
    },
    async (request) => {
      const link = await usableLink(db, request.query as Record<string, unknown>, false);
      if (link === null) return linkInvalidAnswer(await app.messageWording.words(request));
      const [office] = await db
        .select({ name: offices.agencyName })
        .from(offices)
        .where(eq(offices.officeId, link.officeId));
      if (office === undefined) return linkInvalidAnswer(await app.messageWording.words(request));
      return { data: { officeId: link.officeId, name: office.name, purpose: link.purpose } };
    },
  );

  app.post(
    path,
    {
      schema: {
        tags: ['agency'],
        summary: 'Opt the agency in or out',
        description:
          'Form-encoded or JSON: the opt-in form for opt-in links, the opt-out form for opt-out links. The link works once.',
        body: FormValuesSchema,
      },
    },
    async (request) => {
      const values = trimmedEmail({
        ...(request.query as Record<string, unknown>),
        ...(request.body ?? {}),
      });
      const words = await app.messageWording.words(request);
      const peek = await usableLink(db, values, false);
      if (peek === null) return linkInvalidAnswer(words);
      const formValues = { ...values, ...linkParams(values) };
      const form =
        peek.purpose === 'opt-in'
          ? validateForm<OptInForm | OptOutForm>(OptInFormSchema, formValues, words)
          : validateForm<OptInForm | OptOutForm>(OptOutFormSchema, formValues, words);
      if (!('data' in form)) return { data: form };
      const fields = form.data;

      const answer = await db.transaction(async (tx) => {
        const link = await usableLink(tx, values, true);
        if (link === null) return null;
        const now = new Date(options.now());
        const active = link.purpose === 'opt-in';
        const [office] = await tx
          .select({
            active: offices.active,
            officeId: offices.officeId,
            agencyName: offices.agencyName,
            countryCode: offices.countryCode,
            decisionMakerEmail: offices.decisionMakerEmail,
          })
          .from(offices)
          .where(eq(offices.officeId, link.officeId))
          .for('update');
        if (office === undefined) return null;
        await tx.update(agencyLinks).set({ usedAt: now }).where(eq(agencyLinks.id, link.id));
        await tx.insert(agencyStateChanges).values({
          officeId: link.officeId,
          previousActive: office.active,
          active,
          firstName: fields.firstName,
          lastName: fields.lastName,
          email: fields.email,
          comment: 'comment' in fields ? fields.comment : '',
          linkId: link.id,
          changedAt: now,
        });
        await tx
          .update(offices)
          .set({ active, activeDecidedAt: now })
          .where(eq(offices.officeId, link.officeId));
        if (active) await notifyWaitingAgents(tx, link.officeId, now);
        await mailOppositeLink(tx, office, link, fields.email, now, app.config.agencyLinkDays);
        return { officeId: link.officeId, active };
      });
      return answer === null ? linkInvalidAnswer(words) : { data: answer };
    },
  );
}
