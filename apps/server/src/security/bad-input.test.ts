import { eq } from 'drizzle-orm';
import { missingPointsClaims } from '../modules/claims/schema.js';
import { earningRules } from '../modules/earning-rules/schema.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { isCalendarDate } from '@club/contract/calendar-date';
import { ErrorCode } from '@club/contract/envelope';
import { issueAgencyLink } from '../modules/agencies/agency-links.js';
import { newOrderKey } from '../modules/gifts/ordering/gifts-pages.js';
import { setTaxOk } from '../modules/gifts/ordering/ordering-rules.js';
import { loadTestCatalogue } from '../testing/gift-catalogue.js';
import { bookingRecord, QUEUE_KEY, queueConfig } from '../testing/booking-records.js';
import { openSession } from '../modules/agents/sessions.js';
import { logIn } from '../testing/account-helpers.js';
import { createAgent } from '../testing/factories.js';
import { creditAdditional } from '../testing/points-data.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { operationsOf, type OpenApiDocument } from '../plugins/openapi-document.js';
import { openStaffSession } from '../modules/staff/staff-sessions.js';
import { placeTestOrder } from '../testing/gift-orders.js';
import { createStaff } from '../testing/staff-helpers.js';
import { databaseProblems, snapshot } from './security-data.js';
import { openStaffCalls, staffCalls } from './staff-calls/index.js';
import type { StaffCall, StaffWorld } from './staff-calls/staff-call.js';

/**
 * Bad input, property-based: every call of the OpenAPI document (the two
 * spec §7 tables, the booking queue and every staff call) gets random, oversized, malformed and wrongly typed input:
 * form-encoded and JSON, broken JSON, wrong content types, invalid
 * percent-encoding, arrays and nested objects where text is expected, lone
 * surrogates and NUL bytes, with and without a member's session and the XSRF
 * double submit. Whatever comes in:
 *
 * - the answer is never a 5xx;
 * - an error is the JSON envelope `{ code, data }` with a known code, and a
 *   400 names at least one field with a message;
 * - a page form (and the agency form) sent as a browser form could send it
 *   answers 200, with `validationMessages` for field problems (api.md);
 * - afterwards the database keeps its invariants (ledger, stock, orders).
 *
 * Each request has one defect (its fields, its encoding, its path, its query,
 * its XSRF header or its authorization), none, or several at once, so that
 * most requests get past the checks in front and reach the code behind them.
 *
 * Deterministic: every property has its own fixed seed; on a failure
 * fast-check prints the seed and the path, which `fc.assert(…, { seed, path })`
 * replays. The runs per call are few, so the file stays quick.
 */

const SEED = 0x5ec0de;
const clock = Date.parse('2026-11-22T10:00:00Z');

let t: TestApp;
let member: { id: number; number: string; password: string; token: string };
let other: { id: number; number: string };
let agencyLink: { s: string; c: string };

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, config: { ...queueConfig(), errorLog: true } });
  const db = t.database.db;
  await loadTestCatalogue(db);
  const agent = await createAgent(db, { officeId: 'ATHGR0001' });
  await setTaxOk(db, agent.id, true);
  await creditAdditional(db, agent.id, '2026-11-01', 300, 'Bonus');
  const token = await logIn(t.app, agent.number, agent.password);
  member = { id: agent.id, number: agent.number, password: agent.password, token };
  const second = await createAgent(db);
  other = { id: second.id, number: second.number };
  agencyLink = await db.transaction((tx) =>
    issueAgencyLink(tx, 'ATHGR0002', 'opt-in', clock, t.config.agencyLinkDays),
  );
  await setUpStaffWorld();
});
afterAll(() => t.close());

// ---------------------------------------------------------------- values

