import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GiftsPage } from '@club/contract/gifts';
import type { StaffTaxDetails, TaxDetails } from '@club/contract/tax-details';
import { getPage, logIn, outboxRows } from '../../../testing/account-helpers.js';
import { createAgent } from '../../../testing/factories.js';
import { loadTestCatalogue } from '../../../testing/gift-catalogue.js';
import { createStaff, staffCall, staffLogin } from '../../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { auditEntries } from '../../audit/schema.js';
import { memberTaxDetails, memberTaxInfo } from '../schema.js';

/**
 * Tax details (issue 30, key moment 7), through HTTP: a member sends them by
 * their country's rules, staff of the member's country confirm or refuse
 * them with a reason, every decision is audited and mailed, a confirmation
 * unlocks ordering, and a decision made twice at once is made once.
 */

let t: TestApp;
let clock = Date.parse('2030-06-01T09:00:00Z');
const tokens = { admin: '', managerGr: '', managerAe: '', supportGr: '' };
const password = 'secret123';

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await loadTestCatalogue(t.database.db);
  const accounts = {
    admin: await createStaff(t.database.db, 'admin'),
    managerGr: await createStaff(t.database.db, 'manager', ['gr']),
    managerAe: await createStaff(t.database.db, 'manager', ['ae']),
    supportGr: await createStaff(t.database.db, 'support', ['gr']),
  };
  for (const [name, account] of Object.entries(accounts)) {
    clock += 30_000;
    tokens[name as keyof typeof tokens] = await staffLogin(t.app, account, clock);
  }
});
afterAll(() => t.close());

const db = () => t.database.db;

async function newMember(overrides: { countryCode?: string; languageCode?: string } = {}) {
  const member = await createAgent(db(), { countryCode: 'gr', ...overrides, password });
  return { ...member, token: await logIn(t.app, member.number, password) };
}

const send = (token: string, values: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/s2c/auth/v1/tax-details',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(values).toString(),
  });

const own = async (token: string) =>
  (
    await t.app.inject({
      url: '/s2c/auth/v1/tax-details',
      headers: { authorization: `Bearer ${token}` },
    })
  ).json<{ data: TaxDetails }>().data;

const decide = (token: string, number: string, body: Record<string, string>) =>
  staffCall(t.app, token, 'POST', `/s2c/staff/v1/members/${number}/tax-details/decision`, body);

const auditOf = (number: string) =>
  db()
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.action, 'member.tax-details'), eq(auditEntries.target, number)));

const mailsTo = async (email: string) =>
  (await outboxRows(db())).filter((row) => row.recipient === email);

const validGr = { taxNumber: '123456789', taxOffice: 'Athens A' };

describe('a member sends tax details', () => {
  it('asks for the fields of the country, checks them by its rules and keeps them as sent', async () => {
    const member = await newMember();
    const before = await own(member.token);
    expect(before.state).toBe('none');
    expect(before.fields.map((field) => field.name)).toEqual(['taxNumber', 'taxOffice']);

    const bad = await send(member.token, { taxNumber: '12ab', taxOffice: '' });
    expect(bad.statusCode).toBe(400);
    const problems = bad.json<{ data: Record<string, string> }>().data;
    expect(problems.taxNumber).toBe("Pattern doesn't match");
    expect(problems.taxOffice).toBe('Field is required');

    const sent = await send(member.token, { ...validGr, extra: 'dropped' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json<{ data: TaxDetails }>().data).toMatchObject({
      state: 'sent',
      values: validGr,
      reason: null,
    });
    const page = await getPage<GiftsPage>(t.app, 'gifts', { countryCode: 'gr' }, member.token);
    expect(page.data.taxDetails?.state).toBe('sent');
    expect(page.data.order_disabled).toBe(true);
  });

  it('words the messages in the language asked, and never answers 500 to odd input', async () => {
    const member = await newMember();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/tax-details',
      headers: {
        authorization: `Bearer ${member.token}`,
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': 'el-GR',
      },
      payload: 'taxNumber=1&taxNumber=2&taxOffice=%00',
    });
    expect(answer.statusCode).toBe(400);
    const guest = await t.app.inject({ method: 'POST', url: '/s2c/auth/v1/tax-details' });
    expect(guest.statusCode).toBe(401);
  });
});

