// Dredd hooks of `npm run test:openapi` (openapi/check.ts): they give each
// replayed example the credentials its operation declares in the document and
// the agency calls a real emailed link, and have Dredd check every answer
// against its documented schema. Dredd loads hooks with require(), hence CommonJS.
const { randomBytes } = require('node:crypto');
const { readFileSync } = require('node:fs');
const hooks = require('hooks');
const { Secret, TOTP } = require('otpauth');

const document = JSON.parse(readFileSync(process.env.OPENAPI_DOCUMENT, 'utf8'));
const bookingQueueKey = process.env.BOOKING_QUEUE_API_KEY;
// The mail sink's messages (e2e/support/mail-sink.mjs), where the club sends its mail.
const mailSinkUrl = process.env.MAIL_SINK_URL;
const agencyPath = '/s2c/auth/v1/agency/state-change-request';
const handoverPath = '/s2c/auth/v1/session/handover';
// The decision maker of the office whose access request the enroll/push example makes.
const decisionMaker = 'manager.athgr2102@example.com';
// Demo member 9000001 (README.md), whose id the examples use.
const demoMember = { username: '9000001', password: 'demo2026' };

// The demo staff of the README (apps/server/src/modules/staff/demo-staff.ts).
const demoAdmin = {
  email: 'admin@example.com',
  password: 'demo-admin-passphrase',
  secret: 'UG66MIATC54NIVXO6FBYQBXJOVRV7RV6',
};
const demoManager = {
  email: 'manager.at@example.com',
  password: 'demo-manager-passphrase',
  secret: '2Z2IZKH47F6UXXXYOHXKIC3XNMXXVDE6',
};
const staffSessionPath = '/s2c/staff/v1/session';
// The member actions' examples (apps/server/src/plugins/openapi-staff-examples/member-actions-examples.ts).
const memberActionsPath = '/s2c/staff/v1/members/{number}/';
const staffSetupPath = '/s2c/staff/v1/setup';

let endpoint = '';
let memberToken = '';
let staffToken = '';

/**
 * A code works once: each login of an account takes a later time step than
 * its last on that server (each server has its own database).
 */
const lastStep = new Map();
function freshCode(account, server = endpoint) {
  const key = `${server} ${account.email}`;
  const step = Math.max(Math.floor(Date.now() / 30_000), (lastStep.get(key) ?? -1) + 1);
  lastStep.set(key, step);
  const totp = new TOTP({ secret: Secret.fromBase32(account.secret) });
  return totp.generate({ timestamp: step * 30_000 });
}

async function staffLogIn(account, server = endpoint) {
  const response = await fetch(`${server}${staffSessionPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: account.email,
      password: account.password,
      code: freshCode(account, server),
    }),
  });
  if (!response.ok) throw new Error(`demo staff login failed: ${response.status}`);
  return (await response.json()).data.token;
}

let setupAccounts = 0;

/**
 * A fresh setup link's token (and, for the setup itself, a code of its
 * secret): setup links are secret and single-use, so the setup examples
 * cannot carry real ones. The demo admin adds an account for each.
 */
async function freshSetup() {
  setupAccounts += 1;
  const response = await fetch(`${endpoint}/s2c/staff/v1/staff`, {
    method: 'POST',
    headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `setup.example${setupAccounts}@example.com`,
      role: 'support',
      countries: 'at',
    }),
  });
  if (!response.ok) throw new Error(`adding a staff account failed: ${response.status}`);
  const token = new URL((await response.json()).data.setupLink).searchParams.get('token');
  const offer = await fetch(`${endpoint}${staffSetupPath}?token=${encodeURIComponent(token)}`);
  if (!offer.ok) throw new Error(`the setup link does not open: ${offer.status}`);
  const { totpSecret } = (await offer.json()).data;
  const code = new TOTP({ secret: Secret.fromBase32(totpSecret) }).generate();
  return { token, code };
}

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
  return operation?.responses?.[successCodeOf(transaction)]?.content?.['application/json']?.schema;
}

/** The answer an example is of: 200, or 201 for an operation that makes something and answers nothing else. */
function successCodeOf(transaction) {
  const operation =
    document.paths[transaction.origin.resourceName]?.[transaction.request.method.toLowerCase()];
  return operation?.responses?.['200'] === undefined && operation?.responses?.['201'] !== undefined
    ? '201'
    : '200';
}

async function logIn(member = demoMember, server = endpoint) {
  const response = await fetch(`${server}/s2c/auth/v1/token/agent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(member),
  });
  if (!response.ok) throw new Error(`demo member login failed: ${response.status}`);
  return (await response.json()).data.token;
}

