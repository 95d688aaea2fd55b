/**
 * Completes the OpenAPI document that @fastify/swagger builds from the routes'
 * zod schemas: who may call each operation (security), an example request and
 * answer for each, a server, and fixes for what the schema conversion gets
 * wrong in OpenAPI 3.0 (see `repairSchema`). Kept apart from the routes so
 * that the document is completed in one place (docs/api.md).
 */

/** Who may call an operation, as the document's security requirements say it. */
export type Access =
  /** Anyone; no credentials. */
  | 'guest'
  /** A member's session: `Authorization: Bearer <token>` from login or registration. */
  | 'member'
  /** Anyone; a member's token where the answer depends on the member (the page calls). */
  | 'guest-or-member'
  /** The reservation-system side: `Authorization: ApiKey <BOOKING_QUEUE_API_KEY>`. */
  | 'booking-queue'
  /** A staff session: `Authorization: Bearer stf_…` from the staff login; role and country checked per call. */
  | 'staff';

export type OperationExample = {
  access: Access;
  /** Example values of the path and query parameters, by name. */
  parameters?: Record<string, string>;
  /** Parameters to document instead of the generated ones (a querystring of any keys yields none that are real). */
  replaceParameters?: OpenApiParameter[];
  /** The example request body, for every media type the operation takes. */
  body?: unknown;
  /** The example answer: 200, or the operation's `status` (201 for a call that makes something). */
  answer: unknown;
  status?: 201;
};

/** `METHOD /path/{param}`, as the document writes them. */
export type OperationKey = `${'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'} /${string}`;

export type OpenApiParameter = {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  schema?: unknown;
  example?: string;
};

type MediaType = { schema?: unknown; example?: unknown };
type Operation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
};
export type OpenApiDocument = {
  openapi?: string;
  servers?: { url: string; description?: string }[];
  paths?: Record<string, Record<string, unknown>>;
  components?: { securitySchemes?: Record<string, unknown> } & Record<string, unknown>;
} & Record<string, unknown>;

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export const securitySchemes = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A member session token, from login (`POST /s2c/auth/v1/token/agent`) or registration.',
  },
  staffBearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A staff session token (`stf_…`), from the staff login (`POST /s2c/staff/v1/session`); ends after 30 minutes idle and 8 hours in all. Each call checks the role and countries of the account.',
  },
  bookingQueueKey: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      '`ApiKey <BOOKING_QUEUE_API_KEY>`: the reservation-system side only; the call answers 404 while the key is not configured.',
  },
} as const;

const securityOf: Record<Access, Record<string, string[]>[]> = {
  guest: [],
  member: [{ bearer: [] }],
  // An empty requirement makes the token optional.
  'guest-or-member': [{}, { bearer: [] }],
  'booking-queue': [{ bookingQueueKey: [] }],
  staff: [{ staffBearer: [] }],
};

/** Every operation of the document with its key. */
export function operationsOf(
  document: OpenApiDocument,
): { key: OperationKey; operation: Operation }[] {
  const found: { key: OperationKey; operation: Operation }[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of methods) {
      const operation = item[method] as Operation | undefined;
      if (operation !== undefined) {
        found.push({ key: `${method.toUpperCase()} ${path}` as OperationKey, operation });
      }
    }
  }
  return found;
}

/**
 * OpenAPI 3.0 has no null type: zod's `x | null` comes out as
 * `{ anyOf: […], nullable: true }` without a `type`, which 3.0 does not allow.
 * The null moves into every alternative. A parameter schema that is not an
 * object (a record querystring read as properties) is no schema: dropped.
 */
function repairSchema(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) repairSchema(item);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const schema = value as Record<string, unknown>;
  // OpenAPI 3.0.3: a nullable enum lists null among its values.
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum = [...(schema.enum as unknown[]), null];
  if (schema.nullable === true && schema.type === undefined) {
    const alternatives = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
    if (alternatives !== undefined) {
      for (const alternative of alternatives) {
        if (alternative.type !== undefined) alternative.nullable = true;
      }
    }
    delete schema.nullable;
  }
  for (const child of Object.values(schema)) repairSchema(child);
}