describe('staff decide', () => {
  it('show the details in the member’s country only; support reads, managers decide', async () => {
    const member = await newMember();
    await send(member.token, validGr);
    const url = `/s2c/staff/v1/members/${member.number}/tax-details`;
    const seen = await staffCall(t.app, tokens.supportGr, 'GET', url);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<{ data: StaffTaxDetails }>().data).toMatchObject({
      state: 'sent',
      values: validGr,
      taxOk: false,
    });
    expect((await staffCall(t.app, tokens.managerAe, 'GET', url)).statusCode).toBe(404);
    expect(
      (await decide(tokens.managerAe, member.number, { decision: 'confirm' })).statusCode,
    ).toBe(404);
    expect(
      (await decide(tokens.supportGr, member.number, { decision: 'confirm' })).statusCode,
    ).toBe(403);
    expect(await auditOf(member.number)).toEqual([]);
  });

  it('confirm: ordering opens, the tax flag is audited as the command sets it, the member is mailed', async () => {
    const member = await newMember({ languageCode: 'ell' });
    await send(member.token, validGr);
    clock += 60_000;
    const answer = await decide(tokens.managerGr, member.number, { decision: 'confirm' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ data: StaffTaxDetails }>().data).toMatchObject({
      state: 'confirmed',
      taxOk: true,
      decidedBy: expect.stringContaining('@') as string,
    });
    const [flag] = await db()
      .select()
      .from(memberTaxInfo)
      .where(eq(memberTaxInfo.agentId, member.id));
    expect(flag!.taxOk).toBe(true);
    const taxEntries = await db()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'member.tax'), eq(auditEntries.target, member.number)));
    expect(taxEntries.map((entry) => entry.after)).toEqual([{ taxOk: true }]);
    const [entry] = await auditOf(member.number);
    expect(entry).toMatchObject({ before: { state: 'sent' }, after: { state: 'confirmed' } });

    const [mail] = await mailsTo(member.email);
    expect(mail!.template).toBe('tax-details-confirmed');
    expect(mail!.subject).toContain('φορολογικά');
    expect(mail!.text).toContain('/ell/gifts');

    const page = await getPage<GiftsPage>(t.app, 'gifts', { countryCode: 'gr' }, member.token);
    expect(page.data.taxOK).toBe(true);
    expect(page.data.taxDetails?.state).toBe('confirmed');
    expect(page.data.order_disabled).toBe(false);
  });

  it('refuse: a reason is required, ordering stays closed, the member reads why and sends again', async () => {
    const member = await newMember();
    await send(member.token, validGr);
    const noReason = await decide(tokens.admin, member.number, { decision: 'refuse' });
    expect(noReason.statusCode).toBe(400);
    const answer = await decide(tokens.admin, member.number, {
      decision: 'refuse',
      reason: 'The tax office does not match the number',
    });
    expect(answer.statusCode).toBe(200);
    const details = await own(member.token);
    expect(details).toMatchObject({
      state: 'refused',
      reason: 'The tax office does not match the number',
    });
    const page = await getPage<GiftsPage>(t.app, 'gifts', { countryCode: 'gr' }, member.token);
    expect(page.data.order_disabled).toBe(true);
    const [mail] = await mailsTo(member.email);
    expect(mail!.template).toBe('tax-details-refused');
    expect(mail!.text).toContain('The tax office does not match the number');
    const [entry] = await auditOf(member.number);
    expect(entry).toMatchObject({
      reason: 'The tax office does not match the number',
      after: { state: 'refused' },
    });

    // Sent again: waiting for a decision again, the old reason gone.
    expect((await send(member.token, { ...validGr, taxOffice: 'Athens B' })).statusCode).toBe(200);
    expect(await own(member.token)).toMatchObject({ state: 'sent', reason: null });
  });

  it('nothing to decide answers 409; two decisions at once make one', async () => {
    const member = await newMember();
    expect(
      (await decide(tokens.managerGr, member.number, { decision: 'confirm' })).statusCode,
    ).toBe(409);
    await send(member.token, validGr);
    const answers = await Promise.all([
      decide(tokens.managerGr, member.number, { decision: 'confirm' }),
      decide(tokens.admin, member.number, { decision: 'refuse', reason: 'Unreadable' }),
      decide(tokens.managerGr, member.number, { decision: 'confirm' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await auditOf(member.number)).toHaveLength(1);
    expect(await mailsTo(member.email)).toHaveLength(1);
    const [row] = await db()
      .select()
      .from(memberTaxDetails)
      .where(eq(memberTaxDetails.agentId, member.id));
    expect(['confirmed', 'refused']).toContain(row!.state);
  });
});
