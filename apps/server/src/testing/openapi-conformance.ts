import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { OpenApiDocument } from '../plugins/openapi-document.js';

/**
 * Checks answers (and the content type of requests) against the OpenAPI
 * document, so that the document stays true to what the server does: the
 * server integration suite checks every `inject` answer with it
 * (test-app.ts), and `npm run test:openapi` every replayed example
 * (openapi/check.ts). An answer of an operation the document has must have a
 * documented status, a documented media type and a body its schema allows.
 * Schemas are compiled with Ajv on first use (OpenAPI 3.0's `nullable` is an
 * Ajv keyword), once per process.
 */

type MediaType = { schema?: unknown };
type Operation = {
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
};

/** What was sent and answered, as a test or a replay sees it. */
export type Exchange = {
  method: string;
  /** The request's path, with or without its query. */
  url: string;
  requestContentType?: string | undefined;
  status: number;
  contentType?: string | undefined;
  body: string;
};

// The CommonJS default export, whichever way the loader hands it over.
const addFormats = ((addFormatsPlugin as unknown as { default?: unknown }).default ??
  addFormatsPlugin) as unknown as (ajv: Ajv) => Ajv;

/** `application/json; charset=utf-8` → `application/json`. */
export const mediaTypeOf = (header: string | undefined): string =>
  (header ?? '').split(';')[0]!.trim().toLowerCase();

const escapePointer = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

type Template = { path: string; pattern: RegExp; statics: number };

export class OpenApiConformance {
  private readonly ajv: Ajv;
  private readonly templates: Template[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    // Not strict: the document's schemas carry `example`s and descriptions.
    this.ajv = new Ajv({ strict: false, validateSchema: false, allErrors: false });
    addFormats(this.ajv);
    this.ajv.addSchema(document, 'openapi');
    this.templates = Object.keys(document.paths ?? {})
      .map((path) => ({
        path,
        // The router ignores a trailing slash; a parameter is one segment.
        pattern: new RegExp(
          `^${path
            .replace(/\/$/, '')
            .split(/(\{[^}]+\})/)
            .map((part) =>
              part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
            )
            .join('')}/?$`,
        ),
        statics: path.split('/').filter((segment) => segment !== '' && !segment.includes('{'))
          .length,
      }))
      // A static path wins over a parametric one, as in the router.
      .sort((a, b) => b.statics - a.statics);
  }

  /** The document's path of a request path, or undefined when the document has none. */
  pathOf(url: string): string | undefined {
    const pathname = url.split('?')[0]!;
    return this.templates.find((template) => template.pattern.test(pathname))?.path;
  }

  private operationOf(
    method: string,
    url: string,
  ): { path: string; operation: Operation } | undefined {
    const path = this.pathOf(url);
    if (path === undefined) return undefined;
    const operation = this.document.paths?.[path]?.[method.toLowerCase()] as Operation | undefined;
    return operation === undefined ? undefined : { path, operation };
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (validate === undefined) {
      validate = this.ajv.compile({ $ref: `openapi#${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }

  /**
   * What the document does not describe of an exchange: an empty list when
   * it describes it, or when the request is of no operation of the document.
   */
  problemsOf(exchange: Exchange): string[] {
    const found = this.operationOf(exchange.method, exchange.url);
    if (found === undefined) return [];
    const { path, operation } = found;
    const name = `${exchange.method.toUpperCase()} ${path}`;
    const problems: string[] = [];
    const accepted = operation.requestBody?.content;
    const sent = mediaTypeOf(exchange.requestContentType);
    // A request the server took (2xx) in a content type the document does not list.
    if (
      accepted !== undefined &&
      sent !== '' &&
      exchange.status < 300 &&
      !Object.keys(accepted).includes(sent)
    ) {
      problems.push(
        `${name}: took a ${sent} body; the document lists ${Object.keys(accepted).join(', ')}`,
      );
    }
    const status = String(exchange.status);
    const statusKey = [status, `${status[0]}XX`, 'default'].find(
      (key) => operation.responses?.[key] !== undefined,
    );
    if (statusKey === undefined) {
      problems.push(`${name}: answered ${status}, which the document does not list`);
      return problems;
    }
    const content = operation.responses?.[statusKey]?.content;
    const type = mediaTypeOf(exchange.contentType);
    if (content === undefined || Object.keys(content).length === 0) {
      if (exchange.body !== '')
        problems.push(
          `${name}: answered ${status} with a ${type} body; the document describes none`,
        );
      return problems;
    }
    const media = content[type];
    if (media === undefined) {
      problems.push(
        `${name}: answered ${status} as ${type || 'no content type'}; the document lists ${Object.keys(content).join(', ')}`,
      );
      return problems;
    }
    if (media.schema === undefined || !type.endsWith('json')) return problems;
    let body: unknown;
    try {
      body = JSON.parse(exchange.body) as unknown;
    } catch {
      problems.push(`${name}: answered ${status} with a body that is not JSON`);
      return problems;
    }
    const pointer = [
      'paths',
      path,
      exchange.method.toLowerCase(),
      'responses',
      statusKey,
      'content',
      type,
      'schema',
    ]
      .map(escapePointer)
      .join('/');
    const validate = this.validator(`/${pointer}`);
    if (!validate(body)) {
      const errors = (validate.errors ?? [])
        .slice(0, 5)
        .map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''}`.trim());
      problems.push(
        `${name}: the ${status} answer does not match the document: ${errors.join('; ')}`,
      );
    }
    return problems;
  }
}