/** `GET /s2c/content/v1/pages/{pageName}/` → `getContentV1PagesByPageName`: stable, readable names for clients. */
export function operationIdOf(key: OperationKey): string {
  const [method, path] = key.split(' ') as [string, string];
  const words = path
    .split('/')
    .filter((segment) => segment !== '' && segment !== 's2c')
    .flatMap((segment) =>
      segment.startsWith('{') ? ['by', segment.slice(1, -1)] : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter((word) => word !== '');
  return [
    method.toLowerCase(),
    ...words.map((word) => word[0]!.toUpperCase() + word.slice(1)),
  ].join('');
}

/**
 * Every call with a JSON object body also takes it form-encoded: the app
 * parses forms for every call (@fastify/formbody), and the web app sends
 * forms (spec 2 §9). The document lists both, so that a validating proxy
 * lets the web app's calls through; the fields are checked the same way
 * (numbers and booleans are read from their text where the call allows it).
 */
function addFormBodies(operation: Operation): void {
  const content = operation.requestBody?.content;
  const json = content?.['application/json'];
  const type =
    (json?.schema as { type?: unknown; oneOf?: unknown; anyOf?: unknown } | undefined) ?? {};
  if (content === undefined || json === undefined) return;
  if (type.type !== 'object' && type.oneOf === undefined && type.anyOf === undefined) return;
  content[formType] ??= { schema: json.schema };
}

/** The error envelope (`@club/contract/envelope`), as the generator writes it. */
const errorBody = {
  type: 'object',
  properties: { code: { type: 'string' }, data: {} },
  required: ['code', 'data'],
  additionalProperties: false,
};

/**
 * What the app answers for any call before its handler runs, where a route
 * does not list it: 400 for a body, path or query its schemas refuse (or a
 * body that is not JSON); on a call that changes something, 403 when the
 * XSRF cookie is sent without its header (plugins/xsrf.ts), 413 for a body
 * over the limit and 415 for a content type it does not parse. A 204 has no
 * body.
 */
function addAppAnswers(method: string, path: string, operation: Operation): void {
  const responses = (operation.responses ??= {});
  const answer = (description: string) => ({
    description,
    content: { 'application/json': { schema: errorBody } },
  });
  const changes = !['get', 'head', 'options'].includes(method);
  if (changes || (operation.parameters ?? []).length > 0)
    responses['400'] ??= answer('Invalid input: per-field messages and the request id');
  if (changes && path.startsWith('/s2c/'))
    responses['403'] ??= answer('The XSRF cookie without the same X-XSRF-TOKEN header');
  if (changes) {
    responses['413'] ??= answer('The body is over the limit');
    responses['415'] ??= answer('A content type the call does not take');
  }
  if (responses['204'] !== undefined) delete responses['204'].content;
}

export const formType = 'application/x-www-form-urlencoded';

/**
 * A download's `produces: ['text/csv']` puts its error answers under
 * text/csv too, but the error handler answers JSON: an error answer's
 * object schema moves back under application/json.
 */
function errorsAsJson(operation: Operation): void {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const content = response.content;
    if (Number(status) < 400 || content === undefined || content['application/json']) continue;
    const object = Object.entries(content).find(
      ([, media]) => (media.schema as { type?: unknown } | undefined)?.type === 'object',
    );
    if (object !== undefined) response.content = { 'application/json': object[1] };
  }
}

function applyExample(operation: Operation, example: OperationExample): void {
  operation.security = securityOf[example.access];
  if (example.replaceParameters !== undefined) {
    operation.parameters = example.replaceParameters.map((parameter) => ({ ...parameter }));
  }
  for (const parameter of operation.parameters ?? []) {
    const value = example.parameters?.[parameter.name];
    if (value !== undefined) parameter.example = value;
  }
  if (example.body !== undefined) {
    for (const media of Object.values(operation.requestBody?.content ?? {})) {
      media.example = example.body;
    }
  }
  const responses = (operation.responses ??= {});
  const ok = (responses[String(example.status ?? 200)] ??= { description: 'OK' });
  const content = (ok.content ??= { 'application/json': {} });
  for (const media of Object.values(content)) media.example = example.answer;
}

/** The document with its server, security schemes, repaired schemas and every operation's security and examples. */
export function completeDocument(
  document: OpenApiDocument,
  examples: Partial<Record<OperationKey, OperationExample>>,
): OpenApiDocument {
  // Through JSON: what the generator hands over may hold values that cannot be cloned.
  const completed = JSON.parse(JSON.stringify(document)) as OpenApiDocument;
  completed.servers = [
    { url: '/', description: 'The club itself: the same origin as the web app' },
  ];
  completed.components = {
    ...completed.components,
    securitySchemes: { ...completed.components?.securitySchemes, ...securitySchemes },
  };
  for (const { operation } of operationsOf(completed)) {
    for (const parameter of operation.parameters ?? []) {
      if (parameter.schema !== undefined && typeof parameter.schema !== 'object') {
        delete parameter.schema;
      }
    }
  }
  repairSchema(completed.paths);
  repairSchema(completed.components);
  for (const { key, operation } of operationsOf(completed)) {
    operation.operationId ??= operationIdOf(key);
    addFormBodies(operation);
    errorsAsJson(operation);
    const [method, path] = key.split(' ') as [string, string];
    addAppAnswers(method.toLowerCase(), path, operation);
    const example = examples[key];
    if (example !== undefined) applyExample(operation, example);
  }
  return completed;
}

/**
 * What stops the document from being replayed: operations without an example
 * request and answer (or without security), and required parameters without
 * an example value. One line each, naming the operation.
 */
export function missingExamples(document: OpenApiDocument): string[] {
  const problems: string[] = [];
  for (const { key, operation } of operationsOf(document)) {
    if (operation.security === undefined)
      problems.push(`${key}: no security (add it to openapi-examples.ts)`);
    const answer = (operation.responses?.['200'] ?? operation.responses?.['201'])?.content;
    if (
      answer === undefined ||
      Object.values(answer).some((media) => media.example === undefined)
    ) {
      problems.push(`${key}: no example answer (add it to openapi-examples.ts)`);
    }
    for (const parameter of operation.parameters ?? []) {
      if (parameter.required === true && parameter.example === undefined) {
        problems.push(`${key}: no example for the ${parameter.in} parameter ${parameter.name}`);
      }
    }
    for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
      if (media.example === undefined) problems.push(`${key}: no example ${type} request body`);
    }
  }
  return problems;
}

/**
 * Entries of the examples table that no longer fit the document: an operation
 * that is gone (renamed, removed) or a parameter it does not have.
 */
export function staleExamples(
  document: OpenApiDocument,
  examples: Partial<Record<OperationKey, OperationExample>>,
): string[] {
  const operations = new Map(operationsOf(document).map(({ key, operation }) => [key, operation]));
  const problems: string[] = [];
  for (const [key, example] of Object.entries(examples) as [OperationKey, OperationExample][]) {
    const operation = operations.get(key);
    if (operation === undefined) {
      problems.push(`${key}: not in the document`);
      continue;
    }
    const names = new Set((operation.parameters ?? []).map((parameter) => parameter.name));
    for (const name of Object.keys(example.parameters ?? {})) {
      if (!names.has(name)) problems.push(`${key}: no parameter ${name}`);
    }
  }
  return problems;
}
