// Dredd hooks of `npm run test:openapi` (openapi/check.ts): they give each
// replayed example the credentials its operation declares in the document.
// Dredd loads hooks with require(), hence CommonJS.
const { readFileSync } = require('node:fs');
const hooks = require('hooks');

const document = JSON.parse(readFileSync(process.env.OPENAPI_DOCUMENT, 'utf8'));
const bookingQueueKey = process.env.BOOKING_QUEUE_API_KEY;
// Demo member 9000001 (README.md), whose id the examples use.
const demoMember = { username: '9000001', password: 'demo2026' };

let endpoint = '';
let memberToken = '';

/** The security requirements of a transaction's operation, by its method and path template. */
function securityOf(transaction) {
  const operation =
    document.paths[transaction.origin.resourceName]?.[transaction.request.method.toLowerCase()];
  return operation?.security ?? [];
}

/**
 * The documented schema of the 200 answer as JSON Schema, so that Dredd checks
 * the real answer's types and values too, not only its keys: OpenAPI 3.0's
 * `nullable` becomes a `null` type.
 */
function jsonSchemaOf(schema) {
  if (Array.isArray(schema)) return schema.map(jsonSchemaOf);
  if (schema === null || typeof schema !== 'object') return schema;
  const converted = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key !== 'nullable') converted[key] = jsonSchemaOf(value);
  }
  if (schema.nullable === true) {
    if (typeof schema.type === 'string') converted.type = [schema.type, 'null'];
    if (Array.isArray(schema.enum) && !schema.enum.includes(null))
      converted.enum = [...schema.enum, null];
  }
  return converted;
}

function answerSchemaOf(transaction) {
  const operation =
    document.paths[transaction.origin.resourceName]?.[transaction.request.method.toLowerCase()];
  return operation?.responses?.['200']?.content?.['application/json']?.schema;
}

async function logIn() {
  const response = await fetch(`${endpoint}/s2c/auth/v1/token/agent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoMember),
  });
  if (!response.ok) throw new Error(`demo member login failed: ${response.status}`);
  return (await response.json()).data.token;
}

hooks.beforeAll((transactions, done) => {
  const [first] = transactions;
  endpoint = `${first.protocol}//${first.host}:${first.port}`;
  logIn().then(
    (token) => {
      memberToken = token;
      done();
    },
    (error) => done(error),
  );
});

hooks.beforeEach((transaction, done) => {
  // Each example is the request of its 200 answer; the error answers are
  // documented by their schemas only and cannot come from the same request.
  if (transaction.expected.statusCode !== '200') {
    transaction.skip = true;
    done();
    return;
  }
  const schema = answerSchemaOf(transaction);
  if (schema !== undefined) transaction.expected.bodySchema = jsonSchemaOf(schema);
  const requirements = securityOf(transaction);
  const schemes = requirements.flatMap((requirement) => Object.keys(requirement));
  const optional = requirements.some((requirement) => Object.keys(requirement).length === 0);
  const isLogout = transaction.origin.resourceName === '/s2c/auth/v1/agents/logout';
  if (schemes.includes('bookingQueueKey')) {
    transaction.request.headers.Authorization = `ApiKey ${bookingQueueKey}`;
  }
  if (isLogout) {
    // Logout ends its own session, not the one the other member calls use.
    logIn().then(
      (token) => {
        transaction.request.headers.Authorization = `Bearer ${token}`;
        done();
      },
      (error) => done(error),
    );
    return;
  }
  // An optional token is left out: those examples show the guest's answer.
  if (schemes.includes('bearer') && !optional) {
    transaction.request.headers.Authorization = `Bearer ${memberToken}`;
  }
  done();
});

hooks.beforeEachValidation((transaction, done) => {
  // The document names the media type; the club's answers add `; charset=utf-8`.
  const real = transaction.real.headers;
  for (const name of Object.keys(real)) {
    if (name.toLowerCase() === 'content-type') real[name] = real[name].split(';')[0].trim();
  }
  done();
});
