import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { BulkAdjustmentsAnswer } from '@club/contract/staff-bulk';
import { dataOf } from '../../testing/agent-requests.js';
import { balanceOf, ledgerProblems } from '../../testing/booking-records.js';
import { createAgent } from '../../testing/factories.js';
import { creditAdditional } from '../../testing/points-data.js';
import { createStaff, staffCall, staffLogin, type TestStaff } from '../../testing/staff-helpers.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { auditEntries } from '../audit/schema.js';
import { pointAdjustments, pointEntries } from '../points/schema.js';

let t: TestApp;
let clock = Date.parse('2026-11-22T10:00:00Z');
const SUPPORT_LIMIT = 50;
type Who = 'managerGr' | 'supportGr' | 'managerAt' | 'admin';
const staff: Partial<Record<Who, TestStaff>> = {};
const tokens: Record<Who, string> = { managerGr: '', supportGr: '', managerAt: '', admin: '' };

beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    config: { staff: { ...testConfig().staff, supportAdjustmentLimit: SUPPORT_LIMIT } },
  });
  for (const [name, role, countries] of [
    ['managerGr', 'manager', ['gr']],
    ['supportGr', 'support', ['gr']],
    ['managerAt', 'manager', ['at']],
    ['admin', 'admin', []],
  ] as const) {
    clock += 30_000;
    staff[name] = await createStaff(t.database.db, role, [...countries]);
    tokens[name] = await staffLogin(t.app, staff[name], clock);
  }
});
afterAll(() => t.close());

const preview = (as: Who, file: string) =>
  staffCall(t.app, tokens[as], 'POST', '/s2c/staff/v1/bulk-adjustments/preview', { file });
const apply = (as: Who, file: string) =>
  staffCall(t.app, tokens[as], 'POST', '/s2c/staff/v1/bulk-adjustments', { file });

async function memberWith(points: number, countryCode = 'gr') {
  const member = await createAgent(t.database.db, { countryCode });
  if (points > 0) await creditAdditional(t.database.db, member.id, '2026-11-01', points, 'Bonus');
  return member;
}
const available = async (agentId: number) => (await balanceOf(t.database.db, agentId))?.available;
const auditsOf = (numbers: string[]) =>
  t.database.db
    .select()
    .from(auditEntries)
    .where(
      and(inArray(auditEntries.target, numbers), eq(auditEntries.action, 'member.adjust-points')),
    );
type Refusal = { code: string; data: { file: string; lines: BulkAdjustmentsAnswer['lines'] } };

describe('POST /s2c/staff/v1/bulk-adjustments/preview', () => {
  it('checks every line as a single adjustment would, counting the file’s earlier lines, and writes nothing', async () => {
    const rich = await memberWith(100);
    const poor = await memberWith(10);
    const abroad = await memberWith(100, 'at');
    const file = [
      'member number;points;reason',
      `${rich.number};-60;First debit`,
      `${rich.number};-60;"Second debit; too much"`,
      `${poor.number};+15;Goodwill`,
      `${abroad.number};5;Another country`,
      '12345678901234;5;No such member',
      `${poor.number};0;Zero`,
      `${poor.number};1.5;Half`,
      `${poor.number};5;`,
      `ABC;5;Letters`,
      '',
    ].join('\r\n');
    const before = await t.database.db.select().from(pointEntries);
    const answer = await preview('managerGr', file);
    expect(answer.statusCode).toBe(200);
    const data = dataOf<BulkAdjustmentsAnswer>(answer);
    expect(data.lines.map((line) => [line.line, line.outcome, line.message])).toEqual([
      [2, 'ok', null],
      [3, 'refused', 'The member has 40 points available: a debit cannot take more'],
      [4, 'ok', null],
      [5, 'refused', `No member ${abroad.number} in your countries`],
      [6, 'refused', 'No member 12345678901234 in your countries'],
      [7, 'refused', 'Points: Whole points, positive to credit or negative to debit'],
      [8, 'refused', 'Points: Whole points, positive to credit or negative to debit'],
      [9, 'refused', 'Reason: Give the reason (the member sees it)'],
      [10, 'refused', 'The member number is missing or not digits'],
    ]);
    expect(data.lines[0]).toMatchObject({
      number: rich.number,
      points: -60,
      reason: 'First debit',
      memberName: `${rich.firstName} ${rich.lastName}`,
      availableBefore: 100,
      availableAfter: 40,
    });
    expect(data.lines[1]).toMatchObject({ reason: 'Second debit; too much', availableBefore: 40 });
    expect(data.lines[3]!.memberName).toBeNull();
    expect(data).toMatchObject({ ok: 2, refused: 7, credited: 15, debited: 60, applied: null });
    expect(data.fileKey).toMatch(/^[0-9a-f]{64}$/);
    expect(await t.database.db.select().from(pointEntries)).toEqual(before);
    expect(await auditsOf([rich.number, poor.number])).toEqual([]);
  });

  it('refuses a file of more than 1,000 lines, or of nothing, with a 400 on the file', async () => {
    const member = await memberWith(0);
    const long = Array.from({ length: 1001 }, () => `${member.number},1,Bonus`).join('\n');
    const answer = await preview('managerGr', long);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      data: { file: 'The file has 1,001 lines: at most 1,000 a file (split it)' },
    });
    expect((await preview('managerGr', ' \r\n ')).statusCode).toBe(400);
  });

  it('takes a file of 1,000 lines with long Greek reasons, larger than a megabyte once encoded', async () => {
    const member = await memberWith(0);
    const reason = 'Μπόνους έκθεσης '.repeat(19).trim();
    const file = Array.from(
      { length: 1000 },
      (_, index) => `${member.number},1,${reason} ${index}`,
    ).join('\n');
    expect(Buffer.byteLength(new URLSearchParams({ file }).toString())).toBeGreaterThan(1_500_000);
    const answer = await preview('managerGr', file);
    expect(answer.statusCode).toBe(200);
    expect(dataOf<BulkAdjustmentsAnswer>(answer)).toMatchObject({
      ok: 1000,
      refused: 0,
      credited: 1000,
    });
  });
});

