import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { LayoutSchema } from '@club/contract/layout';
import { PageSchema, TextSchema } from '@club/contract/page';
import { dataEnvelope, ErrorBodySchema } from '@club/contract/envelope';
import {
  LayoutQuerySchema,
  PageNameParamSchema,
  PageQuerySchema,
  TextsQuerySchema,
} from '@club/contract/content-query';
import { CountryCodeSchema, LanguageCodeSchema } from '@club/contract/locale';
import { notFound } from '../../lib/http-error.js';
import { encodeJson, sendSerialized, type EncodedJson } from '../../lib/json-reply.js';
import { layoutEarning } from '../earning-rules/layout-earning.js';
import { momentsPassed, readLayoutParts } from './content-repository.js';
import { layoutAnswer } from './layout-answer.js';
import { resolveLocale, type ResolvedLocale } from './locale.js';
import { PageAnswers } from './page-answers.js';

/** A form value: text (a list for repeated fields) or, in a JSON body, a plain scalar. */
const FormValueSchema = z.union([
  z.string().max(10_000),
  z.array(z.string().max(10_000)).max(100),
  z.number(),
  z.boolean(),
  z.null(),
]);

/** Form encoding sends a missing value as empty (spec 2 §9): an empty code means "not given". */
const emptyAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** Form values plus countryCode, languageCode and the page's query params (spec 1 §7 "page form submit"). */
const PageFormBodySchema = z
  .object({
    countryCode: emptyAsAbsent(CountryCodeSchema),
    languageCode: emptyAsAbsent(LanguageCodeSchema),
  })
  .catchall(FormValueSchema)
  .optional();

const errors = {
  400: ErrorBodySchema.describe('Invalid input: per-field messages and the request id'),
  404: ErrorBodySchema.describe('Unknown country, language, page or key'),
  503: ErrorBodySchema.describe('The database cannot be reached'),
};

/** The UTC day of a moment, YYYY-MM-DD (as the points module's calendar days). */
const dayOf = (epochMs: number): string => new Date(epochMs).toISOString().slice(0, 10);

/**
 * Per day too: the earning rules in force (base points, running campaigns)
 * change with the date; and per alert moment passed: an alert that starts or
 * ends changes the answer with no staff action (and no content version).
 */
const layoutKey = ({ country, language }: ResolvedLocale, today: string, alertPhase: number) =>
  `layout:${country.code}:${language.code}:${today}:${alertPhase}`;

/** The content calls: layout, pages (with the page form submit) and texts. */
export const contentRoutes: FastifyPluginCallbackZod<{ now?: () => number }> = (
  app,
  options,
  done,
) => {
  const now = options.now ?? Date.now;
  const { contentCache: cache, pageRegistry: registry, db, config } = app;
  const settings = {
    publicRootDomain: config.publicRootDomain,
    defaultCountry: config.defaultCountry,
  };
  const pages = new PageAnswers({ cache, registry, settings });

  app.get(
    '/s2c/content/v1/layout/',
    {
      schema: {
        tags: ['content'],
        summary: 'The layout of a country and language',
        description:
          'Country: the query, else the host subdomain, else the default country. Language: the query, else the country default.',
        querystring: LayoutQuerySchema,
        response: { 200: dataEnvelope(LayoutSchema), ...errors },
      },
    },
    // Not async: a cached answer is sent without awaiting anything (see content-cache.ts).
    (request, reply) => {
      const index = cache.peekIndex();
      const moments = cache.peekAlertMoments();
      if (index !== undefined && moments !== undefined) {
        const at = now();
        const json = cache.peek<EncodedJson>(
          layoutKey(
            resolveLocale(index, request.query, request.host, settings),
            dayOf(at),
            momentsPassed(moments, at),
          ),
        );
        if (json !== undefined) {
          sendSerialized(reply, json);
          return;
        }
      }
      return (async () => {
        const locale = resolveLocale(await cache.index(), request.query, request.host, settings);
        const moments = await cache.alertMoments();
        const at = now();
        const today = dayOf(at);
        const json = await cache.memo(
          layoutKey(locale, today, momentsPassed(moments, at)),
          async () => {
            const localeKey = {
              countryCode: locale.country.code,
              languageCode: locale.language.code,
            };
            const [parts, dictionary, earning] = await Promise.all([
              readLayoutParts(db, localeKey),
              cache.dictionary(localeKey),
              layoutEarning(db, localeKey.countryCode, localeKey.languageCode, today),
            ]);
            return encodeJson(
              JSON.stringify({
                data: LayoutSchema.encode(layoutAnswer(locale, parts, dictionary, earning, at)),
              }),
            );
          },
        );
        return sendSerialized(reply, json);
      })();
    },
  );

  app.get(
    '/s2c/content/v1/pages/:pageName/',
    {
      schema: {
        tags: ['content'],
        summary: 'A page by name',
        description:
          'Query: countryCode, languageCode and the page params, which the answer echoes in `params`.',
        params: PageNameParamSchema,
        querystring: PageQuerySchema,
        response: { 200: dataEnvelope(PageSchema.loose()), 401: ErrorBodySchema, ...errors },
      },
    },
    (request, reply) => {
      const cached = pages.loadCached(request, request.params.pageName, request.query);
      if (cached !== undefined) {
        sendSerialized(reply, cached);
        return;
      }
      return (async () =>
        sendSerialized(reply, await pages.load(request, request.params.pageName, request.query)))();
    },
  );

  app.post(
    '/s2c/content/v1/pages/:pageName/',
    {
      schema: {
        tags: ['content'],
        summary: 'Submit the form of a page',
        description:
          'Form-encoded or JSON body: the form values plus countryCode, languageCode and the page query params. Pages without a form answer 405.',
        params: PageNameParamSchema,
        querystring: PageQuerySchema,
        body: PageFormBodySchema,
        response: {
          200: dataEnvelope(z.unknown()),
          401: ErrorBodySchema,
          403: ErrorBodySchema.describe('XSRF token mismatch'),
          405: ErrorBodySchema.describe('The page has no form'),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      sendSerialized(
        reply,
        await pages.submit(request, request.params.pageName, request.query, request.body ?? {}),
      ),
  );

  app.get(
    '/s2c/content/v1/texts',
    {
      schema: {
        tags: ['content'],
        summary: 'A text by key',
        querystring: TextsQuerySchema,
        response: { 200: dataEnvelope(TextSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { key, ...requested } = request.query;
      const locale = resolveLocale(await cache.index(), requested, request.host, settings);
      const texts = await cache.texts({
        countryCode: locale.country.code,
        languageCode: locale.language.code,
      });
      const value = texts.get(key);
      if (value === undefined) throw notFound({ key: 'No text for this key' });
      return sendSerialized(reply, JSON.stringify({ data: { key, value } }));
    },
  );
  done();
};
