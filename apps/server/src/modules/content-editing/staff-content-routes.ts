import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { dataEnvelope, ErrorBodySchema } from '@club/contract/envelope';
import {
  ContentKeySchema,
  ContentPublishedSchema,
  ContentWordBodySchema,
  CountryAlertBodySchema,
  HeaderAlertsBodySchema,
  HeaderImagesBodySchema,
  MailTemplateBodySchema,
  TestMailSentSchema,
  MailTemplatePublishedSchema,
  MenuItemsBodySchema,
  PageBodySchema,
  StaffContentCountrySchema,
  StaffLanguageContentSchema,
} from '@club/contract/staff-content';
import { notFound } from '../../lib/http-error.js';
import {
  assertStaffCountry,
  assertStaffRole,
  staffActor,
  staffCountryFilter,
  staffOf,
} from '../staff/staff-access.js';
import {
  publishCountryAlert,
  removeCountryAlert,
  saveAlerts,
  saveBanners,
  saveDictionaryWord,
  saveMailTemplate,
  saveMenu,
  savePage,
  saveText,
  type Editor,
} from './content-editor.js';
import { contentCountries, languageContent } from './language-content.js';
import { isMailTemplate } from './mail-template-rules.js';
import { sendTestMail } from './template-test-mail.js';

export type StaffContentRoutesOptions = { now: () => number };

const base = '/s2c/staff/v1/content';
const CountryParams = z.object({ countryCode: z.string().regex(/^[a-z]{2}$/) });
const LocaleParams = CountryParams.extend({ languageCode: z.string().regex(/^[a-z]{3}$/) });
const changeAnswers = {
  200: dataEnvelope(ContentPublishedSchema),
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema.describe('Support staff only read content'),
  404: ErrorBodySchema.describe('No such country, language or item, or not one of your countries'),
};
const changeDescription =
  'Published at once: every server process serves it within a second (the content version). Recorded in the audit log as `content.update`; `npm run content:load` keeps the part until told to take the file’s version.';

/**
 * The content calls of the staff console: read a country's content in one
 * language, and change it part by part. Admins and the country's managers
 * change; support reads; another country answers 404.
 */
