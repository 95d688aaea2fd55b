import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkFulfilmentAnswer } from '@club/contract/staff-bulk';
import { dataOf } from '../../../testing/agent-requests.js';
import { createAgent } from '../../../testing/factories.js';
import { placeTestOrder as placeOrderAt } from '../../../testing/gift-orders.js';
import { createStaff, staffCall, staffLogin } from '../../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { auditEntries } from '../../audit/schema.js';
import { mailOutbox } from '../../mail/schema.js';
import { giftOrders } from '../schema.js';

let t: TestApp;
let clock = Date.parse('2030-04-01T09:00:00Z');
const tokens = { admin: '', managerGr: '', managerAt: '', supportGr: '' };
const emails: Record<keyof typeof tokens, string> = { ...tokens };
type Member = Awaited<ReturnType<typeof createAgent>>;
let grMember: Member;
let atMember: Member;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const db = t.database.db;
  const accounts = {
    admin: await createStaff(db, 'admin'),
    managerGr: await createStaff(db, 'manager', ['gr']),
    managerAt: await createStaff(db, 'manager', ['at']),
    supportGr: await createStaff(db, 'support', ['gr']),
  };
  for (const [name, account] of Object.entries(accounts)) {
    clock += 30_000;
    tokens[name as keyof typeof tokens] = await staffLogin(t.app, account, clock);
    emails[name as keyof typeof tokens] = account.email;
  }
  grMember = await createAgent(db, { countryCode: 'gr', firstName: 'Eleni', lastName: 'Bulk' });
  atMember = await createAgent(db, { countryCode: 'at', languageCode: 'deu' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const submitted = async (member: Member, quantity = 1) =>
  (await placeOrderAt(db(), member, { at: clock, state: 'submitted', quantity })).orderId;
const preview = (as: keyof typeof tokens, file: string) =>
  staffCall(t.app, tokens[as], 'POST', '/s2c/staff/v1/bulk-fulfilments/preview', { file });
const apply = (as: keyof typeof tokens, file: string) =>
  staffCall(t.app, tokens[as], 'POST', '/s2c/staff/v1/bulk-fulfilments', { file });
const stateOf = async (ids: number[]) =>
  (
    await db()
      .select({ id: giftOrders.id, state: giftOrders.state, vouchers: giftOrders.vouchers })
      .from(giftOrders)
      .where(inArray(giftOrders.id, ids))
  ).sort((a, b) => a.id - b.id);
/** The `order-fulfilled` mails to the Greek member so far. */
const fulfilledMails = () =>
  db()
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.template, 'order-fulfilled'), eq(mailOutbox.recipient, grMember.email)),
    );
type Refusal = { data: { file: string; lines: BulkFulfilmentAnswer['lines'] } };