/**
 * The `s` and `c` of the opt-in link mailed to the decision maker: links are
 * secret and new each time, so the agency examples cannot carry real ones.
 */
async function mailedOptInLink() {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const messages = await (await fetch(mailSinkUrl)).json();
    for (const message of messages.filter((mail) => mail.to.includes(decisionMaker))) {
      for (const [href] of message.text.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
        const url = new URL(href);
        if (url.pathname.endsWith('/agency-opt-in')) {
          return { s: url.searchParams.get('s'), c: url.searchParams.get('c') };
        }
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no opt-in link mailed to ${decisionMaker}`);
}

/**
 * A fresh handover code of the demo member: codes are secret, single-use and
 * live a minute, so the exchange example cannot carry a real one. It is
 * minted by a session of its own, since the exchange ends the session that
 * minted the code (the other examples keep using theirs).
 */
async function handoverCode() {
  const response = await fetch(`${endpoint}/s2c/auth/v1/session/handover-code`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await logIn()}` },
  });
  if (!response.ok) throw new Error(`handover code failed: ${response.status}`);
  return (await response.json()).data.code;
}

/** A demo member's login, with the demo password or a wrong one. */
function memberLogin(username, password) {
  return fetch(`${endpoint}/s2c/auth/v1/token/agent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
}

/**
 * What a member action's example needs first: a failed login to unlock, a
 * session to end, the resend quiet time (1 s here, openapi/check.ts) over
 * since the registration example mailed its link.
 */
/** Sets the demo member's tax information verified or not, as staff do. */
async function setDemoTaxOk(taxOk) {
  const response = await fetch(`${endpoint}/s2c/staff/v1/tax-information/9000001`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      taxOk: taxOk ? 'on' : 'off',
      reason: 'replay of the tax-details decision example',
    }),
  });
  if (!response.ok) throw new Error(`tax information not set: ${response.status}`);
}

async function prepareMemberAction(action) {
  if (action === 'login-unlock') await memberLogin('9000005', 'not-the-password');
  if (action === 'end-sessions') {
    const response = await memberLogin('9000004', demoMember.password);
    if (!response.ok) throw new Error(`demo member 9000004 login failed: ${response.status}`);
  }
  if (action === 'confirmation-mail') await new Promise((resolve) => setTimeout(resolve, 1100));
  // A decision needs tax details waiting: the demo member, whose tax
  // information the demo data has verified, is unverified for a moment and
  // sends them (the decision example refuses them; afterEach verifies again).
  if (action === 'tax-details/decision') {
    await setDemoTaxOk(false);
    const response = await fetch(`${endpoint}/s2c/auth/v1/tax-details`, {
      method: 'POST',
      headers: { authorization: `Bearer ${memberToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ taxNumber: '123456789', taxOffice: 'Athens A' }),
    });
    if (!response.ok) throw new Error(`tax details not sent: ${response.status}`);
  }
}

/** Puts the mailed link into the agency call's query (GET) or form (POST). */
function useLink(transaction, link) {
  if (transaction.request.method === 'GET') {
    const url = new URL(transaction.request.uri, 'http://club');
    url.searchParams.set('s', link.s);
    url.searchParams.set('c', link.c);
    transaction.request.uri = `${url.pathname}${url.search}`;
    transaction.fullPath = transaction.request.uri;
  } else {
    transaction.request.body = JSON.stringify({ ...JSON.parse(transaction.request.body), ...link });
  }
}

// Demo member 9000004 of Austria (1,000 welcome points): Greece is a
// partner-programme country in the replay, where members order elsewhere.
const austrianMember = { username: '9000004', password: 'demo2026' };

/**
 * Places an order of one travel umbrella (gift 203, 150 points) as demo
 * member 9000004, as the redeem-points form does: the demo data has no
 * orders, and the staff order examples fulfil the first and refund the second.
 */
async function placeDemoOrder(token, server = endpoint) {
  const response = await fetch(`${server}/s2c/content/v1/pages/redeem-points/`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      countryCode: 'at',
      languageCode: 'eng',
      listgifts: '203:1',
      delivery: 'self',
      giftDeliveryAddress: '',
      orderKey: randomBytes(24).toString('base64url'),
    }).toString(),
  });
  const answer = await response.json();
  if (!response.ok || answer.data?.ordered !== true) {
    throw new Error(`demo order failed: ${response.status} ${JSON.stringify(answer)}`);
  }
  return answer.data.orderId;
}

