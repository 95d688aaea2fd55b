import type { FastifyRequest } from 'fastify';
import { ValidationAnswerSchema } from '@club/contract/account-pages';
import { PageSchema, type Page } from '@club/contract/page';
import { ErrorCode } from '@club/contract/envelope';
import { HttpError, notFound } from '../../lib/http-error.js';
import { validationAnswer, type FieldIssue } from '../../lib/validation-data.js';
import { encodeJson, plainJson, type EncodedJson } from '../../lib/json-reply.js';
import type { ContentCache } from './content-cache.js';
import { pickWords } from './dictionary-words.js';
import { pageWording } from './page-wording.js';
import { resolveLocale, type LocaleSettings, type ResolvedLocale } from './locale.js';
import type {
  PageContext,
  PageDefinition,
  PageFields,
  PageRegistry,
  PageSubmit,
} from './page-registry.js';

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
  ): string | EncodedJson | undefined {
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
  ): Promise<string | EncodedJson> {
    const definition = this.definition(pageName);
    const { countryCode, languageCode, ...params } = query;
    const locale = await this.locale(request, { countryCode, languageCode });
    await this.checkMember(definition, request);
    const context = this.context(pageName, locale, definitelyStrings(params), request);
    const build = async () =>
      serializePage(
        definition,
        await definition.load(context),
        await this.words(definition, context),
      );
    const serialized = definition.cached
      ? await this.deps.cache.memo(pageKey(locale, pageName), build)
      : await build();
    return withParams(serialized, context.params);
  }

  async submit(
    request: FastifyRequest,
    pageName: string,
    query: LocaleQuery & Record<string, string | undefined>,
    body: Record<string, unknown>,
  ): Promise<string> {
    const definition = this.definition(pageName);
    const { countryCode: queryCountry, languageCode: queryLanguage, ...params } = query;
    const { countryCode, languageCode, ...values } = body as LocaleQuery & Record<string, unknown>;
    const locale = await this.locale(request, {
      countryCode: countryCode ?? queryCountry,
      languageCode: languageCode ?? queryLanguage,
    });
    // Before the 405: a member-only page tells a guest nothing, not even whether it has a form.
    await this.checkMember(definition, request);
    const submit = definition.submit;
    if (submit === undefined) throw new HttpError(405, ErrorCode.methodNotAllowed, null);
    const context = this.context(pageName, locale, definitelyStrings(params), request);
    const parsed = submit.body.safeParse(values);
    const data = parsed.success
      ? submit.response.encode(await submit.handle({ ...context, body: parsed.data }))
      : await this.invalid(submit, context, parsed.error.issues);
    return JSON.stringify({ data });
  }

  /** The answer to an invalid form: its messages, worded with the page language's dictionary. */
  private async invalid(
    submit: PageSubmit,
    context: PageContext,
    issues: readonly FieldIssue[],
  ): Promise<unknown> {
    const answer = validationAnswer(issues, await pageWording(context));
    return submit.invalid === undefined
      ? ValidationAnswerSchema.encode(answer)
      : submit.response.encode(await submit.invalid({ ...context, ...answer }));
  }

  /** The dictionary words of the page's screen, or undefined when it declares none. */
  private async words(
    definition: PageDefinition,
    { countryCode, languageCode }: PageContext,
  ): Promise<Record<string, string> | undefined> {
    if (definition.words === undefined) return undefined;
    const dictionary = await this.deps.cache.dictionary({ countryCode, languageCode });
    return pickWords(dictionary, definition.words);
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
        dictionary: () => cache.dictionary(localeKey),
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
type SerializedPage = { head: string; withoutParams: EncodedJson };

function withParams(page: SerializedPage, params: Record<string, string>): string | EncodedJson {
  return Object.keys(params).length === 0
    ? page.withoutParams
    : `${page.head}${JSON.stringify(params)}}}`;
}

async function serializePage(
  definition: PageDefinition,
  fields: PageFields,
  words: Record<string, string> | undefined,
): Promise<SerializedPage> {
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
    ...(words === undefined ? {} : { dictionary: words }),
  };
  const encoded = (definition.schema ?? PageSchema).encode(page) as Record<string, unknown>;
  delete encoded.params;
  const json = JSON.stringify({ data: encoded });
  const head = `${json.slice(0, -2)},"params":`;
  // Only kept answers are worth compressing (once per content version).
  const whole = `${head}{}}}`;
  return { head, withoutParams: definition.cached ? await encodeJson(whole) : plainJson(whole) };
}