const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code));
const oddCharacter = fc.oneof(
  loneSurrogate,
  fc.constantFrom(
    ...['\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\u2028', '\u202e', '\ufeff', '\uffff'],
    ...['😀', 'é', '\\', '"', "'", '%', '&', '=', '+', '#', '?', '/', '[', ']'],
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const oddText = fc.string({ unit: oddCharacter, minLength: 1, maxLength: 12 });
const trickyText = fc.constantFrom(
  ...['', ' ', '0', '-1', '1.5', '1e309', 'NaN', '99999999999999999999999', 'null', 'true'],
  ...['[]', '{}', '__proto__', 'constructor', '%', '%00', '%E0%A4%A', '../../etc/passwd'],
  ...["' or '1'='1' --", '<script>alert(1)</script>', '${7*7}', 'GR', 'eng'],
);
/** About 100 kB each. */
const oversizedText = fc.constantFrom(
  'a'.repeat(100_000),
  'é'.repeat(50_000),
  '😀'.repeat(25_000),
  '\u0000'.repeat(100_000),
);
const text = fc.oneof(
  { arbitrary: fc.string(), weight: 2 },
  { arbitrary: oddText, weight: 3 },
  { arbitrary: trickyText, weight: 2 },
  { arbitrary: oversizedText, weight: 1 },
);

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/**
 * Calendar edges for date fields: year 0 (which PostgreSQL refuses), the
 * club's first and last years and one beyond, 9999, days that do not exist
 * (30 February, 29 February of a common year), times and time zones
 * attached, other ISO forms, and JavaScript's own far past and future.
 */
const calendarEdge = fc.oneof(
  fc.constantFrom(
    ...['0000-01-01', '0000-02-29', '0001-01-01', '1899-12-31', '1900-01-01', '1900-02-29'],
    ...['2000-02-29', '2024-02-29', '2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01'],
    ...['2026-00-10', '2026-01-00', '2100-02-29', '2199-12-31', '2200-01-01', '9999-12-31'],
    ...['+275760-09-13', '-271821-04-20', '-000001-01-01', '+010000-01-01', '99999-01-01'],
    ...['2026-11-25T00:00:00Z', '2026-11-25T23:59:59+14:00', '2026-11-25T00:00:00-12:00'],
    ...['2026-03-29T02:30:00+02:00', '2026-11-25Z', '2026-11-25+02:00', '2026-11-25 00:00'],
    ...['2026-W48-3', '2026-329', '20261125', '25/11/2026', '2026-1-5', ' 2026-11-25'],
  ),
  fc
    .record({
      year: fc.integer({ min: 0, max: 9999 }),
      month: fc.integer({ min: 0, max: 13 }),
      day: fc.integer({ min: 0, max: 32 }),
    })
    .map(({ year, month, day }) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`),
  fc
    .date({ noInvalidDate: true })
    .chain((date) =>
      fc.constantFrom(
        date.toISOString(),
        date.toISOString().split('T')[0]!,
        String(date.getTime()),
      ),
    ),
);
/** A date field: usually a plain day, often a calendar edge. */
const dateField = (usual: string) =>
  fc.oneof({ arbitrary: fc.constant(usual), weight: 3 }, { arbitrary: calendarEdge, weight: 2 });

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

/** Anything a JSON body can carry where a text is expected. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: text, weight: 8 },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), text, { maxKeys: 3 }),
  fc.constant(Array.from({ length: 500 }, (_, index) => String(index))),
  fc.constant(nested(200)),
);

/** Usually the first (a value the web app would send), sometimes one of the others. */
function mostly<T>(usual: T | (() => T), ...others: (T | (() => T))[]): fc.Arbitrary<T> {
  const value = (choice: T | (() => T)) =>
    typeof choice === 'function' ? (choice as () => T)() : choice;
  const rest = others.length === 0 ? [usual] : others;
  return fc.oneof(
    { arbitrary: fc.constant(usual).map(value), weight: 5 },
    { arbitrary: fc.constantFrom(...rest).map(value), weight: 1 },
  );
}

type Fields = Record<string, fc.Arbitrary<unknown>>;

const oddKey = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.constantFrom('__proto__', 'constructor', 'countryCode', 'languageCode', 'a[b]', 'a[]', ''),
);

/**
 * The call's fields with plausible values; with `broken`, some of them
 * replaced by anything at all or left out, and keys the call does not know.
 */
function valuesOf(fields: Fields, broken: boolean): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(fields);
  const plausible = fc.record(fields);
  if (!broken) return plausible;
  const field = names.length === 0 ? oddKey : fc.constantFrom(...names);
  return fc
    .record({
      plausible,
      dropped: fc.subarray(names, { maxLength: Math.min(2, names.length) }),
      replaced: fc.dictionary(field, anyValue, { minKeys: 1, maxKeys: 3 }),
      unknown: fc.oneof(fc.constant({}), fc.dictionary(oddKey, anyValue, { maxKeys: 2 })),
    })
    .map(({ plausible, dropped, replaced, unknown }) => {
      const values: Record<string, unknown> = Object.assign({}, unknown, plausible, replaced);
      for (const name of dropped) delete values[name];
      return values;
    });
}

/** Percent-encoding; a lone surrogate (which has no UTF-8) becomes an invalid escape. */
function encode(value: string): string {
  return Array.from(value, (character) =>
    /[\ud800-\udfff]/.test(character) ? '%ED%A0%80' : encodeURIComponent(character),
  ).join('');
}

/** Form encoding as a lax client would: lists repeat the key, objects become `key[sub]`. */
function formEncode(values: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) add(key, item);
    else if (value !== null && typeof value === 'object') {
      for (const [sub, item] of Object.entries(value)) add(`${key}[${sub}]`, item);
    } else {
      const text = typeof value === 'string' ? value : value === null ? '' : JSON.stringify(value);
      pairs.push(`${encode(key)}=${encode(text)}`);
    }
  };
  for (const [key, value] of Object.entries(values)) add(key, value);
  return pairs.join('&');
}

const localeKeys = new Set(['countryCode', 'languageCode']);
/** Values a browser form could send: short texts under plain names (the web app sets country and language itself). */
const browserLike = (values: Record<string, unknown>) =>
  Object.entries(values).every(
    ([key, value]) =>
      typeof value === 'string' &&
      value.length <= 1000 &&
      /^[A-Za-z][A-Za-z0-9_[\]]*$/.test(key) &&
      !localeKeys.has(key),
  );

const badPercent = fc.constantFrom(
  'a=%E0%A4%A',
  '%ZZ=1',
  'email=%',
  'x=%ED%A0%80',
  'token=%00%00',
  '%=%=%',
);

type Body = { contentType: string | undefined; payload: string | undefined };

const goodBody = (values: Record<string, unknown>) =>
  fc.constantFrom<Body>(
    { contentType: 'application/json', payload: JSON.stringify(values) },
    { contentType: 'application/x-www-form-urlencoded', payload: formEncode(values) },
  );

/** The values in a broken or unexpected encoding. */
const badBody = (values: Record<string, unknown>): fc.Arbitrary<Body> =>
  fc.oneof(
    fc.constantFrom('', '}', '{"a":', 'nul', ',]', '\u0000').map((tail) => ({
      contentType: 'application/json',
      payload: `${JSON.stringify(values).slice(0, -1)}${tail}`,
    })),
    fc
      .constantFrom(
        ...['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'image/png'],
        ...['application/x-ndjson', 'application/json; charset=utf-16', 'garbage', ''],
        'application/x-www-form-urlencoded; charset=latin1',
      )
      .map((contentType) => ({ contentType, payload: JSON.stringify(values) })),
    badPercent.map((raw) => ({
      contentType: 'application/x-www-form-urlencoded',
      payload: `${formEncode(values)}&${raw}`,
    })),
    fc
      .constantFrom('application/json', 'application/x-www-form-urlencoded')
      .map((contentType) => ({ contentType, payload: '' })),
    fc.constant({ contentType: undefined, payload: undefined }),
    fc.constant({ contentType: 'application/json', payload: JSON.stringify([values]) }),
    fc.constant({
      contentType: 'application/json',
      payload: JSON.stringify({ ...values, pad: 'x'.repeat(1_100_000) }),
    }),
  );

type Auth = 'none' | 'member' | 'garbage' | 'api-key' | 'wrong-api-key';
const goodAuth = fc.constantFrom<Auth>('member', 'member', 'none');
const badAuth = fc.constantFrom<Auth>('garbage', 'api-key', 'wrong-api-key');
const authorization = (auth: Auth): Record<string, string> => {
  switch (auth) {
    case 'none':
      return {};
    case 'member':
      return { authorization: `Bearer ${member.token}` };
    case 'garbage':
      return { authorization: 'Bearer ../../../etc/passwd\t\u00ff' };
    case 'api-key':
      return { authorization: `ApiKey ${QUEUE_KEY}` };
    case 'wrong-api-key':
      return { authorization: 'ApiKey not-the-key' };
  }
};

type Xsrf = 'none' | 'match' | 'missing-header' | 'mismatch';
const goodXsrf = fc.constantFrom<Xsrf>('none', 'match');
const badXsrf = fc.constantFrom<Xsrf>('missing-header', 'mismatch');
const xsrfHeaders = (xsrf: Xsrf): Record<string, string> => {
  const cookie = 'xsrf-token-of-the-fuzzer-0001';
  switch (xsrf) {
    case 'none':
      return {};
    case 'match':
      return { cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': cookie };
    case 'missing-header':
      return { cookie: `XSRF-TOKEN=${cookie}` };
    case 'mismatch':
      return { cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': 'another-token-entirely-0002' };
  }
};

const badSegment = fc.oneof(
  text.map(encode),
  fc.constantFrom('%E0%A4%A', '%ZZ', '%', '%00', '%2F', '..', 'A'.repeat(500), '%ED%A0%80', ''),
);
/** A path segment: the plausible one, or (for a bad path) sometimes random or malformed. */
const segment = (plausible: fc.Arbitrary<string>, bad: boolean) =>
  bad ? fc.oneof(plausible, badSegment) : plausible;

// ---------------------------------------------------------------- calls

type Call = {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  /** The path (without query); `bad` asks for malformed segments. */
  path(bad: boolean): fc.Arbitrary<string>;
  /** Query fields for GET; body fields otherwise. */
  fields?: Fields;
  /** Field problems answer 200 (validationMessages) to what a browser form could send, with a member's session for `member`. */
  formAnswers?: 'anyone' | 'member';
  /** The call ends the session it is sent with (logout): each run logs the member in afresh. */
  endsSession?: true;
  /** A download: its 200 answers are this media type, not JSON (its errors stay JSON). */
  download?: 'text/csv' | 'application/json';
  /** It makes something: its success answers 201 with data (a missing-points claim). */
  creates?: true;
  numRuns?: number;
};

/** A path without segments to vary: a bad one gets something appended. */
const fixedPath =
  (path: string) =>
  (bad: boolean): fc.Arbitrary<string> =>
    bad ? badSegment.map((junk) => `${path}${junk}`) : fc.constant(path);

const pageNames = [
  ...['403', '404', 'agency-opt-in', 'agency-opt-out', 'archive-points', 'cookies-policy'],
  ...['delete-confirm', 'email-change-confirm', 'faq', 'forgot-password', 'gifts', 'home'],
  ...['news', 'points'],
  ...['privacy-policy', 'profile-delete', 'profile-update', 'reconfirm', 'redeem-points'],
  ...['registration', 'registration-email-confirm', 'registration-success', 'restore'],
  ...['restore-confirm', 'retrieve-password', 'terms-and-conditions'],
];
const memberPages = new Set([
  ...['delete-confirm', 'gifts', 'points', 'profile-delete', 'profile-update', 'redeem-points'],
]);
const formPages = new Set([
  ...['delete-confirm', 'email-change-confirm', 'forgot-password', 'profile-delete'],
  ...['reconfirm', 'redeem-points'],
  ...['registration-email-confirm', 'restore', 'restore-confirm', 'retrieve-password'],
]);

const localeFields: Fields = {
  countryCode: mostly('gr', 'ae', 'GR', 'xx', ''),
  languageCode: mostly('eng', 'ell', 'ara', 'xxx', ''),
};
const email = mostly(
  'someone@travel.example',
  'Someone@Travel.Example ',
  'no-at-sign',
  '',
  'some\u0000one@travel.example',
);
const number = mostly(
  () => member.number,
  () => other.number,
  '0',
  '12345678901234567890',
);
const linkS = mostly(() => agencyLink.s, 'AAAAAAAA');
const linkC = mostly(() => agencyLink.c, 'B'.repeat(20));
const pageParams: Fields = {
  ...localeFields,
  token: mostly('A'.repeat(43), 'short', '', 'A\u0000'),
  officeId: mostly('ATHGR0001', 'athgr0002', 'NOPE', '', 'ATH\u0000GR0001'),
  step: mostly('dm-approval-notify', 'dm-approval-success', 'other'),
  searchBy: mostly('pnr', 'date', 'other', ''),
  pnrSearch: mostly('ABC123', 'x', '', 'ABC\u0000123'),
  fromDate: dateField('2026-01-01'),
  toDate: dateField('2026-12-31'),
  details: mostly('1', '', 'yes'),
  category: mostly('travel', 'home', 'nothing', '', 'tra\u0000vel'),
  'sel_gifts[1002]': mostly('1', '99', '-1', 'x'),
  'sel_gifts[999999999]': mostly('1'),
  s: linkS,
  c: linkC,
};
const pageFormFields: Fields = {
  ...localeFields,
  email,
  number,
  token: mostly('A'.repeat(43), 'short', ''),
  password: mostly('N3wPassw0rd', 'password1', 'short', ''),
  passwordRepeat: mostly('N3wPassw0rd', 'other'),
  listgifts: mostly('1002:1', '1001:1,1003:2', '2001:1', '1004:1', '1005:1', '999999999:99', ''),
  delivery: mostly('self', 'send', 'drone'),
  giftDeliveryAddress: mostly('5 Gift Lane', '', '5 Gift\u0000Lane'),
  orderKey: mostly(() => newOrderKey(), 'fixed-order-key-of-the-fuzzer', 'short'),
};
const freshEmail = fc.nat(99_999).map((n) => `fuzz-${n}@travel.example`);
const profileFields: Fields = {
  title: mostly('mr', 'ms', 'king'),
  giftDeliveryAddress: mostly('5 Gift Lane', '', '5 Gift\u0000Lane'),
  phone: mostly('+30 2101234567', 'call me', ''),
  email: fc.oneof({ arbitrary: freshEmail, weight: 5 }, fc.constant('someone@travel.example')),
  birthdayDay: mostly('07', '32', '', '29', '30', '31', '00'),
  birthdayMonth: mostly('11', '13', '', '02', '04', '00'),
  password: mostly('', 'N3wPassw0rd', 'password'),
  passwordRepeat: mostly('', 'N3wPassw0rd'),
  newsletter: mostly('on', 'true', '0', ''),
  sign: mostly('', '1234', '12345'),
};
const registrationFields: Fields = {
  ...profileFields,
  countryCode: mostly('gr', 'ae', 'xx', 'GR'),
  languageCode: mostly('eng', 'ell', 'xxx'),
  agreeWithConditions: mostly('true', 'on', ''),
  firstName: mostly('Maria', 'M4ria', ''),
  lastName: mostly('Papadopoulou', ''),
  officeId: mostly('ATHGR0001', 'ATHGR0002', 'ATHGR0009', 'NOPE', 'ATH\u0000GR0001'),
  address: mostly('1 Street', ''),
  password: mostly('N3wPassw0rd', 'password1', ''),
  passwordRepeat: mostly('N3wPassw0rd', ''),
};

const ownId = mostly(
  () => String(member.id),
  () => String(other.id),
  '0',
  '-1',
);
const officeId = mostly('ATHGR0001', 'athgr0002', 'ATHGR0009', 'NOPE', 'DXBAE0001', 'ATH%00GR0001');
const countryCode = mostly('gr', 'ae', 'GR', 'xx', 'gre', 'g%00');
const pagePath = (name: string) => (bad: boolean) =>
  segment(fc.constant(name), bad).map((page) => `/s2c/content/v1/pages/${page}/`);
const agentPath = (rest: string) => (bad: boolean) =>
  segment(ownId, bad).map((id) => `/s2c/auth/v1/agents/${id}${rest}`);
const officePath = (rest: string) => (bad: boolean) =>
  fc
    .tuple(segment(officeId, bad), segment(countryCode, bad))
    .map(([id, country]) => `/s2c/auth/v1/offices/${id}/${country}${rest}`);

const calls: Call[] = [
  // The health checks answer bare JSON (no `data`), for balancers; their paths have nothing to vary.
  ...['/livez', '/readyz'].map((path): Call => ({
    name: `health ${path}`,
    method: 'GET',
    path: () => fc.constant(path),
    fields: localeFields,
    download: 'application/json',
  })),
  {
    name: 'layout',
    method: 'GET',
    path: fixedPath('/s2c/content/v1/layout/'),
    fields: localeFields,
  },
  {
    name: 'texts',
    method: 'GET',
    path: fixedPath('/s2c/content/v1/texts'),
    fields: { ...localeFields, key: mostly('giftsTaxNotice', 'agencyOptIn', 'no.such-key', '') },
  },
  ...pageNames.map((name): Call => ({
    name: `page GET ${name}`,
    method: 'GET',
    path: pagePath(name),
    fields: pageParams,
    formAnswers: memberPages.has(name) ? 'member' : 'anyone',
    numRuns: 10,
  })),
  ...pageNames.map((name): Call => ({
    name: `page POST ${name}`,
    method: 'POST',
    path: pagePath(name),
    fields: pageFormFields,
    ...(formPages.has(name) ? { formAnswers: memberPages.has(name) ? 'member' : 'anyone' } : {}),
    numRuns: formPages.has(name) ? 20 : 10,
  })),
  { name: 'user info', method: 'GET', path: agentPath('') },
  {
    name: 'profile update',
    method: 'PUT',
    path: agentPath(''),
    // The current password, needed for a new password or email: right, missing, malformed, wrong.
    fields: {
      ...profileFields,
      oldPassword: mostly(() => member.password, '', 'abc', 'wrong1pass', 'x'.repeat(300)),
    },
  },
  { name: 'terms acceptance', method: 'POST', path: agentPath('/terms-acceptance') },
  {
    name: 'points status report',
    method: 'GET',
    path: (bad) =>
      fc
        .constantFrom(
          '/s2c/auth/v1/agent-points',
          '/s2c/auth/v1/agent-points/forecast',
          '/s2c/auth/v1/agent-points/history',
        )
        .chain((path) => fixedPath(path)(bad)),
    fields: { number },
  },
  {
    name: 'missing-points claims',
    method: 'GET',
    path: fixedPath('/s2c/auth/v1/agent-points/claims'),
    fields: { number },
  },
  {
    name: 'file a missing-points claim',
    method: 'POST',
    path: fixedPath('/s2c/auth/v1/agent-points/claims'),
    fields: {
      number,
      pnr: mostly('CLAIM1', '', 'a', 'x'.repeat(300), 'AB\u0000C12', 'ÄBC123'),
      travelDate: mostly('2030-05-01', '', '2030-13-01', '1899-12-31', 'x'.repeat(300)),
      booked: mostly('', 'hotel', 'ship', 'x'.repeat(300)),
      note: mostly('', 'Hotel in Crete', 'x'.repeat(600), 'a\u0000b', '\uD800'),
    },
    numRuns: 30,
    creates: true,
  },
  {
    name: 'points statement',
    method: 'GET',
    path: fixedPath('/s2c/auth/v1/agent-points/statement'),
    fields: { number, languageCode: mostly('eng', 'ell', 'xxx', 'EN', '') },
    download: 'text/csv',
  },
  { name: 'office lookup', method: 'GET', path: officePath('') },
  {
    name: 'decision-maker enrol',
    method: 'POST',
    path: officePath('/enroll/push'),
    fields: {},
  },
  {
    name: 'decision-maker notify',
    method: 'POST',
    path: officePath('/enroll/notify'),
    fields: { email, languageCode: mostly('eng', 'ell', 'xxx') },
  },
  {
    name: 'registration',
    method: 'POST',
    path: fixedPath('/s2c/auth/v1/agents'),
    fields: registrationFields,
    numRuns: 30,
  },
  {
    name: 'login',
    method: 'POST',
    path: fixedPath('/s2c/auth/v1/token/agent'),
    fields: { username: number, password: mostly(() => member.password, 'wrong1pass', '') },
    numRuns: 30,
  },
  {
    name: 'session handover code',
    method: 'POST',
    path: fixedPath('/s2c/auth/v1/session/handover-code'),
  },
  {
    name: 'session handover',
    method: 'POST',
    path: fixedPath('/s2c/auth/v1/session/handover'),
    fields: { code: mostly('x'.repeat(43), '', 'c\u0000de'), countryCode },
    numRuns: 30,
  },
  {
    name: 'logout',
    method: 'POST',
    path: fixedPath('/s2c/auth/v1/agents/logout'),
    endsSession: true,
  },
  {
    name: 'agency state change (look)',
    method: 'GET',
    path: fixedPath('/s2c/auth/v1/agency/state-change-request'),
    fields: { s: linkS, c: linkC },
    formAnswers: 'anyone',
  },
  {
    name: 'agency state change (submit)',
    method: 'POST',
    path: fixedPath('/s2c/auth/v1/agency/state-change-request'),
    fields: {
      s: linkS,
      c: linkC,
      firstName: mostly('Maria', 'M4ria', ''),
      lastName: mostly('Papadopoulou', ''),
      email,
      agree: mostly('true', 'on', 'no'),
      comment: mostly('', 'Welcome', 'Wel\u0000come'),
    },
    formAnswers: 'anyone',
    numRuns: 30,
  },
  {
    name: 'voucher order partner check',
    method: 'POST',
    path: (bad) =>
      segment(mostly('edenredorder', 'order', 'edenred', 'EDENREDORDER'), bad).map(
        (provider) => `/s2c/auth/v1/agent/${provider}`,
      ),
  },
  { name: 'tax details', method: 'GET', path: fixedPath('/s2c/auth/v1/tax-details') },
  {
    name: 'send tax details',
    method: 'POST',
    path: fixedPath('/s2c/auth/v1/tax-details'),
    fields: {
      taxNumber: mostly('123456789', '12ab', '', '1'.repeat(300), '12\u00003456'),
      taxOffice: mostly('Athens A', '', 'A\u0000B', 'x'.repeat(300)),
      taxAddress: mostly('', '1 Street'),
    },
    numRuns: 30,
  },
  {
    name: 'partner user check',
    method: 'GET',
    path: agentPath('/partner-programme'),
    fields: { number, countryCode },
  },
  {
    name: 'error log',
    method: 'POST',
    path: fixedPath('/content/v1/log'),
    fields: { message: mostly('TypeError: x is undefined', '') },
  },
];

// ---------------------------------------------------------------- requests

/** Which part of a request is wrong; the others are as the web app sends them. */
type Defect = 'none' | 'fields' | 'encoding' | 'path' | 'query' | 'xsrf' | 'auth' | 'several';
const defectOf = fc.oneof(
  { arbitrary: fc.constant<Defect>('none'), weight: 3 },
  { arbitrary: fc.constant<Defect>('fields'), weight: 5 },
  {
    arbitrary: fc.constantFrom<Defect>('encoding', 'path', 'query', 'xsrf', 'auth', 'several'),
    weight: 4,
  },
);

type Sample = {
  request: InjectOptions;
  /** What a browser form could have sent: well encoded, plausible texts, the web app's headers. */
  browserForm: boolean;
  auth: Auth;
};

const withQuery = (path: string, query: string) =>
  query === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${query}`;

function requestsOf(call: Call): fc.Arbitrary<Sample> {
  return defectOf.chain((defect) => {
    const bad = (part: Defect) => defect === part || defect === 'several';
    return fc
      .record({
        path: call.path(bad('path')),
        values: valuesOf(call.fields ?? {}, bad('fields')),
        auth: bad('auth') ? badAuth : goodAuth,
        xsrf: bad('xsrf') ? badXsrf : goodXsrf,
        rawQuery: bad('query') ? badPercent : fc.constant(''),
        remoteAddress: fc.ipV4(),
      })
      .chain(({ path, values, auth, xsrf, rawQuery, remoteAddress }) => {
        const headers = { ...authorization(auth), ...xsrfHeaders(xsrf) };
        const browserForm = (defect === 'none' || defect === 'fields') && browserLike(values);
        if (call.method === 'GET') {
          const query = [formEncode(values), rawQuery].filter((part) => part !== '').join('&');
          return fc.constant<Sample>({
            request: { method: 'GET', url: withQuery(path, query), headers, remoteAddress },
            browserForm,
            auth,
          });
        }
        return (bad('encoding') ? badBody(values) : goodBody(values)).map((body): Sample => ({
          request: {
            method: call.method,
            url: withQuery(path, rawQuery),
            headers: {
              ...headers,
              ...(body.contentType === undefined ? {} : { 'content-type': body.contentType }),
            },
            ...(body.payload === undefined ? {} : { payload: body.payload }),
            remoteAddress,
          },
          browserForm,
          auth,
        }));
      });
  });
}

const errorCodes = new Set<string>(Object.values(ErrorCode));

/** What is wrong with an answer, or undefined. */
function problemOf(
  call: Pick<Call, 'download' | 'formAnswers' | 'creates'>,
  sample: Sample,
  answer: LightMyRequestResponse,
): string | undefined {
  const status = answer.statusCode;
  if (status >= 500) return `a ${status}`;
  if (status === 204) return answer.body === '' ? undefined : 'a 204 with a body';
  const type = String(answer.headers['content-type'] ?? '');
  if (status === 200 && call.download !== undefined)
    return type.startsWith(call.download) ? undefined : `a download of type "${type}"`;
  if (!type.startsWith('application/json')) return `a ${status} answer of type "${type}"`;
  let body: unknown;
  try {
    body = answer.json();
  } catch {
    return `a ${status} answer that is not JSON`;
  }
  if (typeof body !== 'object' || body === null) return 'an answer that is not an object';
  if (status >= 400) {
    const { code, data } = body as { code?: unknown; data?: unknown };
    if (typeof code !== 'string' || !errorCodes.has(code)) return 'an error without a known code';
    if (!('data' in body)) return 'an error without data';
    if (status === 400 && !namesAField(data)) return 'a 400 that names no field';
  } else if (status !== 200 && !(status === 201 && call.creates === true)) {
    return `an unexpected status ${status}`;
  } else if (!('data' in body)) {
    return 'a 200 without data';
  }
  const asForm =
    call.formAnswers !== undefined &&
    sample.browserForm &&
    (call.formAnswers === 'anyone' || sample.auth === 'member');
  if (asForm && status !== 200) return `a ${status} to what a browser form could send`;
  return undefined;
}

function namesAField(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  return Object.entries(data).some(
    ([field, message]) =>
      field !== 'requestId' &&
      ((typeof message === 'string' && message !== '') ||
        (Array.isArray(message) && message.length > 0)),
  );
}

/** The request in a failure message, long values cut. */
function shown(request: InjectOptions): string {
  const cut = (value: unknown) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return text === undefined || text.length <= 300
      ? text
      : `${text.slice(0, 300)}… (${text.length} characters)`;
  };
  return `${request.method} ${cut(request.url)} ${cut(request.headers)} ${cut(request.payload)}`;
}

async function sendAndCheck(call: Call, sample: Sample): Promise<LightMyRequestResponse> {
  let request = sample.request;
  if (call.endsSession === true && sample.auth === 'member') {
    // A session of its own, opened directly: the fuzzed profile updates may change the password.
    const token = await t.database.db.transaction((tx) =>
      openSession(tx, member.id, new Date(clock), 1),
    );
    request = { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } };
  }
  const answer = await t.app.inject(request);
  const problem = problemOf(call, sample, answer);
  if (problem !== undefined) {
    throw new Error(
      `${call.name}: ${problem}\n  sent ${shown(request)}\n  got ${answer.body.slice(0, 500)}`,
    );
  }
  return answer;
}

/** A guard against a hang (a failure shrinks through more requests), not a measure of speed. */
const propertyTimeout = 120_000;

describe('bad input to every call of spec §7: a 4xx with a clear message, or a 200', () => {
  it.each(calls.map((call, index) => [call.name, index] as const))(
    '%s',
    async (_name, index) => {
      const call = calls[index]!;
      await fc.assert(
        fc.asyncProperty(requestsOf(call), async (sample) => {
          await sendAndCheck(call, sample);
        }),
        { seed: SEED + index, numRuns: call.numRuns ?? 20 },
      );
    },
    propertyTimeout,
  );
});

// ---------------------------------------------------------------- booking queue

/** A line of the queue: a plausible booking of the member, a wrong record, or not JSON at all. */
const queueLine = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record({
        pnr: fc.stringMatching(/^[A-Z0-9]{6}$/),
        status: mostly('HK', 'HX', 'XX', 'TK'),
        kind: mostly<'air' | 'hotel' | 'car' | 'rail'>('air', 'hotel', 'car', 'rail'),
        serviceDate: fc.oneof(
          mostly('2026-10-01', '2026-12-01', '2027-02-30', 'soon'),
          calendarEdge,
        ),
        officeId: mostly('ATHGR0001', 'ATHGR0002', 'NOPE'),
        member: mostly(
          () => member.number,
          () => other.number,
          '0',
        ),
      })
      .map(({ pnr, officeId, member, ...segment }) =>
        JSON.stringify(bookingRecord({ pnr, member, officeId, segments: [segment] })),
      ),
  },
  {
    weight: 2,
    arbitrary: fc
      .record(
        {
          pnr: anyValue,
          officeId: anyValue,
          createdOn: anyValue,
          remarks: anyValue,
          segments: anyValue,
        },
        { requiredKeys: [] },
      )
      .map((record) => JSON.stringify(record)),
  },
  { weight: 1, arbitrary: text },
);