/** The demo orders the staff order examples act on: the first to read and fulfil, the second to refund. */
const demoOrders = [];
const orderExamples = {
  '/s2c/staff/v1/orders/{id}': 0,
  '/s2c/staff/v1/orders/{id}/fulfilment': 0,
  // Corrected after the fulfilment above, before the member opens the codes.
  '/s2c/staff/v1/orders/{id}/vouchers': 0,
  '/s2c/staff/v1/orders/{id}/refund': 1,
};

/** Puts the placed order's number into a staff order example's path. */
function useDemoOrder(transaction) {
  const index = orderExamples[transaction.origin.resourceName];
  if (index === undefined) return;
  transaction.request.uri = transaction.request.uri.replace(
    /\/orders\/\d+/,
    `/orders/${demoOrders[index]}`,
  );
  transaction.fullPath = transaction.request.uri;
}

/**
 * The staff retry example acts on an order waiting after a failed provider
 * call. The manual provider accepts every order at once, so the retry
 * example goes to the second server of openapi/check.ts, whose HTTP voucher
 * provider fails every placement: demo member 9000004 places an order there,
 * and the order queue's first call fails.
 */
const retryPath = '/s2c/staff/v1/orders/{id}/retry';
const retryServer = process.env.RETRY_SERVER_URL;
const retryExample = { token: '', orderId: 0, error: '' };

/** The order's page as the demo admin reads it on the retry server. */
async function retryServerOrder(orderId) {
  const response = await fetch(`${retryServer}/s2c/staff/v1/orders/${orderId}`, {
    headers: { authorization: `Bearer ${retryExample.token}` },
  });
  if (!response.ok) throw new Error(`order ${orderId} answered ${response.status}`);
  return (await response.json()).data;
}

