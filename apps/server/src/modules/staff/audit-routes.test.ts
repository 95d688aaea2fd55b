import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_COUNT_CAP } from '@club/contract/staff-audit';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createStaff, staffCall, staffLogin, type TestStaff } from '../../testing/staff-helpers.js';
import { recordAudit, type AuditActor } from '../audit/audit-log.js';
import { auditPage } from '../audit/audit-query.js';

/** The audit log as staff read it: filters, paging, CSV, and what each role may see. */
let t: TestApp;
const clock = Date.parse('2030-08-01T08:00:00Z');
let admin: TestStaff;
let managerGr: TestStaff;
const tokens: Record<string, string> = {};

type Entry = {
  at: string;
  staff: string;
  action: string;
  target: string;
  countryCode: string | null;
};
type Page = { items: Entry[]; total: number; totalCapped: boolean };

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const db = t.database.db;
  admin = await createStaff(db, 'admin');
  managerGr = await createStaff(db, 'manager', ['gr']);
  tokens.admin = await staffLogin(t.app, admin, clock);
  tokens.manager = await staffLogin(t.app, managerGr, clock);
  const actorOf = (staff: TestStaff): AuditActor => ({ staffId: staff.id, label: staff.email });
  const cli: AuditActor = { staffId: null, label: 'command-line (Ops)' };
  const entries: [AuditActor, string, string, string, string | null, string][] = [
    [actorOf(admin), 'member.adjust-points', 'member', '1000001', 'gr', '2030-07-01T10:00:00Z'],
    [actorOf(admin), 'member.adjust-points', 'member', '1000002', 'ae', '2030-07-02T10:00:00Z'],
    [actorOf(managerGr), 'order.refund', 'order', '17', 'gr', '2030-07-03T10:00:00Z'],
    [cli, 'member.adjust-points', 'member', '1000001', 'gr', '2030-07-04T10:00:00Z'],
    [actorOf(admin), 'staff.add', 'staff', 'x@example.com', null, '2030-07-05T10:00:00Z'],
    [actorOf(managerGr), 'gift.update', 'gift', 'ae-voucher', 'ae', '2030-07-06T10:00:00Z'],
  ];
  await db.transaction(async (tx) => {
    for (const [actor, action, targetType, target, countryCode, at] of entries) {
      await recordAudit(
        tx,
        actor,
        {
          action,
          targetType,
          target,
          countryCode,
          reason: 'test',
          before: { points: 0 },
          after: { points: 5 },
        },
        new Date(at),
      );
    }
  });
});
afterAll(() => t.close());

/**
 * The test's entries are dated 2030; the fixture's office load writes its own
 * entries at start (dated today), so every list keeps to July 2030 unless it
 * asks for other times itself.
 */
const list = async (token: string, query: string) => {
  const since = query.includes('from=') ? '' : `${query === '' ? '?' : '&'}from=2030-01-01`;
  // The test's own logins (dated 2030-08-01) are audited too: the lists end before them.
  const until = query.includes('to=')
    ? ''
    : `${query === '' && since === '' ? '?' : '&'}to=2030-07-31`;
  const answer = await staffCall(
    t.app,
    token,
    'GET',
    `/s2c/staff/v1/audit${query}${since}${until}`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: Page }>().data;
};
const targets = (page: Page) => page.items.map((entry) => `${entry.action} ${entry.target}`);