describe('POST /s2c/staff/v1/bulk-adjustments', () => {
  it('applies every line in one go: a ledger entry and an audit entry per line', async () => {
    const a = await memberWith(100);
    const b = await memberWith(0);
    const file = `${a.number},-30,Duplicate credit\n${b.number},20,Welcome back\n${a.number},5,"Hotel, Vienna"\n`;
    const answer = await apply('managerGr', file);
    expect(answer.statusCode).toBe(200);
    const data = dataOf<BulkAdjustmentsAnswer>(answer);
    expect(data).toMatchObject({ ok: 3, refused: 0, credited: 25, debited: 30 });
    expect(data.applied?.by).toBe(staff.managerGr!.email);
    expect(Date.parse(data.applied?.at ?? '')).not.toBeNaN();
    expect(data.lines.map((line) => [line.availableBefore, line.availableAfter])).toEqual([
      [100, 70],
      [0, 20],
      [70, 75],
    ]);
    expect(await available(a.id)).toBe(75);
    expect(await available(b.id)).toBe(20);
    const audits = await auditsOf([a.number, b.number]);
    expect(audits).toHaveLength(3);
    expect(audits.map((audit) => audit.reason).sort()).toEqual([
      'Duplicate credit',
      'Hotel, Vienna',
      'Welcome back',
    ]);
    expect(audits.every((audit) => audit.actor === staff.managerGr!.email)).toBe(true);
    const references = await t.database.db
      .select({ reference: pointAdjustments.reference })
      .from(pointAdjustments)
      .where(like(pointAdjustments.reference, `bulk-${data.fileKey}-%`));
    expect(references).toHaveLength(3);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('applies nothing when one line is refused (400 with every line’s outcome)', async () => {
    const a = await memberWith(100);
    const b = await memberWith(10);
    const answer = await apply('managerGr', `${a.number},50,Fine\n${b.number},-11,Too much\n`);
    expect(answer.statusCode).toBe(400);
    const refusal = answer.json<Refusal>();
    expect(refusal.data.file).toBe('1 of 2 lines refused: nothing was applied');
    expect(refusal.data.lines.map((line) => line.outcome)).toEqual(['ok', 'refused']);
    expect(await available(a.id)).toBe(100);
    expect(await available(b.id)).toBe(10);
    expect(await auditsOf([a.number, b.number])).toEqual([]);
  });

  it('never applies the same lines twice: 409, whatever the separator and line ends', async () => {
    const member = await memberWith(0);
    const first = await apply('managerGr', `${member.number},40,November campaign\n`);
    expect(first.statusCode).toBe(200);
    const again = await apply(
      'admin',
      `\uFEFFmember number;points;reason\r\n"${member.number}";40;November campaign\r\n`,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json<Refusal>().data.file).toMatch(
      new RegExp(`applied on .* UTC by ${staff.managerGr!.email.replace('.', '\\.')}`),
    );
    expect(await available(member.id)).toBe(40);
    const shown = dataOf<BulkAdjustmentsAnswer>(
      await preview('managerGr', `${member.number},40,November campaign`),
    );
    expect(shown.applied).toMatchObject({ by: staff.managerGr!.email });
    // Other lines are another file.
    expect((await apply('managerGr', `${member.number},40,December campaign\n`)).statusCode).toBe(
      200,
    );
    expect(await available(member.id)).toBe(80);
  });

  it('keeps support within its limit per member per day, the file’s lines and earlier adjustments counted (403)', async () => {
    const member = await memberWith(100);
    const single = await staffCall(
      t.app,
      tokens.supportGr,
      'POST',
      `/s2c/staff/v1/members/${member.number}/adjustments`,
      { points: '20', reason: 'Earlier today' },
    );
    expect(single.statusCode).toBe(200);
    const file = `${member.number},20,One\n${member.number},-20,Two\n`;
    const shown = dataOf<BulkAdjustmentsAnswer>(await preview('supportGr', file));
    expect(shown.lines.map((line) => line.message)).toEqual([
      null,
      `Support adjusts at most ${SUPPORT_LIMIT} points per member a day: 10 left for this member today`,
    ]);
    const answer = await apply('supportGr', file);
    expect(answer.statusCode).toBe(403);
    expect(answer.json<Refusal>().data.lines[1]!.outcome).toBe('refused');
    expect(await available(member.id)).toBe(120);
    // Within the limit it applies; a manager's file is not limited.
    expect((await apply('supportGr', `${member.number},10,Within\n`)).statusCode).toBe(200);
    expect((await apply('managerGr', `${member.number},500,Campaign\n`)).statusCode).toBe(200);
    expect(await available(member.id)).toBe(630);
  });

  it('refuses members of another country as unknown: a manager of Austria changes nothing in Greece', async () => {
    const member = await memberWith(100);
    const answer = await apply('managerAt', `${member.number},5,Nope\n`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json<Refusal>().data.lines[0]!.message).toBe(
      `No member ${member.number} in your countries`,
    );
    expect(await available(member.id)).toBe(100);
  });

  it('never overspends: the same member debited by two files at once takes the points once', async () => {
    const member = await memberWith(100);
    const answers = await Promise.all([
      apply('managerGr', `${member.number},-80,First file\n`),
      apply('admin', `${member.number},-80,Second file\n`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await available(member.id)).toBe(20);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});

describe('GET /s2c/staff/v1/members.csv', () => {
  const exportAs = (as: Who, query: string) =>
    staffCall(t.app, tokens[as], 'GET', `/s2c/staff/v1/members.csv${query}`);

  it('lists the members of a country by state and available points, formula-safe, and audits the export', async () => {
    const low = await memberWith(10);
    const high = await memberWith(900);
    const formula = await createAgent(t.database.db, {
      countryCode: 'gr',
      firstName: '=HYPERLINK("x")',
    });
    await creditAdditional(t.database.db, formula.id, '2026-11-01', 500, 'Bonus');
    const abroad = await memberWith(500, 'at');
    const answer = await exportAs(
      'managerGr',
      '?country=gr&state=active&minPoints=400&maxPoints=950',
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="members-/);
    const lines = answer.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFmember,first name,last name,email,country,language,state,office ID,registered,available points',
    );
    const numbers = lines.slice(1, -1).map((line) => line.split(',')[0]);
    expect(numbers).toContain(high.number);
    expect(numbers).toContain(formula.number);
    expect(numbers).not.toContain(low.number);
    expect(numbers).not.toContain(abroad.number);
    const formulaLine = lines.find((line) => line.startsWith(`${formula.number},`))!;
    expect(formulaLine).toContain(`"'=HYPERLINK(""x"")"`);
    expect(formulaLine).toMatch(/,gr,eng,Active,.*,500$/);
    const [audit] = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'members.export'));
    expect(audit).toMatchObject({
      actor: staff.managerGr!.email,
      countryCode: 'gr',
      after: expect.objectContaining({
        state: 'active',
        minPoints: 400,
        maxPoints: 950,
      }) as unknown,
    });
  });

  it('keeps a manager to their countries (404 for another), refuses support (403) and bad filters (400)', async () => {
    const abroad = await memberWith(5, 'at');
    expect((await exportAs('managerGr', '?country=at')).statusCode).toBe(404);
    expect((await exportAs('supportGr', '?country=gr')).statusCode).toBe(403);
    const every = await exportAs('managerGr', '');
    expect(every.statusCode).toBe(200);
    expect(every.body).not.toContain(`\r\n${abroad.number},`);
    const admin = await exportAs('admin', '');
    expect(admin.body).toContain(`\r\n${abroad.number},`);
    for (const query of [
      '?state=gone',
      '?minPoints=ten',
      '?minPoints=10&maxPoints=5',
      '?country=GRC',
    ]) {
      expect((await exportAs('managerGr', query)).statusCode, query).toBe(400);
    }
  });
});
