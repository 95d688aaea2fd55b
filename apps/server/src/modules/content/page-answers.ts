import type { FastifyRequest } from 'fastify';
import { PageSchema, type Page } from '@club/contract/page';
import { ErrorCode } from '@club/contract/envelope';
import { HttpError, notFound, validationFailed } from '../../lib/http-error.js';
import { fieldMessages } from '../../lib/validation-data.js';
import type { ContentCache } from './content-cache.js';
import { resolveLocale, type LocaleSettings, type ResolvedLocale } from './locale.js';
import type { PageContext, PageDefinition, PageFields, PageRegistry } from './page-registry.js';

type LocaleQuery = { countryCode?: string | undefined; languageCode?: string | undefined };

export type PageAnswersDeps = {
  cache: ContentCache;
  registry: PageRegistry;
  settings: LocaleSettings;
};

/**
 * Runs the registry's loaders and submit handlers for the page routes and
 * gives back serialised answers. Answers of cached pages are kept serialised
 * without their params, which are spliced in per request.
 */
export class PageAnswers {
  constructor(private readonly deps: PageAnswersDeps) {}

  /**
   * Hot path: the answer of a cached page when everything it needs is in the
   * cache already, without awaiting; undefined means "call load".
   */
  loadCached(
    request: FastifyRequest,
    pageName: string,
    query: LocaleQuery & Record<string, string | undefined>,
  ): string | Buffer | undefined {
    const definition = this.deps.registry.get(pageName);
    if (definition?.cached !== true || definition.memberOnly === true) return undefined;
    const index = this.deps.cache.peekIndex();
    if (index === undefined) return undefined;
    const { countryCode, languageCode, ...params } = query;
    const locale = resolveLocale(
      index,
      { countryCode, languageCode },
      request.host,
      this.deps.settings,
    );
    const serialized = this.deps.cache.peek<SerializedPage>(pageKey(locale, pageName));
    return serialized === undefined ? undefined : withParams(serialized, definitelyStrings(params));
  }

  async load(
    request: FastifyRequest,
    pageName: string,
    query: LocaleQuery & Record<string, string | undefined>,
  ): Promise<string | Buffer> {
    const definition = this.definition(pageName);
    const { countryCode, languageCode, ...params } = query;
    const locale = await this.locale(request, { countryCode, languageCode });
    await this.checkMember(definition, request);
    const context = this.context(pageName, locale, definitelyStrings(params), request);
    const serialized = definition.cached
      ? await this.deps.cache.memo(pageKey(locale, pageName), async () =>
          serializePage(definition, await definition.load(context)),
        )
      : serializePage(definition, await definition.load(context));
    return withParams(serialized, context.params);
  }

  async submit(
    request: FastifyRequest,
    pageName: string,
    query: LocaleQuery & Record<string, string | undefined>,
    body: Record<string, unknown>,
  ): Promise<string> {
    const definition = this.definition(pageName);
    const submit = definition.submit;
    if (submit === undefined) throw new HttpError(405, ErrorCode.methodNotAllowed, null);
    const { countryCode: queryCountry, languageCode: queryLanguage, ...params } = query;
    const { countryCode, languageCode, ...values } = body as LocaleQuery & Record<string, unknown>;
    const locale = await this.locale(request, {
      countryCode: countryCode ?? queryCountry,
      languageCode: languageCode ?? queryLanguage,
    });
    await this.checkMember(definition, request);
    const parsed = submit.body.safeParse(values);
    if (!parsed.success) throw validationFailed(fieldMessages(parsed.error.issues, 'body'));
    const context = this.context(pageName, locale, definitelyStrings(params), request);
    const result = await submit.handle({ ...context, body: parsed.data });
    return JSON.stringify({ data: submit.response.encode(result) });
  }

  private definition(pageName: string): PageDefinition {
    const definition = this.deps.registry.get(pageName);
    if (definition === undefined) throw notFound({ pageName: 'Page not found' });
    return definition;
  }

  private async locale(request: FastifyRequest, requested: LocaleQuery): Promise<ResolvedLocale> {
    const index = await this.deps.cache.index();
    return resolveLocale(index, requested, request.host, this.deps.settings);
  }

  private async checkMember(definition: PageDefinition, request: FastifyRequest): Promise<void> {
    if (definition.memberOnly === true && !(await this.deps.registry.isMember(request))) {
      throw new HttpError(401, ErrorCode.unauthorized, null);
    }
  }

  private context(
    pageName: string,
    locale: ResolvedLocale,
    params: Record<string, string>,
    request: FastifyRequest,
  ): PageContext {
    const cache = this.deps.cache;
    const localeKey = { countryCode: locale.country.code, languageCode: locale.language.code };
    return {
      pageName,
      ...localeKey,
      country: locale.country,
      language: locale.language,
      params,
      request,
      content: {
        page: (name = pageName) => cache.storedPage(localeKey, name),
        text: async (key) => (await cache.texts(localeKey)).get(key),
      },
    };
  }
}

const pageKey = (locale: ResolvedLocale, pageName: string) =>
  `page:${locale.country.code}:${locale.language.code}:${pageName}`;

function definitelyStrings(params: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) result[key] = value;
  return result;
}

/**
 * A page answer kept for splicing in params: `head` is `{"data":{…page…,"params":`
 * (without params and closing braces); `withoutParams` the whole answer for
 * the common case of no params, ready to send.
 */
type SerializedPage = { head: string; withoutParams: Buffer };

function withParams(page: SerializedPage, params: Record<string, string>): string | Buffer {
  return Object.keys(params).length === 0
    ? page.withoutParams
    : `${page.head}${JSON.stringify(params)}}}`;
}

function serializePage(definition: PageDefinition, fields: PageFields): SerializedPage {
  const page: Page = {
    title: definition.name,
    text: '',
    postText: '',
    faqItems: [],
    errorMessage: [],
    errorMessageList: [],
    ...fields,
    name: definition.name,
    params: {},
  };
  const encoded = (definition.schema ?? PageSchema).encode(page) as Record<string, unknown>;
  delete encoded.params;
  const json = JSON.stringify({ data: encoded });
  const head = `${json.slice(0, -2)},"params":`;
  return { head, withoutParams: Buffer.from(`${head}{}}}`) };
}