describe('the audit list', () => {
  it('gives an admin every entry, newest first, with who, what and the values before and after', async () => {
    const page = await list(tokens.admin!, '');
    expect(page.total).toBe(6);
    expect(page.items[0]).toEqual({
      id: expect.any(Number) as unknown,
      at: '2030-07-06T10:00:00.000Z',
      staff: managerGr.email,
      action: 'gift.update',
      targetType: 'gift',
      target: 'ae-voucher',
      countryCode: 'ae',
      reason: 'test',
      before: { points: 0 },
      after: { points: 5 },
    });
    expect(page.items.map((entry) => entry.at)).toEqual(
      [...page.items.map((entry) => entry.at)].sort().reverse(),
    );
  });

  it('filters by member, action, staff, target and time (a date counts whole)', async () => {
    expect(targets(await list(tokens.admin!, '?member=1000001'))).toEqual([
      'member.adjust-points 1000001',
      'member.adjust-points 1000001',
    ]);
    expect((await list(tokens.admin!, '?action=member.adjust-points')).total).toBe(3);
    expect(
      targets(
        await list(tokens.admin!, `?staff=${encodeURIComponent(managerGr.email.toUpperCase())}`),
      ),
    ).toEqual(['gift.update ae-voucher', 'order.refund 17']);
    expect((await list(tokens.admin!, '?staff=command-line%20(Ops)')).total).toBe(1);
    expect(targets(await list(tokens.admin!, '?targetType=order&target=17'))).toEqual([
      'order.refund 17',
    ]);
    expect(targets(await list(tokens.admin!, '?from=2030-07-02&to=2030-07-03'))).toEqual([
      'order.refund 17',
      'member.adjust-points 1000002',
    ]);
    expect(
      targets(await list(tokens.admin!, '?from=2030-07-03T10:00:00Z&to=2030-07-04T10:00:00Z')),
    ).toEqual(['member.adjust-points 1000001', 'order.refund 17']);
    // Empty filters filter nothing: every entry, the start's office load's too.
    const unfiltered = await staffCall(t.app, tokens.admin, 'GET', '/s2c/staff/v1/audit');
    expect((await list(tokens.admin!, '?member=&action=&from=&to=')).total).toBe(
      unfiltered.json<{ data: Page }>().data.total,
    );
  });

  it('pages', async () => {
    const first = await list(tokens.admin!, '?pageSize=4');
    const second = await list(tokens.admin!, '?pageSize=4&page=1');
    expect(first.items).toHaveLength(4);
    expect(second.items).toHaveLength(2);
    expect(second.total).toBe(6);
    expect(new Set([...first.items, ...second.items].map((entry) => entry.at)).size).toBe(6);
  });

  it('shows a manager the entries of their countries and their own only', async () => {
    const page = await list(tokens.manager!, '');
    expect(targets(page)).toEqual([
      'gift.update ae-voucher',
      'member.adjust-points 1000001',
      'order.refund 17',
      'member.adjust-points 1000001',
    ]);
    expect(page.total).toBe(4);
    expect((await list(tokens.manager!, '?member=1000002')).total).toBe(0);
  });

  it('refuses bad filters with a message per field', async () => {
    for (const [query, field] of [
      ['?from=yesterday', 'from'],
      ['?to=2030-13-45', 'to'],
      ['?member=abc', 'member'],
      ['?pageSize=101', 'pageSize'],
      ['?page=-1', 'page'],
    ]) {
      const answer = await staffCall(t.app, tokens.admin, 'GET', `/s2c/staff/v1/audit${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(Object.keys(answer.json<{ data: object }>().data), query).toContain(field);
    }
  });

  it('lists the actions found in the log', async () => {
    const answer = await staffCall(t.app, tokens.manager, 'GET', '/s2c/staff/v1/audit/actions');
    expect(answer.json()).toEqual({
      // With the office load of the test's own start (office.import) and its logins (staff.login).
      data: {
        actions: [
          'gift.update',
          'member.adjust-points',
          'office.import',
          'order.refund',
          'staff.add',
          'staff.login',
        ],
      },
    });
  });
});

describe('the CSV export', () => {
  it('holds the filtered entries in the reader’s scope, formula cells defused', async () => {
    const answer = await staffCall(
      t.app,
      tokens.manager,
      'GET',
      '/s2c/staff/v1/audit.csv?action=member.adjust-points',
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-2030-08-01\.csv"$/,
    );
    const lines = answer.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Time,Staff,Action,Target type,Target,Country,Reason,Before,After');
    expect(lines.slice(1, -1)).toEqual([
      `2030-07-04T10:00:00.000Z,command-line (Ops),member.adjust-points,member,1000001,gr,test,"{""points"":0}","{""points"":5}"`,
      `2030-07-01T10:00:00.000Z,${admin.email},member.adjust-points,member,1000001,gr,test,"{""points"":0}","{""points"":5}"`,
    ]);
  });

  it('quotes a cell a spreadsheet would read as a formula', async () => {
    await t.database.db.transaction((tx) =>
      recordAudit(
        tx,
        { staffId: null, label: 'system' },
        {
          action: 'member.adjust-points',
          targetType: 'member',
          target: '1000009',
          countryCode: 'gr',
          reason: '=HYPERLINK("http://evil")',
        },
      ),
    );
    const answer = await staffCall(
      t.app,
      tokens.admin,
      'GET',
      '/s2c/staff/v1/audit.csv?member=1000009',
    );
    expect(answer.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });
});

describe('the count at scale', () => {
  it(`counts up to ${AUDIT_COUNT_CAP} matching entries and says when more match`, async () => {
    // One more entry than the cap, of an action of their own, dated 2029 (before the other tests' entries).
    await t.database.db.execute(sql`
      insert into audit_entries (at, actor, action, target_type, target, country_code)
      select timestamp with time zone '2029-01-01T00:00:00Z' + n * interval '1 second',
        'command-line (bulk)', 'test.bulk', 'member', n::text, 'gr'
      from generate_series(1, ${AUDIT_COUNT_CAP + 1}) as n`);
    const all = await list(tokens.admin!, '?action=test.bulk&from=2029-01-01');
    expect(all).toMatchObject({ total: AUDIT_COUNT_CAP, totalCapped: true });
    expect(all.items).toHaveLength(25);
    expect(all.items[0]).toMatchObject({ target: String(AUDIT_COUNT_CAP + 1) });
    // A manager's scope counts the same way; a narrower filter counts exactly.
    expect(await list(tokens.manager!, '?action=test.bulk&from=2029-01-01')).toMatchObject({
      total: AUDIT_COUNT_CAP,
      totalCapped: true,
    });
    expect(
      await list(tokens.admin!, '?action=test.bulk&from=2029-01-01&to=2029-01-01T00:00:10Z'),
    ).toMatchObject({ total: 10, totalCapped: false });
    expect(await list(tokens.admin!, '')).toMatchObject({ total: 6, totalCapped: false });
  });

  it('stops at the cap it is given: as many entries as the cap are not more', async () => {
    const count = (cap: number) =>
      auditPage(
        t.database.db,
        { action: 'test.bulk', to: '2029-01-01T00:00:10Z' },
        null,
        { page: 0, pageSize: 5 },
        cap,
      );
    expect(await count(10)).toMatchObject({ total: 10, totalCapped: false });
    expect(await count(9)).toMatchObject({ total: 9, totalCapped: true });
    expect((await count(9)).items).toHaveLength(5);
  });
});