export const staffContentRoutes: FastifyPluginCallbackZod<StaffContentRoutesOptions> = (
  app,
  { now },
  done,
) => {
  const { db, config } = app;
  const mailHosts = {
    publicBaseUrl: config.publicBaseUrl,
    publicRootDomain: config.publicRootDomain,
  };

  /** The editor of a change: the country is the staff member's, and they may change content. */
  const editorOf = (request: FastifyRequest, countryCode: string): Editor => {
    const staff = staffOf(request);
    assertStaffCountry(staff, countryCode);
    assertStaffRole(staff, ['admin', 'manager']);
    return { db, actor: staffActor(staff), at: new Date(now()) };
  };
  const published = (version: number) => ({ data: { version } });

  app.get(
    `${base}/countries`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'The countries whose content the staff member may open, with their languages',
        response: { 200: dataEnvelope(z.array(StaffContentCountrySchema)), 401: ErrorBodySchema },
      },
    },
    async (request) => ({
      data: await contentCountries(db, staffCountryFilter(staffOf(request))),
    }),
  );

  app.get(
    `${base}/:countryCode/:languageCode`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary:
          "One language's content to edit: menu, alerts, banners, words, texts, mail templates, pages",
        description: '`edits` lists the parts staff changed since the files last gave them.',
        params: LocaleParams,
        response: {
          200: dataEnvelope(StaffLanguageContentSchema),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { countryCode, languageCode } = request.params;
      assertStaffCountry(staffOf(request), countryCode);
      return { data: await languageContent(db, countryCode, languageCode) };
    },
  );

  app.put(
    `${base}/:countryCode/:languageCode/menu`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'The header menu in its new order, with who sees each item (JSON)',
        description: changeDescription,
        params: LocaleParams,
        body: MenuItemsBodySchema,
        response: changeAnswers,
      },
    },
    async (request) => {
      const editor = editorOf(request, request.params.countryCode);
      return published(await saveMenu(editor, request.params, request.body.items));
    },
  );

  app.put(
    `${base}/:countryCode/:languageCode/alerts`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: "One language's header alerts in their new order (JSON)",
        description: changeDescription,
        params: LocaleParams,
        body: HeaderAlertsBodySchema,
        response: changeAnswers,
      },
    },
    async (request) => {
      const editor = editorOf(request, request.params.countryCode);
      return published(await saveAlerts(editor, request.params, request.body.items));
    },
  );

  app.put(
    `${base}/:countryCode/:languageCode/banners`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: "One language's banner slides in their new order (JSON)",
        description: changeDescription,
        params: LocaleParams,
        body: HeaderImagesBodySchema,
        response: changeAnswers,
      },
    },
    async (request) => {
      const editor = editorOf(request, request.params.countryCode);
      return published(await saveBanners(editor, request.params, request.body.items));
    },
  );

  app.put(
    `${base}/:countryCode/:languageCode/dictionary/:key`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'A dictionary word',
        description: changeDescription,
        params: LocaleParams.extend({ key: ContentKeySchema }),
        body: ContentWordBodySchema,
        response: changeAnswers,
      },
    },
    async (request) => {
      const { key, ...locale } = request.params;
      const editor = editorOf(request, locale.countryCode);
      return published(await saveDictionaryWord(editor, locale, key, request.body.value));
    },
  );

  app.put(
    `${base}/:countryCode/:languageCode/texts/:key`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'A text (HTML), the mail templates’ aside',
        description: changeDescription,
        params: LocaleParams.extend({ key: ContentKeySchema }),
        body: ContentWordBodySchema,
        response: changeAnswers,
      },
    },
    async (request) => {
      const { key, ...locale } = request.params;
      const editor = editorOf(request, locale.countryCode);
      return published(await saveText(editor, locale, key, request.body.value));
    },
  );

  app.put(
    `${base}/:countryCode/:languageCode/mail-templates/:template`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'A mail template: subject, text and HTML, with its placeholders checked',
        description: `The HTML is kept sanitised: mail-safe tags and attributes only, links only to the club's hosts (the public root domain and its country subdomains) or a link placeholder such as \`{{link}}\`, images only of the club's media (\`/media/…\` on those hosts); no scripts, forms, frames, styles or comments. \`removed\` says in words what was taken out (empty: nothing). Mails are sanitised again when they are made. ${changeDescription}`,
        params: LocaleParams.extend({ template: ContentKeySchema }),
        body: MailTemplateBodySchema,
        response: { ...changeAnswers, 200: dataEnvelope(MailTemplatePublishedSchema) },
      },
    },
    async (request) => {
      const { template, ...locale } = request.params;
      const editor = editorOf(request, locale.countryCode);
      if (!isMailTemplate(template)) throw notFound();
      return { data: await saveMailTemplate(editor, locale, template, request.body, mailHosts) };
    },
  );

  app.post(
    `${base}/:countryCode/:languageCode/mail-templates/:template/test-mail`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'A test mail of a mail template as typed, to the staff member',
        description:
          'The subject, text and HTML as the editor holds them (saved or not) are checked as a save checks them, filled with sample values (links lead to the country’s site) and mailed to the staff member’s own address through the outbox, with "[Test]" before the subject. Nothing of the content changes. Admins and the country’s managers; audited as `content.test-mail`.',
        params: LocaleParams.extend({ template: ContentKeySchema }),
        body: MailTemplateBodySchema,
        response: { ...changeAnswers, 200: dataEnvelope(TestMailSentSchema) },
      },
    },
    async (request) => {
      const { template, ...locale } = request.params;
      const editor = editorOf(request, locale.countryCode);
      if (!isMailTemplate(template)) throw notFound();
      const staff = staffOf(request);
      return {
        data: await sendTestMail(
          db,
          { actor: editor.actor, email: staff.email, at: editor.at },
          locale,
          template,
          request.body,
          mailHosts,
        ),
      };
    },
  );

  app.put(
    `${base}/:countryCode/:languageCode/pages/:name`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: "A page's title and texts, and its FAQ items when sent",
        description: changeDescription,
        params: LocaleParams.extend({ name: ContentKeySchema }),
        body: PageBodySchema,
        response: changeAnswers,
      },
    },
    async (request) => {
      const { name, ...locale } = request.params;
      const editor = editorOf(request, locale.countryCode);
      return published(await savePage(editor, locale, name, request.body));
    },
  );

  app.post(
    `${base}/:countryCode/alerts`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'An alert in every language of the country, published together (JSON)',
        description: `\`texts\` holds the alert's text in every language of the country. An alert with the same id is replaced where it stands. ${changeDescription}`,
        params: CountryParams,
        body: CountryAlertBodySchema,
        response: changeAnswers,
      },
    },
    async (request) => {
      const editor = editorOf(request, request.params.countryCode);
      return published(await publishCountryAlert(editor, request.params.countryCode, request.body));
    },
  );

  app.delete(
    `${base}/:countryCode/alerts/:hash`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Takes an alert down in every language of the country',
        description: changeDescription,
        params: CountryParams.extend({ hash: ContentKeySchema }),
        response: changeAnswers,
      },
    },
    async (request) => {
      const { countryCode, hash } = request.params;
      const editor = editorOf(request, countryCode);
      return published(await removeCountryAlert(editor, countryCode, hash));
    },
  );

  done();
};
