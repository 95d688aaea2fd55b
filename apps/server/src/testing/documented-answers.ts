import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { inject } from 'vitest';
import type { App } from '../app.js';
import type { OpenApiDocument } from '../plugins/openapi-document.js';
import { OpenApiConformance } from './openapi-conformance.js';

let conformance: OpenApiConformance | undefined;

/**
 * The checker of the run's document. Generating the document takes a second
 * or more, so the first test app of the run writes it to the file the global
 * setup names, and the test files after it read that (a few ms).
 */
function conformanceOf(app: App): OpenApiConformance {
  if (conformance !== undefined) return conformance;
  const file = inject('openApiDocumentFile');
  let document: OpenApiDocument;
  try {
    document = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
  } catch {
    document = app.swagger() as OpenApiDocument;
    // Whole or not at all: the other worker may be reading it.
    writeFileSync(`${file}.${process.pid}`, JSON.stringify(document));
    renameSync(`${file}.${process.pid}`, file);
  }
  conformance = new OpenApiConformance(clubOperations(document));
  return conformance;
}

/**
 * The document without the routes a test file added for itself (its app's
 * `setup`): those have no security and example, which every call of the
 * club has (openapi-examples.ts, checked by openapi.test.ts).
 */
function clubOperations(document: OpenApiDocument): OpenApiDocument {
  const paths: NonNullable<OpenApiDocument['paths']> = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const kept = Object.fromEntries(
      Object.entries(item).filter(
        ([, operation]) => (operation as { security?: unknown }).security !== undefined,
      ),
    );
    if (Object.keys(kept).length > 0) paths[path] = kept;
  }
  return { ...document, paths };
}

/**
 * Makes every `app.inject` of a test check its answer against the OpenAPI
 * document: an answer of a documented operation with a status, media type or
 * body the document does not describe, or a request the server took in a
 * content type the document does not list, fails the test that made it.
 * Requests of no documented operation (pages, media, test routes) pass.
 */
export function checkAnswersAgainstDocument(app: App): void {
  const original = app.inject.bind(app) as unknown as (...args: unknown[]) => unknown;
  const send = original as (options: unknown) => Promise<InjectResponse>;
  const checked = async (options: unknown) => {
    const response = await send(options);
    const request = response.raw.req;
    if (request.method === 'HEAD') return response;
    const problems = conformanceOf(app).problemsOf({
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      requestContentType: request.headers['content-type'],
      status: response.statusCode,
      contentType: String(response.headers['content-type'] ?? ''),
      body: decoded(response),
    });
    if (problems.length > 0) {
      throw new Error(
        `The OpenAPI document does not describe this answer:\n${problems.join('\n')}`,
      );
    }
    return response;
  };
  app.inject = ((options: unknown, callback?: unknown) =>
    callback === undefined && options !== undefined
      ? checked(options)
      : original(options, callback)) as App['inject'];
}

type InjectResponse = Awaited<ReturnType<App['inject']>>;

/** The answer's text as the client reads it: a compressed answer (lib/json-reply.ts) decompressed. */
function decoded(response: InjectResponse): string {
  const encoding = String(response.headers['content-encoding'] ?? '');
  const decode = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync }[encoding];
  return decode === undefined ? response.body : decode(response.rawPayload).toString('utf8');
}
