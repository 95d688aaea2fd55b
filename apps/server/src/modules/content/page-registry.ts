import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Page } from '@club/contract/page';
import type { ValidationAnswer } from '../../lib/validation-data.js';
import type { CountryEntry, CountryLanguage, StoredPage } from './content-repository.js';

/**
 * The server-side page registry: each page name of the route table that the
 * server answers has a loader and, where the page has a form, a submit
 * handler. Modules register their pages when they are registered on the app:
 *
 *   app.pageRegistry.register({ name: 'points', memberOnly: true, load: … });
 *
 * `GET /s2c/content/v1/pages/{name}/` answers the loader's page; `POST` to the
 * same path validates the form with the submit's schema and runs the submit
 * handler. Names that are not registered answer 404.
 */

export type PageContext = {
  /** The page being answered. */
  pageName: string;
  countryCode: string;
  languageCode: string;
  country: CountryEntry;
  language: CountryLanguage;
  /** Page params: the query without countryCode and languageCode (on a submit, also the form's query). */
  params: Record<string, string>;
  request: FastifyRequest;
  /** The stored content of this country and language, from the content cache. */
  content: {
    /** The stored page of this name (default: the page being answered), or null. */
    page(name?: string): Promise<StoredPage | null>;
    /** A text by key, or undefined. */
    text(key: string): Promise<string | undefined>;
    /** The dictionary's words (to word a message in the page's language). */
    dictionary(): Promise<Readonly<Record<string, string>>>;
  };
};

/** The generic fields every page answer has, filled with defaults when a loader leaves them out. */
type GenericFields =
  'title' | 'text' | 'postText' | 'faqItems' | 'errorMessage' | 'errorMessageList';

/** What a loader returns: the page without name, params and words, generic fields optional. */
export type PageFields<TPage extends Page = Page> = Omit<
  TPage,
  'name' | 'params' | 'dictionary' | GenericFields
> &
  Partial<Pick<Page, GenericFields>>;

export type PageSubmit<TBody = unknown, TResult = unknown> = {
  /**
   * Schema of the form values (countryCode and languageCode already taken
   * out), usually the contract's. The registry validates them with it: an
   * invalid form answers `{ validationMessages }` per field (spec 1 §5), worded
   * in the page's language, and `handle` only ever gets valid values.
   */
  body: z.ZodType<TBody>;
  /** Schema of the answer's `data`; fields not in it never leave the server. */
  response: z.ZodType<TResult>;
  /**
   * The answer to an invalid form where the page's answer says more than the
   * messages (default: the messages alone).
   */
  invalid?(context: PageContext & ValidationAnswer): Promise<TResult> | TResult;
  handle(context: PageContext & { body: TBody }): Promise<TResult> | TResult;
};

export type PageDefinition<TPage extends Page = Page, TBody = unknown, TResult = unknown> = {
  name: string;
  /** Only logged-in members get the page; others get 401 (the web app shows the 403 page). */
  memberOnly?: boolean;
  /**
   * The answer depends only on country, language and stored content, so it is
   * built once per content version and served from the cache. A cached page's
   * loader must not read `params` or `request`.
   */
  cached?: boolean;
  /**
   * Dictionary scopes of the page's screen (keys or key prefixes, see
   * dictionary-words.ts): the answer's `dictionary` carries their words.
   */
  words?: readonly string[];
  /** Schema of the page answer (default: the contract's PageSchema); extend it for page-specific fields. */
  schema?: z.ZodType<TPage>;
  load(context: PageContext): Promise<PageFields<TPage>> | PageFields<TPage>;
  submit?: PageSubmit<TBody, TResult>;
};

/** Decides whether a request comes from a logged-in member; set by the module that owns authentication. */
export type MemberCheck = (request: FastifyRequest) => boolean | Promise<boolean>;

export class PageRegistry {
  private readonly pages = new Map<string, PageDefinition>();
  private memberCheck: MemberCheck = () => false;

  /** Registers a page; registering a name twice is a mistake unless `replace` is set. */
  register<TPage extends Page, TBody, TResult>(
    definition: PageDefinition<TPage, TBody, TResult>,
    options: { replace?: boolean } = {},
  ): void {
    if (this.pages.has(definition.name) && options.replace !== true) {
      throw new Error(`Page "${definition.name}" is already registered`);
    }
    this.pages.set(definition.name, definition);
  }

  get(name: string): PageDefinition | undefined {
    return this.pages.get(name);
  }

  names(): string[] {
    return [...this.pages.keys()].sort();
  }

  setMemberCheck(check: MemberCheck): void {
    this.memberCheck = check;
  }

  isMember(request: FastifyRequest): boolean | Promise<boolean> {
    return this.memberCheck(request);
  }
}