describe('bulk fulfilment from a CSV file', () => {
  it('previews every line: unknown order, another country, wrong count of codes, fulfilled already, repeated', async () => {
    const one = await submitted(grMember);
    const two = await submitted(grMember, 2);
    const placed = (await placeOrderAt(db(), grMember, { at: clock })).orderId;
    const foreign = await submitted(atMember);
    const done = await submitted(grMember);
    expect(
      (
        await staffCall(
          t.app,
          tokens.managerGr,
          'POST',
          `/s2c/staff/v1/orders/${done}/fulfilment`,
          {
            vouchers: 'DONE-1',
          },
        )
      ).statusCode,
    ).toBe(200);
    const file = [
      'order,voucher codes',
      `${one},ONE-1`,
      `${two},"TWO-1\nTWO-2"`,
      `${two},TWO-3 TWO-4`,
      `${placed},P-1`,
      `${foreign},F-1`,
      '999999,X-1',
      `${done},DONE-2`,
      `#${one},ONE-1`,
      'twelve,X-2',
      `${await submitted(grMember, 2)},ONLY-ONE`,
      `${await submitted(grMember)},bad code!`,
    ].join('\r\n');
    const answer = await preview('managerGr', file);
    expect(answer.statusCode).toBe(200);
    const data = dataOf<BulkFulfilmentAnswer>(answer);
    expect(data.lines.map((line) => [line.line, line.outcome, line.message])).toEqual([
      [2, 'ok', null],
      [3, 'ok', null],
      [5, 'refused', `Order ${two} is on line 3 too`],
      [6, 'refused', `Order ${placed} is Placed: only an order sent to the provider is fulfilled`],
      [7, 'refused', `No order ${foreign} in your countries`],
      [8, 'refused', 'No order 999999 in your countries'],
      [9, 'refused', expect.stringMatching(new RegExp(`^Order ${done} is fulfilled already`))],
      [10, 'refused', `Order ${one} is on line 2 too`],
      [11, 'refused', 'The order number is missing or not digits'],
      [
        12,
        'refused',
        'This order holds 2 gifts: give 2 codes (1 given), or none for gifts sent without a code.',
      ],
      [13, 'refused', 'Codes are letters, digits, . _ and - (at most 64 each)'],
    ]);
    expect(data.lines[1]).toMatchObject({
      codes: ['TWO-1', 'TWO-2'],
      memberNumber: grMember.number,
      memberName: 'Eleni Bulk',
      quantity: 2,
    });
    expect(data.lines[4]).toMatchObject({ memberNumber: null, memberName: null, gifts: null });
    expect(data).toMatchObject({ ok: 2, refused: 9 });
    expect((await stateOf([one, two])).map((order) => order.state)).toEqual([
      'submitted',
      'submitted',
    ]);
  });

  it('fulfils every order of the file with its codes, mails each member and audits each as the single fulfilment', async () => {
    const one = await submitted(grMember);
    const parcel = await submitted(grMember);
    const two = await submitted(grMember, 2);
    const file = `${one};ONE-A\n${parcel}\n${two};TWO-A;TWO-B\n`;
    const mailsBefore = (await fulfilledMails()).length;
    const answer = await apply('managerGr', file);
    expect(answer.statusCode).toBe(200);
    const data = dataOf<BulkFulfilmentAnswer>(answer);
    expect(data).toMatchObject({ ok: 3, refused: 0 });
    expect(await stateOf([one, parcel, two])).toEqual([
      { id: one, state: 'fulfilled', vouchers: ['ONE-A'] },
      { id: parcel, state: 'fulfilled', vouchers: [] },
      { id: two, state: 'fulfilled', vouchers: ['TWO-A', 'TWO-B'] },
    ]);
    const mails = (await fulfilledMails()).slice(mailsBefore);
    expect(mails).toHaveLength(3);
    expect(mails.filter((mail) => mail.text.includes('ONE-A'))).toHaveLength(1);
    expect(mails.filter((mail) => mail.text.includes('TWO-A, TWO-B'))).toHaveLength(1);
    const audits = await db()
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.action, 'order.fulfil'),
          inArray(auditEntries.target, [one, parcel, two].map(String)),
        ),
      );
    expect(audits).toHaveLength(3);
    expect(audits[0]).toMatchObject({
      actor: emails.managerGr,
      countryCode: 'gr',
      before: { state: 'submitted' },
      after: expect.objectContaining({ state: 'fulfilled', file: data.fileKey }) as unknown,
    });
    // The same file again fulfils and mails nothing: every order is fulfilled already.
    const again = await apply('managerGr', file);
    expect(again.statusCode).toBe(400);
    expect(again.json<Refusal>().data.file).toBe('3 of 3 lines refused: nothing was fulfilled');
    expect(await fulfilledMails()).toHaveLength(mailsBefore + 3);
  });

  it('fulfils nothing when a line is refused', async () => {
    const one = await submitted(grMember);
    const two = await submitted(grMember, 2);
    const mailsBefore = (await fulfilledMails()).length;
    const answer = await apply('admin', `${one},ONE-X\n${two},TWO-X\n`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json<Refusal>().data.lines.map((line) => line.outcome)).toEqual([
      'ok',
      'refused',
    ]);
    expect((await stateOf([one, two])).map((order) => order.state)).toEqual([
      'submitted',
      'submitted',
    ]);
    expect(await fulfilledMails()).toHaveLength(mailsBefore);
  });

  it('keeps a manager to their countries and refuses support (403)', async () => {
    const order = await submitted(grMember);
    const abroad = await apply('managerAt', `${order},GR-1\n`);
    expect(abroad.statusCode).toBe(400);
    expect(abroad.json<Refusal>().data.lines[0]!.message).toBe(
      `No order ${order} in your countries`,
    );
    expect((await preview('supportGr', `${order},GR-1\n`)).statusCode).toBe(403);
    expect((await apply('supportGr', `${order},GR-1\n`)).statusCode).toBe(403);
    expect((await stateOf([order]))[0]!.state).toBe('submitted');
  });

  it('reads orders.csv with its codes filled in', async () => {
    const order = await submitted(grMember);
    const exported = await staffCall(
      t.app,
      tokens.managerGr,
      'GET',
      '/s2c/staff/v1/orders.csv?state=submitted&country=gr',
    );
    expect(exported.statusCode).toBe(200);
    const [header, ...rows] = exported.body.replace(/^\uFEFF/, '').split('\r\n');
    const columns = header!.split(',');
    const codes = columns.indexOf('voucher codes');
    const filled = rows
      .filter((row) => row.startsWith(`${order},`))
      .map((row) => {
        const cells = row.split(',');
        cells[codes] = 'FROM-THE-PARTNER';
        return cells.join(',');
      });
    expect(filled).toHaveLength(1);
    const answer = await apply('managerGr', [header, ...filled].join('\r\n'));
    expect(answer.statusCode).toBe(200);
    expect(await stateOf([order])).toEqual([
      { id: order, state: 'fulfilled', vouchers: ['FROM-THE-PARTNER'] },
    ]);
  });
});