/** The booking queue, for the checks of its answers. */
const queueCall: Call = {
  name: 'booking queue',
  method: 'POST',
  path: fixedPath('/s2c/bookings/v1/queue'),
};

describe('the booking queue, with and without its API key', () => {
  const call = queueCall;

  it(
    'answers 401 without the key; with it a 4xx with a clear message or its summary',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            lines: fc.array(queueLine, { maxLength: 6 }),
            separator: fc.constantFrom('\n', '\r\n', '\n\n'),
            auth: fc.constantFrom<Auth>('api-key', 'api-key', 'none', 'member', 'wrong-api-key'),
            contentType: mostly(
              'application/x-ndjson',
              'application/x-ndjson; charset=utf-8',
              'application/json',
              'text/plain',
            ),
          }),
          async ({ lines, separator, auth, contentType }) => {
            const request: InjectOptions = {
              method: 'POST',
              url: '/s2c/bookings/v1/queue',
              headers: { ...authorization(auth), 'content-type': contentType },
              payload: lines.join(separator),
            };
            const answer = await sendAndCheck(call, { request, browserForm: false, auth });
            if (auth !== 'api-key' && answer.statusCode !== 401) {
              throw new Error(`without the key: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
            }
          },
        ),
        { seed: SEED + 1000, numRuns: 40 },
      );
      expect(await databaseProblems(t.database.db)).toEqual([]);
    },
    propertyTimeout,
  );
});

// ---------------------------------------------------------------- calendar edges

/** What the points page answers a member's search by date. */
type SearchAnswer = { validationMessages?: Record<string, string[]>; points?: unknown[] };

describe('calendar edges on every date field', () => {
  it(
    'the points search by date: the page with its rows for club dates in order, else its date messages',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          dateField('2026-01-01'),
          dateField('2026-12-31'),
          fc.constantFrom('1', ''),
          async (fromDate, toDate, details) => {
            const query = new URLSearchParams({
              countryCode: 'gr',
              languageCode: 'eng',
              searchBy: 'date',
              fromDate,
              toDate,
              details,
            });
            const request: InjectOptions = {
              method: 'GET',
              url: `/s2c/content/v1/pages/points/?${query.toString()}`,
              headers: authorization('member'),
            };
            const call = calls.find((known) => known.name === 'page GET points')!;
            const answer = await sendAndCheck(call, { request, browserForm: true, auth: 'member' });
            const data = answer.json<{ data: SearchAnswer }>().data;
            // The search trims its fields, as the form does.
            const [from, to] = [fromDate.trim(), toDate.trim()];
            const fine = isCalendarDate(from) && isCalendarDate(to) && from <= to;
            const fields = Object.keys(data.validationMessages ?? {}).sort();
            if (fine && fields.length > 0)
              throw new Error(`messages for good dates: ${fields.join()}`);
            if (!fine) {
              const expected = [
                ...(isCalendarDate(fromDate) ? [] : ['fromDate']),
                ...(isCalendarDate(toDate) && (fromDate <= toDate || !isCalendarDate(fromDate))
                  ? []
                  : ['toDate']),
              ];
              if (fields.join() !== expected.join()) {
                throw new Error(
                  `${fromDate} … ${toDate}: messages for [${fields.join()}], not [${expected.join()}]`,
                );
              }
            }
          },
        ),
        { seed: SEED + 2000, numRuns: 60 },
      );
    },
    propertyTimeout,
  );

  it(
    'the booking queue: a record with a date outside the rule is a malformed line, its neighbours are kept',
    async () => {
      const call = queueCall;
      let batch = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              createdOn: dateField('2026-10-01'),
              serviceDate: dateField('2026-12-01'),
              endDate: fc.option(dateField('2026-12-03'), { nil: undefined }),
            }),
            { minLength: 1, maxLength: 6 },
          ),
          async (dates) => {
            batch++;
            const records = dates.map(({ createdOn, serviceDate, endDate }, index) =>
              bookingRecord({
                pnr: `CE${pad(batch, 3)}${index}`,
                member: member.number,
                createdOn,
                segments: [{ serviceDate, ...(endDate === undefined ? {} : { endDate }) }],
              }),
            );
            const request: InjectOptions = {
              method: 'POST',
              url: '/s2c/bookings/v1/queue',
              headers: { ...authorization('api-key'), 'content-type': 'application/x-ndjson' },
              payload: records.map((record) => JSON.stringify(record)).join('\n'),
            };
            const answer = await sendAndCheck(call, {
              request,
              browserForm: false,
              auth: 'api-key',
            });
            const summary = answer.json<{
              data: { malformed: { line: number; message: string }[]; accepted: number };
            }>().data;
            const expected = dates.flatMap(({ createdOn, serviceDate, endDate }, index) =>
              isCalendarDate(createdOn) &&
              isCalendarDate(serviceDate) &&
              (endDate === undefined || (isCalendarDate(endDate) && endDate >= serviceDate))
                ? []
                : [index + 1],
            );
            const malformed = summary.malformed.map((line) => line.line);
            if (malformed.join() !== expected.join()) {
              throw new Error(
                `malformed lines [${malformed.join()}], expected [${expected.join()}]`,
              );
            }
            if (summary.accepted !== dates.length - expected.length) {
              throw new Error(`${summary.accepted} accepted of ${dates.length - expected.length}`);
            }
          },
        ),
        { seed: SEED + 2001, numRuns: 40 },
      );
      expect(await databaseProblems(t.database.db)).toEqual([]);
    },
    propertyTimeout,
  );
});

// ---------------------------------------------------------------- staff calls

/**
 * The staff calls: every row of the access matrix's tables (staff-calls/)
 * and the calls made without a staff session, sent by an admin, a manager
 * and a support account of `gr` (and without a live staff session), with
 * the row's own values varied: mostly one value changed and the others as
 * the console sends them, so that it reaches the code behind the checks (a
 * text with odd characters such as NUL and lone surrogates, a date in a year
 * the database or the club does not take, another path parameter). The same
 * checks as the member calls: never a 5xx, an error is the envelope with a
 * known code, a 400 names a field. Rows of a new staff call are added in
 * staff-calls/ (the access matrix's tables); the guard at the end fails for
 * an operation of the OpenAPI document that no member call or staff row sends.
 */

type StaffRow = Pick<StaffCall, 'route' | 'request' | 'moreValues' | 'endsItsSession'>;
type StaffAuth = 'admin' | 'manager' | 'support' | 'none' | 'garbage' | 'member';

let staffWorld: StaffWorld;
let staffAdminId = 0;
const staffTokens: Record<'admin' | 'manager' | 'support', string> = {
  admin: '',
  manager: '',
  support: '',
};

/**
 * Another value for one the row sends: any text, the row's own text with odd
 * characters (it passes every other rule of its field), a calendar edge for a
 * date, a change inside the JSON a text holds (an uploaded file), or anything.
 */
function otherThan(value: unknown, depth: number): fc.Arbitrary<unknown> {
  if (typeof value !== 'string') return anyValue;
  const inner = depth < 3 ? jsonInside(value) : undefined;
  const date = /^\d{4}-\d{2}-\d{2}/.test(value);
  return fc.oneof(
    { arbitrary: text, weight: 1 },
    { arbitrary: loneSurrogate.map((odd) => value + odd), weight: 2 },
    {
      arbitrary: fc
        .tuple(oddText, fc.boolean())
        .map(([odd, before]) => (before ? odd + value : value + odd)),
      weight: 1,
    },
    ...(date
      ? [
          { arbitrary: calendarEdge, weight: 2 },
          // The row's own date or date-time in a year the database or the club does not take.
          { arbitrary: otherYear.map((year) => value.replace(/^\d{4}/, year)), weight: 3 },
        ]
      : []),
    ...(inner === undefined
      ? []
      : [{ arbitrary: oneChanged(inner, depth + 1).map((v) => JSON.stringify(v)), weight: 3 }]),
  );
}

const otherYear = fc.constantFrom('0000', '0001', '1000', '1899', '2200', '9999');

/** The object or list a text holds as JSON (an uploaded file's text), if it holds one. */
function jsonInside(value: string): unknown {
  if (!/^\s*[[{]/.test(value)) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

type Leaf = { path: (string | number)[]; value: unknown };

/** Every value inside `value` with its path, the lists and objects themselves too. */
function leavesOf(value: unknown, path: (string | number)[] = []): Leaf[] {
  const inner =
    value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, item]) =>
          leavesOf(item, [...path, Array.isArray(value) ? Number(key) : key]),
        )
      : [];
  return path.length === 0 ? inner : [{ path, value }, ...inner];
}

function withLeaf(value: unknown, [key, ...rest]: (string | number)[], leaf: unknown): unknown {
  if (key === undefined) return leaf;
  const copy = (
    Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }
  ) as Record<string | number, unknown>;
  copy[key] = withLeaf(copy[key], rest, leaf);
  return copy;
}

/**
 * The row's values with one of them changed: with every other value as the
 * console sends it, the changed one reaches the code behind the checks.
 */
function oneChanged(value: unknown, depth = 0): fc.Arbitrary<unknown> {
  const leaves = leavesOf(value);
  if (leaves.length === 0) return fc.constant(value);
  return fc
    .constantFrom(...leaves)
    .chain((leaf) =>
      otherThan(leaf.value, depth).map((changed) => withLeaf(value, leaf.path, changed)),
    );
}

/** The row's values, each now and then changed. */
function around(value: unknown): fc.Arbitrary<unknown> {
  if (value !== null && typeof value === 'object') {
    const items = Object.entries(value).map(([key, item]) => [key, around(item)] as const);
    const whole = Array.isArray(value)
      ? fc.tuple(...items.map(([, item]) => item))
      : fc.record(Object.fromEntries(items));
    return fc.oneof({ arbitrary: whole, weight: 4 }, { arbitrary: anyValue, weight: 1 });
  }
  return fc.oneof(
    { arbitrary: fc.constant(value), weight: 3 },
    { arbitrary: otherThan(value, 0), weight: 1 },
  );
}

/** The row's fields, each now and then changed (with `valuesOf`: also replaced, left out, or joined by keys nobody knows). */
const fieldsAround = (values: Record<string, unknown>): Fields =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, around(value)]));

/** As the row sends them, with one value changed, or with any of them changed. */
const variedValues = (values: Record<string, unknown>) =>
  fc.oneof(
    { arbitrary: fc.constant(values), weight: 1 },
    { arbitrary: oneChanged(values) as fc.Arbitrary<Record<string, unknown>>, weight: 5 },
    { arbitrary: fc.record(fieldsAround(values)), weight: 2 },
  );

/** A path parameter: the row's, or another the console could put there. */
const otherParameter = fc
  .constantFrom('0', '1', '-1', 'gr', 'at', 'ae', 'eng', 'xxx', '99999999999999999999')
  .map(encode);

const goodStaffAuth = fc.constantFrom<StaffAuth>('admin', 'admin', 'admin', 'manager', 'support');
const badStaffAuth = fc.constantFrom<StaffAuth>('none', 'garbage', 'member');

async function staffAuthorization(row: StaffRow, auth: StaffAuth): Promise<Record<string, string>> {
  switch (auth) {
    case 'none':
      return {};
    case 'garbage':
      return { authorization: `Bearer stf_${'\u00ff'.repeat(10)}\t..` };
    case 'member':
      return { authorization: `Bearer ${member.token}` };
    default: {
      // A session of its own for a call that ends it (logout).
      const token =
        row.endsItsSession === true
          ? await t.database.db.transaction((tx) =>
              openStaffSession(tx, staffAdminId, new Date(clock), t.config.staff),
            )
          : staffTokens[auth];
      return { authorization: `Bearer ${token}` };
    }
  }
}

type StaffSample = { request: InjectOptions; auth: StaffAuth };

/** The row's request taken apart: its path's parameters, its query, its body. */
function partsOf(row: StaffRow) {
  const request = row.request(staffWorld);
  const [method, template = ''] = row.route.split(' ') as [InjectOptions['method'], string];
  const url = new URL(request.url as string, 'http://club.test');
  const more = row.moreValues?.(staffWorld) ?? {};
  const headers = (request.headers ?? {}) as Record<string, string>;
  const type = headers['content-type'] ?? '';
  const payload = typeof request.payload === 'string' ? request.payload : '';
  const query: Record<string, unknown> = Object.fromEntries(url.searchParams);
  let body: Record<string, unknown> = {};
  let lines: unknown[] | undefined;
  if (type === 'application/json') body = JSON.parse(payload) as Record<string, unknown>;
  else if (type === 'application/x-www-form-urlencoded') {
    body = Object.fromEntries(new URLSearchParams(payload));
  } else if (type === 'application/x-ndjson') {
    lines = payload
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as unknown);
  }
  if (method === 'GET') Object.assign(query, more);
  else Object.assign(body, more);
  const segments = url.pathname.split('/');
  const parameters = new Set(
    template.split('/').flatMap((part, index) => (part.startsWith(':') ? [index] : [])),
  );
  const path = (bad: boolean): fc.Arbitrary<string> => {
    if (parameters.size === 0) return fixedPath(url.pathname)(bad);
    return fc
      .tuple(
        ...segments.map((part, index) =>
          parameters.has(index)
            ? segment(
                fc.oneof(
                  { arbitrary: fc.constant(part), weight: 6 },
                  { arbitrary: otherParameter, weight: 1 },
                ),
                bad,
              )
            : fc.constant(part),
        ),
      )
      .map((parts) => parts.join('/'));
  };
  return { method, type, query, body, lines, path };
}

const ndjson = (lines: unknown) =>
  (Array.isArray(lines) ? lines : [lines])
    .map((line) => (typeof line === 'string' ? line : JSON.stringify(line)))
    .join('\n');

/** Mostly the row's values, one changed: what reaches the code behind the checks. */
const staffDefectOf = fc.oneof(
  { arbitrary: fc.constant<Defect>('none'), weight: 6 },
  { arbitrary: fc.constant<Defect>('fields'), weight: 2 },
  {
    arbitrary: fc.constantFrom<Defect>('encoding', 'path', 'query', 'xsrf', 'auth', 'several'),
    weight: 2,
  },
);

function staffRequests(row: StaffRow, open: boolean): fc.Arbitrary<StaffSample> {
  const parts = partsOf(row);
  const get = parts.method === 'GET';
  return staffDefectOf.chain((defect) => {
    const bad = (part: Defect) => defect === part || defect === 'several';
    const body: fc.Arbitrary<Body> =
      parts.lines !== undefined
        ? (bad('fields') ? fc.array(anyValue, { maxLength: 4 }) : oneChanged(parts.lines)).chain(
            (lines) =>
              bad('encoding')
                ? badBody({ lines })
                : fc.constant({ contentType: parts.type, payload: ndjson(lines) }),
          )
        : (bad('fields')
            ? valuesOf(fieldsAround(parts.body), true)
            : variedValues(parts.body)
          ).chain((values) => (bad('encoding') ? badBody(values) : goodBody(values)));
    return fc
      .record({
        path: parts.path(bad('path')),
        query:
          get && bad('fields')
            ? valuesOf(fieldsAround(parts.query), true)
            : get
              ? variedValues(parts.query)
              : fc.constant(parts.query),
        body: get ? fc.constant(undefined) : body,
        auth: open
          ? fc.constantFrom<StaffAuth>('none', 'none', 'garbage', 'admin')
          : bad('auth')
            ? badStaffAuth
            : goodStaffAuth,
        xsrf: bad('xsrf') ? badXsrf : goodXsrf,
        rawQuery: bad('query') ? badPercent : fc.constant(''),
        remoteAddress: fc.ipV4(),
      })
      .map(({ path, query, body, auth, xsrf, rawQuery, remoteAddress }): StaffSample => {
        const search = [formEncode(query), rawQuery].filter((part) => part !== '').join('&');
        return {
          auth,
          request: {
            method: parts.method,
            url: withQuery(path, search),
            headers: {
              ...xsrfHeaders(xsrf),
              ...(body?.contentType === undefined ? {} : { 'content-type': body.contentType }),
            },
            ...(body?.payload === undefined ? {} : { payload: body.payload }),
            remoteAddress,
          },
        };
      });
  });
}

/** What a staff call's 200 is: a CSV download, the member's export (a JSON file), or the envelope. */
const downloadOf = (route: string): Call['download'] =>
  route.endsWith('.csv') ? 'text/csv' : route.endsWith('/export') ? 'application/json' : undefined;

async function sendStaff(row: StaffRow, sample: StaffSample): Promise<LightMyRequestResponse> {
  const request = {
    ...sample.request,
    headers: { ...sample.request.headers, ...(await staffAuthorization(row, sample.auth)) },
  };
  const answer = await t.app.inject(request);
  const problem = problemOf(
    { download: downloadOf(row.route) },
    { request, browserForm: false, auth: 'none' },
    answer,
  );
  if (problem !== undefined) {
    throw new Error(
      `${row.route}: ${problem}\n  sent ${shown(request)}\n  got ${answer.body.slice(0, 500)}`,
    );
  }
  return answer;
}

/** Calls whose texts or dates reach the database: more runs. */
const wordyStaffCall =
  /\/(content|gifts|gift-categories|gift-ordering|audit|orders|terms)\b|\/adjustments$/;
const staffRows: { row: StaffRow; open: boolean }[] = [
  ...staffCalls.map((row) => ({ row, open: false })),
  ...openStaffCalls.map((row) => ({ row, open: true })),
];

/** The staff world of the staff calls: accounts of each role with live sessions, and what the rows change. */
async function setUpStaffWorld(): Promise<void> {
  const db = t.database.db;
  const at = new Date(clock);
  const open = (id: number) => db.transaction((tx) => openStaffSession(tx, id, at, t.config.staff));
  const admin = await createStaff(db, 'admin');
  staffAdminId = admin.id;
  staffTokens.admin = await open(admin.id);
  staffTokens.manager = await open((await createStaff(db, 'manager', ['gr'])).id);
  staffTokens.support = await open((await createStaff(db, 'support', ['gr'])).id);
  const target = await createStaff(db, 'manager', ['gr']);
  const loginTarget = await createStaff(db, 'support', ['gr']);
  const created = await t.app.inject({
    method: 'POST',
    url: '/s2c/staff/v1/staff',
    headers: { authorization: `Bearer ${staffTokens.admin}` },
    payload: { email: 'setup.target@example.com', role: 'support', countries: ['gr'] },
  });
  const setupLink = created.json<{ data: { setupLink: string } }>().data.setupLink;
  const staffMember = await createAgent(db, { countryCode: 'gr', officeId: 'ATHGR0001' });
  const order = await placeTestOrder(db, staffMember, { state: 'submitted', at: clock });
  // An open claim of the member, for the claims calls.
  const [claim] = await db
    .insert(missingPointsClaims)
    .values({
      agentId: staffMember.id,
      countryCode: 'gr',
      pnr: 'CLAIM1',
      travelDate: '2030-02-01',
      filedAt: at,
    })
    .returning({ id: missingPointsClaims.id });
  // A rule of gr, for the earning rules calls: a base rule the first start seeded.
  const [rule] = await db
    .select({ id: earningRules.id })
    .from(earningRules)
    .where(eq(earningRules.countryCode, 'gr'))
    .limit(1);
  staffWorld = {
    member: staffMember,
    otherCountryMember: await createAgent(db, { countryCode: 'ae', languageCode: 'ara' }),
    orderId: order.orderId,
    extra: {
      grGiftId: 1002,
      grClaimId: claim!.id,
      grRuleId: rule!.id,
      grCategory: 'travel',
      staffAccountId: target.id,
      loginEmail: loginTarget.email,
      setupToken: new URL(setupLink).searchParams.get('token') ?? '',
    },
  };
}

/**
 * The inputs of the second review that answered 500 (or were kept): year-0000
 * and out-of-range dates in the audit and order filters, their CSV exports and
 * the ordering windows, and a lone surrogate in staff-written text. Each is a
 * 400 that names its field, and nothing is stored.
 */
describe('staff inputs of the second review: a 400 naming the field', () => {
  const lone = '\ud800';
  const content = '/s2c/staff/v1/content/gr/eng';
  const ordering = (body: Record<string, unknown>) => ({
    orderDisabled: false,
    ranges: [{ from: '2026-12-01', to: '2026-12-24' }],
    reopensOn: '',
    ...body,
  });
  const gift = (texts: Record<string, string>) => ({
    category: 'travel',
    points: 40,
    active: true,
    image: '',
    link: '',
    texts: { eng: { description: 'Camera', text: '', ...texts } },
  });
  const cases: [string, InjectOptions['method'], string, unknown?][] = [
    ['from', 'GET', '/s2c/staff/v1/audit?from=0000-01-01'],
    ['to', 'GET', '/s2c/staff/v1/audit?to=0000-01-01T00:00:00Z'],
    ['from', 'GET', '/s2c/staff/v1/audit?from=9999-12-31T00:00:00Z'],
    ['from', 'GET', '/s2c/staff/v1/audit.csv?from=0000-01-01'],
    ['to', 'GET', '/s2c/staff/v1/audit.csv?to=0000-12-31T23:59:59%2B01:00'],
    ['from', 'GET', '/s2c/staff/v1/orders?from=0000-01-01'],
    ['to', 'GET', '/s2c/staff/v1/orders?to=0000-02-29'],
    ['from', 'GET', '/s2c/staff/v1/orders.csv?from=0000-01-01'],
    ['to', 'GET', '/s2c/staff/v1/orders.csv?to=0000-01-01'],
    [
      'from',
      'PUT',
      '/s2c/staff/v1/gift-ordering/gr',
      ordering({ ranges: [{ from: '0000-01-01', to: '2026-12-24' }] }),
    ],
    [
      'from',
      'PUT',
      '/s2c/staff/v1/gift-ordering/gr',
      ordering({ ranges: [{ from: '1000-01-01', to: '2026-12-24' }] }),
    ],
    [
      'to',
      'PUT',
      '/s2c/staff/v1/gift-ordering/gr',
      ordering({ ranges: [{ from: '2026-12-01', to: '9999-12-31' }] }),
    ],
    ['reopensOn', 'PUT', '/s2c/staff/v1/gift-ordering/gr', ordering({ reopensOn: '0000-01-01' })],
    ['reason', 'PUT', '/s2c/staff/v1/gift-ordering/gr', ordering({ reason: `Season${lone}` })],
    ['value', 'PUT', `${content}/dictionary/faq.title`, { value: `FAQ${lone}` }],
    ['value', 'PUT', `${content}/texts/subscribe`, { value: `Subscribe${lone}` }],
    [
      'title',
      'PUT',
      `${content}/menu`,
      { items: [{ pageName: 'faq', title: `FAQ${lone}`, audience: 'both' }] },
    ],
    [
      'text',
      'PUT',
      `${content}/alerts`,
      { items: [{ hash: 'notice', type: 'info', text: `Notice${lone}` }] },
    ],
    [
      'alt',
      'PUT',
      `${content}/banners`,
      {
        items: [
          {
            image: '/media/a.jpg',
            imageMobile: '/media/b.jpg',
            imageMacbook: '/media/c.jpg',
            alt: `Beach${lone}`,
          },
        ],
      },
    ],
    [
      'subject',
      'PUT',
      `${content}/mail-templates/password-changed`,
      { subject: `Changed${lone}`, text: 'Changed', html: '<p>Changed</p>' },
    ],
    ['title', 'PUT', `${content}/pages/faq`, { title: `FAQ${lone}` }],
    [
      'title',
      'PUT',
      `${content}/pages/faq`,
      { title: 'FAQ', faqItems: [{ number: 1, title: `Why${lone}`, text: 'Because' }] },
    ],
    [
      'eng',
      'POST',
      '/s2c/staff/v1/content/gr/alerts',
      { hash: 'notice', type: 'info', texts: { eng: `Notice${lone}`, ell: 'Σημείωση' } },
    ],
    [
      'startsAt',
      'POST',
      '/s2c/staff/v1/content/gr/alerts',
      {
        hash: 'notice',
        type: 'info',
        texts: { eng: 'Notice', ell: 'Σημείωση' },
        startsAt: '0000-01-01T00:00:00Z',
      },
    ],
    [
      'endsAt',
      'POST',
      '/s2c/staff/v1/content/gr/alerts',
      {
        hash: 'notice',
        type: 'info',
        texts: { eng: 'Notice', ell: 'Σημείωση' },
        endsAt: '2030-02-30T25:00:00Z',
      },
    ],
    [
      'items.0.startsAt',
      'PUT',
      `${content}/alerts`,
      { items: [{ hash: 'notice', type: 'info', text: 'Notice', startsAt: 'tomorrow' }] },
    ],
    ['description', 'PUT', '/s2c/staff/v1/gifts/1002', gift({ description: `Camera${lone}` })],
    ['text', 'PUT', '/s2c/staff/v1/gifts/1002', gift({ text: `<p>A camera${lone}</p>` })],
    [
      'imageAlt',
      'POST',
      '/s2c/staff/v1/gifts',
      { ...gift({ imageAlt: `A camera${lone}` }), countryCode: 'gr', stock: 1 },
    ],
    ['reason', 'POST', '/s2c/staff/v1/gifts/1002/stock', { stock: 3, reason: `Counted${lone}` }],
    [
      'eng',
      'POST',
      '/s2c/staff/v1/gift-categories/gr',
      { id: 'garden', names: { eng: `Garden${lone}`, ell: 'Κήπος' } },
    ],
    [
      'eng',
      'PUT',
      '/s2c/staff/v1/gift-categories/gr/travel',
      { names: { eng: `Travel${lone}`, ell: 'Ταξίδια' } },
    ],
    ['version', 'POST', '/s2c/staff/v1/terms/gr', { version: `7${lone}`, reason: 'New terms' }],
    ['reason', 'POST', '/s2c/staff/v1/terms/gr', { version: '7', reason: `New terms${lone}` }],
  ];

  it.each(cases)('%s of %s %s', async (field, method, url, body) => {
    const before = await snapshot(t.database.db);
    const answer = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${staffTokens.admin}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    expect(answer.statusCode, answer.body).toBe(400);
    const data = answer.json<{ data: Record<string, unknown> }>().data;
    expect(
      Object.keys(data).some((key) => key === field || key.endsWith(`.${field}`)),
      answer.body,
    ).toBe(true);
    expect(await snapshot(t.database.db)).toEqual(before);
  });
});

describe('staff calls: bad input from staff and strangers', () => {
  it.each(staffRows.map(({ row }, index) => [row.route, index] as const))(
    '%s',
    async (_route, index) => {
      const { row, open } = staffRows[index]!;
      await fc.assert(
        fc.asyncProperty(staffRequests(row, open), async (sample) => {
          await sendStaff(row, sample);
        }),
        { seed: SEED + 3000 + index, numRuns: wordyStaffCall.test(row.route) ? 40 : 15 },
      );
    },
    propertyTimeout,
  );
});

// ---------------------------------------------------------------- coverage

type Operation = `${string} ${string}`;

/**
 * Operations of the document no request reaches: a request covers the most
 * specific operation of its method whose path it matches (a literal segment
 * before a parameter).
 */
function uncoveredOperations(document: OpenApiDocument, sent: Operation[]): string[] {
  const operations = operationsOf(document).map(({ key }) => {
    const [method, path] = key.split(' ') as [string, string];
    const pattern = path
      .split('/')
      .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()[\]\\|]/g, '\\$&')))
      .join('/');
    return { key, method, pattern: new RegExp(`^${pattern}$`), parameters: path.split('{').length };
  });
  const covered = new Set<string>();
  for (const request of sent) {
    const [method, path] = request.split(' ') as [string, string];
    const best = operations
      .filter((operation) => operation.method === method && operation.pattern.test(path))
      .sort((a, b) => a.parameters - b.parameters)[0];
    if (best !== undefined) covered.add(best.key);
  }
  return operations.map(({ key }) => key).filter((key) => !covered.has(key));
}

describe('the suite covers every call of the OpenAPI document (guard)', () => {
  let document: OpenApiDocument;
  beforeAll(async () => {
    document = (await t.app.inject({ url: '/s2c/openapi.json' })).json<OpenApiDocument>();
  });

  /** What the member tables and the staff rows send, as `METHOD /path`. */
  const sent = (): Operation[] => [
    ...[...calls, queueCall].flatMap((call) =>
      fc
        .sample(call.path(false), { numRuns: 3, seed: SEED })
        .map((path): Operation => `${call.method} ${path}`),
    ),
    ...staffRows.map(({ row }): Operation => {
      const request = row.request(staffWorld);
      return `${String(request.method)} ${new URL(request.url as string, 'http://club.test').pathname}`;
    }),
  ];

  it('reads the document', () => {
    expect(operationsOf(document).length).toBeGreaterThan(90);
  });

  it('has a member call or a staff row for every operation', () => {
    expect(uncoveredOperations(document, sent())).toEqual([]);
  });

  it('names an operation none of them sends', () => {
    const paths = { ...document.paths, '/s2c/staff/v1/unlisted/{id}': { post: {} } };
    expect(uncoveredOperations({ ...document, paths }, sent())).toEqual([
      'POST /s2c/staff/v1/unlisted/{id}',
    ]);
  });
});

describe('after all of it', () => {
  it('keeps the invariants: balances equal the ledger, stock ≥ 0, every order debited', async () => {
    expect(await databaseProblems(t.database.db)).toEqual([]);
  });

  it('the member still has a working session and a correct report', async () => {
    const report = await t.app.inject({
      url: `/s2c/auth/v1/agent-points?number=${member.number}`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(report.statusCode, report.body).toBe(200);
  });
});