async function prepareRetryExample() {
  if (retryServer === undefined) throw new Error('RETRY_SERVER_URL is not set (openapi/check.ts)');
  const [member, staff] = await Promise.all([
    logIn(austrianMember, retryServer),
    staffLogIn(demoAdmin, retryServer),
  ]);
  retryExample.token = staff;
  const orderId = await placeDemoOrder(member, retryServer);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const order = await retryServerOrder(orderId);
    if (order.state === 'placed' && order.attempts > 0 && order.canRetry) break;
    if (Date.now() > deadline) {
      throw new Error(
        `order ${orderId} did not wait after a failed call: ${JSON.stringify(order)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  retryExample.orderId = orderId;
}

/** Sends the retry example to the retry server, as its demo admin, on the order that failed there. */
function useRetryServer(transaction) {
  if (retryExample.error !== '') {
    transaction.fail = `the retry example's order could not be prepared: ${retryExample.error}`;
    return;
  }
  const url = new URL(retryServer);
  transaction.protocol = url.protocol;
  transaction.host = url.hostname;
  transaction.port = url.port;
  transaction.request.headers.Authorization = `Bearer ${retryExample.token}`;
  transaction.request.uri = transaction.request.uri.replace(
    /\/orders\/\d+/,
    `/orders/${retryExample.orderId}`,
  );
  transaction.fullPath = transaction.request.uri;
}

hooks.beforeAll((transactions, done) => {
  const [first] = transactions;
  endpoint = `${first.protocol}//${first.host}:${first.port}`;
  Promise.all([logIn(), staffLogIn(demoAdmin)]).then(
    async ([member, staff]) => {
      memberToken = member;
      staffToken = staff;
      try {
        const token = await logIn(austrianMember);
        demoOrders.push(await placeDemoOrder(token), await placeDemoOrder(token));
      } catch (error) {
        console.error(error);
        done(error);
        return;
      }
      // A failure here fails the retry example, with its cause, rather than the whole run.
      await prepareRetryExample().catch((error) => {
        retryExample.error = error instanceof Error ? error.message : String(error);
      });
      done();
    },
    (error) => done(error),
  );
});

hooks.beforeEach((transaction, done) => {
  // Each example is the request of its 200 answer; the error answers are
  // documented by their schemas only and cannot come from the same request.
  if (transaction.expected.statusCode !== successCodeOf(transaction)) {
    transaction.skip = true;
    done();
    return;
  }
  const schema = answerSchemaOf(transaction);
  if (schema !== undefined) transaction.expected.bodySchema = jsonSchemaOf(schema);
  if (transaction.origin.resourceName === retryPath) {
    useRetryServer(transaction);
    done();
    return;
  }
  useDemoOrder(transaction);
  const requirements = securityOf(transaction);
  const schemes = requirements.flatMap((requirement) => Object.keys(requirement));
  const optional = requirements.some((requirement) => Object.keys(requirement).length === 0);
  const isLogout = transaction.origin.resourceName === '/s2c/auth/v1/agents/logout';
  if (schemes.includes('bookingQueueKey')) {
    transaction.request.headers.Authorization = `ApiKey ${bookingQueueKey}`;
  }
  if (transaction.origin.resourceName === agencyPath) {
    mailedOptInLink().then(
      (link) => {
        useLink(transaction, link);
        done();
      },
      (error) => done(error),
    );
    return;
  }
  if (transaction.origin.resourceName === handoverPath) {
    handoverCode().then(
      (code) => {
        const body = { ...JSON.parse(transaction.request.body), code };
        transaction.request.body = JSON.stringify(body);
        done();
      },
      (error) => done(error),
    );
    return;
  }
  const memberAction = transaction.origin.resourceName.startsWith(memberActionsPath)
    ? transaction.origin.resourceName.slice(memberActionsPath.length)
    : undefined;
  if (schemes.includes('staffBearer') && memberAction !== undefined) {
    transaction.request.headers.Authorization = `Bearer ${staffToken}`;
    prepareMemberAction(memberAction).then(
      () => done(),
      (error) => done(error),
    );
    return;
  }
  if (transaction.origin.resourceName === staffSetupPath) {
    freshSetup().then(
      ({ token, code }) => {
        if (transaction.request.method === 'GET') {
          transaction.request.uri = `${staffSetupPath}?token=${encodeURIComponent(token)}`;
          transaction.fullPath = transaction.request.uri;
        } else {
          const body = { ...JSON.parse(transaction.request.body), token, code };
          transaction.request.body = JSON.stringify(body);
        }
        done();
      },
      (error) => done(error),
    );
    return;
  }
  const isStaffSession = transaction.origin.resourceName === staffSessionPath;
  if (isStaffSession && transaction.request.method === 'POST') {
    const body = { ...JSON.parse(transaction.request.body), code: freshCode(demoManager) };
    transaction.request.body = JSON.stringify(body);
    done();
    return;
  }
  if (isStaffSession && transaction.request.method === 'DELETE') {
    // Staff logout ends its own session, not the one the other staff calls use.
    staffLogIn(demoManager).then(
      (token) => {
        transaction.request.headers.Authorization = `Bearer ${token}`;
        done();
      },
      (error) => done(error),
    );
    return;
  }
  if (schemes.includes('staffBearer')) {
    transaction.request.headers.Authorization = `Bearer ${staffToken}`;
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

hooks.afterEach((transaction, done) => {
  if (!transaction.origin.resourceName.endsWith('/tax-details/decision')) return done();
  setDemoTaxOk(true).then(
    () => done(),
    (error) => done(error),
  );
});

hooks.beforeEachValidation((transaction, done) => {
  // The document names the media type; the club's answers add `; charset=utf-8`.
  const real = transaction.real.headers;
  for (const name of Object.keys(real)) {
    if (name.toLowerCase() === 'content-type') real[name] = real[name].split(';')[0].trim();
  }
  // A CSV download's lines hold the member's own dates: its byte-order mark and
  // header line must be the example's; the rest is compared by its line ends.
  const type = Object.entries(real).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  if (type === 'text/csv') {
    const header = (body) => String(body ?? '').split('\r\n')[0];
    const body = String(transaction.real.body ?? '');
    if (header(body) !== header(transaction.expected.body) || !body.endsWith('\r\n')) {
      transaction.fail = `the CSV answer does not start with "${header(transaction.expected.body)}" or its lines do not end with CRLF`;
    } else {
      transaction.expected.body = body;
    }
  }
  done();
});

// Every example of a 200 answer is replayed: one skipped (by a hook, or by a
// request that never ran) fails the check, so no example is documented only.
// Synchronous, so that the error thrown reaches Dredd, which counts it.
hooks.afterAll((transactions) => {
  const skipped = transactions.filter(
    (transaction) =>
      transaction.expected.statusCode === successCodeOf(transaction) &&
      (transaction.skip === true || transaction.test?.status === 'skip'),
  );
  if (skipped.length > 0) {
    throw new Error(
      `${skipped.length} example(s) of a 200 answer not replayed: ${skipped.map((transaction) => transaction.name).join('; ')}`,
    );
  }
});
