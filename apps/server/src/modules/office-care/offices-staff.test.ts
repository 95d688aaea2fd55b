import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { OfficeDetail, OfficeImportReport } from '@club/contract/staff-offices';
import { auditEntries } from '../audit/schema.js';
import { agencyLinks, agencyStateChanges } from '../agencies/schema.js';
import { agents } from '../agents/schema.js';
import { createAgent, createOffice } from '../../testing/factories.js';
import { createStaff, staffCall, staffLogin, type TestStaff } from '../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { runLinkCommand } from '../agencies/link-cli.js';
import {
  officeEnrollRequests,
  officeImports,
  officeNotifyRequests,
  offices,
} from '../offices/schema.js';

let t: TestApp;
let clock = Date.parse('2030-04-01T09:00:00Z');
let admin: string;
let managerGr: string;
let managerAe: string;
let supportGr: string;
let managerGrAccount: TestStaff;

async function login(staff: TestStaff): Promise<string> {
  clock += 30_000;
  return staffLogin(t.app, staff, clock);
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const db = t.database.db;
  managerGrAccount = await createStaff(db, 'manager', ['gr']);
  admin = await login(await createStaff(db, 'admin'));
  managerGr = await login(managerGrAccount);
  managerAe = await login(await createStaff(db, 'manager', ['ae']));
  supportGr = await login(await createStaff(db, 'support', ['gr']));
});
afterAll(() => t.close());

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(body),
});
const post = (token: string, url: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    ...json(body),
    headers: { ...json(body).headers, authorization: `Bearer ${token}` },
  });

const search = async (token: string, query: string) => {
  const response = await staffCall(t.app, token, 'GET', `/s2c/staff/v1/offices?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    data: { items: { officeId: string; countryCode: string }[]; total: number };
  }>().data;
};

const pageOf = async (token: string, officeId: string) => {
  const response = await staffCall(t.app, token, 'GET', `/s2c/staff/v1/offices/${officeId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: OfficeDetail }>().data;
};

const directoryFile = (countryCode: string, list: unknown[]) =>
  JSON.stringify({ countryCode, offices: list });

const entry = (officeId: string, extra: Record<string, unknown> = {}) => ({
  officeId,
  agencyName: `Agency ${officeId}`,
  address: '5 Upload Street, Patras',
  zip: '26221',
  active: true,
  ...extra,
});

describe('GET /s2c/staff/v1/offices', () => {
  it("finds offices by ID prefix and by words of name, address and zip, in the staff member's countries", async () => {
    const byId = await search(managerGr, 'query=athgr000');
    expect(byId.items.map((office) => office.officeId)).toEqual(
      expect.arrayContaining(['ATHGR0001', 'ATHGR0002', 'ATHGR0009']),
    );
    expect(byId.items.every((office) => office.countryCode === 'gr')).toBe(true);
    const byWords = await search(managerGr, 'query=sleepy%20ath');
    expect(byWords.items.map((office) => office.officeId)).toEqual(['ATHGR0002']);
    expect((await search(managerGr, 'query=10559')).items.map((o) => o.officeId)).toEqual([
      'ATHGR0002',
    ]);
  });

  it('keeps a manager to their countries; an admin sees every country', async () => {
    const ae = await search(managerAe, '');
    expect(ae.items.length).toBeGreaterThan(0);
    expect(ae.items.every((office) => office.countryCode === 'ae')).toBe(true);
    expect((await search(managerAe, 'query=ATHGR0001')).items).toEqual([]);
    const all = await search(admin, '');
    expect(new Set(all.items.map((office) => office.countryCode))).toEqual(new Set(['ae', 'gr']));
  });

  it('filters by state', async () => {
    const inactive = await search(managerGr, 'state=inactive');
    expect(inactive.items.map((office) => office.officeId)).toContain('ATHGR0002');
    expect(inactive.items.map((office) => office.officeId)).not.toContain('ATHGR0001');
    const direct = await search(managerGr, 'state=direct');
    expect(direct.items.map((office) => office.officeId)).toEqual(['ATHGR0009']);
  });

  it('answers bad input with 400 per field, and operators of the text search are only words', async () => {
    const bad = await staffCall(t.app, admin, 'GET', '/s2c/staff/v1/offices?state=maybe&page=0');
    expect(bad.statusCode).toBe(400);
    for (const query of ['a:*|b', "'&!", '()', 'x'.repeat(100)]) {
      const response = await staffCall(
        t.app,
        admin,
        'GET',
        `/s2c/staff/v1/offices?query=${encodeURIComponent(query)}`,
      );
      expect(response.statusCode, query).toBe(200);
    }
  });
});

describe('GET /s2c/staff/v1/offices/{officeId}', () => {
  it('shows the state, its history, the waiting agents and the members', async () => {
    const office = await createOffice(t.database.db, {
      active: false,
      decisionMakerName: 'Eleni Boss',
      decisionMakerEmail: 'eleni@example.com',
    });
    const member = await createAgent(t.database.db, { officeId: office.officeId });
    await t.database.db.insert(officeEnrollRequests).values({
      officeId: office.officeId,
      countryCode: 'gr',
      requestedAt: new Date(clock),
      mailedAt: new Date(clock),
    });
    await t.database.db.insert(officeNotifyRequests).values({
      officeId: office.officeId,
      countryCode: 'gr',
      languageCode: 'eng',
      email: 'waiting.agent@example.com',
    });
    const page = await pageOf(managerGr, office.officeId.toLowerCase());
    expect(page).toMatchObject({
      officeId: office.officeId,
      active: false,
      decisionMaker: { name: 'Eleni Boss', email: 'eleni@example.com' },
      enrolRequests: { total: 1, items: [{ mailed: true }] },
      waitingAgents: [{ email: 'waiting.agent@example.com', notifiedAt: null }],
      members: { total: 1, items: [{ number: member.number, email: member.email }] },
    });
  });

  it('records the loads of the directory by content:load in the history', async () => {
    const page = await pageOf(admin, 'ATHGR0002');
    expect(page.history.at(-1)).toMatchObject({
      by: 'directory',
      previousActive: null,
      active: false,
      directoryImport: { actor: 'system', fileName: 'offices/gr.json', source: 'content-load' },
    });
  });

  it("answers 404 for another country's office and an unknown one", async () => {
    expect(
      (await staffCall(t.app, managerAe, 'GET', '/s2c/staff/v1/offices/ATHGR0001')).statusCode,
    ).toBe(404);
    expect(
      (await staffCall(t.app, admin, 'GET', '/s2c/staff/v1/offices/NOPE0000')).statusCode,
    ).toBe(404);
    expect((await staffCall(t.app, admin, 'GET', '/s2c/staff/v1/offices/bad-id!')).statusCode).toBe(
      400,
    );
  });

  it("records an opt-in through a staff member's link in the history, with who made the link", async () => {
    const office = await createOffice(t.database.db, { active: false });
    const made = await post(managerGr, `/s2c/staff/v1/offices/${office.officeId}/agency-links`, {
      purpose: 'opt-in',
    });
    expect(made.statusCode, made.body).toBe(200);
    const link = new URL(made.json<{ data: { url: string } }>().data.url);
    clock += 60_000;
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/s2c/auth/v1/agency/state-change-request${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        firstName: 'Nikos',
        lastName: 'Agent',
        email: 'nikos@example.com',
        agree: 'true',
      }).toString(),
    });
    expect(submitted.json()).toMatchObject({ data: { active: true } });
    const page = await pageOf(admin, office.officeId);
    expect(page.active).toBe(true);
    expect(page.history[0]).toMatchObject({
      by: 'link',
      previousActive: false,
      active: true,
      decisionMaker: { firstName: 'Nikos', lastName: 'Agent', email: 'nikos@example.com' },
      link: { purpose: 'opt-in', issuedBy: managerGrAccount.email },
      directoryImport: null,
    });
  });
});

describe('POST /s2c/staff/v1/offices/{officeId}/agency-links', () => {
  it('answers the link once, stores only its hash, and audits it without the proof', async () => {
    const office = await createOffice(t.database.db);
    const made = await post(admin, `/s2c/staff/v1/offices/${office.officeId}/agency-links`, {
      purpose: 'opt-out',
    });
    expect(made.statusCode).toBe(200);
    const { url, purpose } = made.json<{ data: { url: string; purpose: string } }>().data;
    expect(purpose).toBe('opt-out');
    const link = new URL(url);
    expect(link.pathname).toMatch(/agency-opt-out$/);
    const c = link.searchParams.get('c')!;
    const [stored] = await t.database.db
      .select()
      .from(agencyLinks)
      .where(eq(agencyLinks.id, link.searchParams.get('s')!));
    expect(stored).toMatchObject({ officeId: office.officeId, purpose: 'opt-out' });
    expect(JSON.stringify(stored)).not.toContain(c);
    const audit = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'office.link'), eq(auditEntries.target, office.officeId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ countryCode: 'gr', targetType: 'office' });
    expect(JSON.stringify(audit[0])).not.toContain(c);
  });

  it('refuses support (403), another country (404) and a bad purpose (400), making no link', async () => {
    const office = await createOffice(t.database.db);
    const url = `/s2c/staff/v1/offices/${office.officeId}/agency-links`;
    expect((await post(supportGr, url, { purpose: 'opt-in' })).statusCode).toBe(403);
    expect((await post(managerAe, url, { purpose: 'opt-in' })).statusCode).toBe(404);
    const bad = await post(admin, url, { purpose: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ data: object }>().data)).toContain('purpose');
    const form = await staffCall(t.app, admin, 'POST', url, { purpose: 'opt-in' });
    expect(form.statusCode).toBe(200);
    const links = await t.database.db
      .select()
      .from(agencyLinks)
      .where(eq(agencyLinks.officeId, office.officeId));
    expect(links).toHaveLength(1);
  });

  it('npm run agencies:link makes its link through the same service, audited with its actor', async () => {
    const office = await createOffice(t.database.db);
    const lines: string[] = [];
    const code = await runLinkCommand(
      t.database.db,
      [office.officeId, 'opt-in'],
      t.config,
      { out: (line) => lines.push(line), error: () => undefined },
      clock,
      { staffId: null, label: 'command-line (tester)' },
    );
    expect(code).toBe(0);
    const [audit] = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'office.link'), eq(auditEntries.target, office.officeId)));
    expect(audit?.actor).toBe('command-line (tester)');
    const [link] = await t.database.db
      .select()
      .from(agencyLinks)
      .where(eq(agencyLinks.officeId, office.officeId));
    expect(link?.issuedBy).toBe('command-line (tester)');
  });
});

describe('POST /s2c/staff/v1/offices/import', () => {
  const importFile = (token: string, file: string, fileName = 'gr-offices.json') =>
    post(token, '/s2c/staff/v1/offices/import', { file, fileName });

  it('applies the valid entries in one transaction, reports every refused one, and records the history', async () => {
    const direct = await createOffice(t.database.db, { agencyName: 'Soon Direct' });
    const member = await createAgent(t.database.db, { officeId: direct.officeId });
    const response = await importFile(
      managerGr,
      directoryFile('gr', [
        entry('PATGR0001'),
        { officeId: 'bad id', agencyName: '' },
        entry(direct.officeId, {
          agencyName: 'Soon Direct',
          address: direct.address,
          zip: direct.zip,
          isAmadeusDirectOffice: true,
        }),
        entry('PATGR0001'),
        entry('ATHGR0002', {
          agencyName: 'Sleepy Travel',
          address: '2 Fixture Street, Athens',
          zip: '10559',
          active: true,
        }),
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<{ data: OfficeImportReport }>().data;
    expect(report).toMatchObject({
      countryCode: 'gr',
      entries: 5,
      added: ['PATGR0001'],
      directAccessMembers: 1,
    });
    expect(report.rejected.map((refused) => refused.entry)).toEqual([2, 4]);
    expect(report.rejected[0]!.reason).toMatch(/officeId/);
    expect(report.rejected[1]!.reason).toMatch(/listed before \(entry 1\)/);
    expect(report.changed.map((change) => change.officeId).sort()).toEqual(
      [direct.officeId, 'ATHGR0002'].sort(),
    );
    const [marked] = await t.database.db.select().from(agents).where(eq(agents.id, member.id));
    expect(marked?.isAmadeusDirectUser).toBe(true);

    const page = await pageOf(managerGr, 'ATHGR0002');
    expect(page.active).toBe(true);
    expect(page.history[0]).toMatchObject({
      by: 'directory',
      previousActive: false,
      active: true,
      directoryImport: {
        id: report.importId,
        fileName: 'gr-offices.json',
        source: 'console',
        actor: managerGrAccount.email,
      },
    });
    const directPage = await pageOf(admin, direct.officeId);
    expect(directPage.history[0]).toMatchObject({ previousDirect: false, direct: true });
    const [audit] = await t.database.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.action, 'office.import'), eq(auditEntries.target, 'gr-offices.json')),
      );
    expect(audit).toMatchObject({
      countryCode: 'gr',
      after: { added: 1, rejected: 2, importId: report.importId },
    });
  });

  it("keeps a decision maker's choice over the file, and loading the same file again changes nothing", async () => {
    const file = directoryFile('gr', [entry('PATGR0002', { active: false })]);
    expect((await importFile(admin, file)).statusCode).toBe(200);
    await t.database.db
      .update(offices)
      .set({ active: true, activeDecidedAt: new Date(clock) })
      .where(eq(offices.officeId, 'PATGR0002'));
    const again = (await importFile(admin, file)).json<{ data: OfficeImportReport }>().data;
    expect(again).toMatchObject({ added: [], changed: [], unchanged: 1 });
    const changes = await t.database.db
      .select()
      .from(agencyStateChanges)
      .where(eq(agencyStateChanges.officeId, 'PATGR0002'));
    expect(changes).toHaveLength(1);
  });

  it("refuses another country's file (404), support (403), and a file that is no directory (400), changing nothing", async () => {
    const before = await t.database.db.select().from(officeImports);
    expect(
      (await importFile(managerAe, directoryFile('gr', [entry('PATGR0003')]))).statusCode,
    ).toBe(404);
    expect(
      (await importFile(supportGr, directoryFile('gr', [entry('PATGR0003')]))).statusCode,
    ).toBe(403);
    const notJson = await importFile(admin, '{"countryCode": "gr", ');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ data: { file: 'The file is not valid JSON' } });
    expect(
      (await importFile(admin, JSON.stringify({ countryCode: 'GR', offices: [] }))).statusCode,
    ).toBe(400);
    expect(
      (await importFile(admin, JSON.stringify({ countryCode: 'zz', offices: [] }))).statusCode,
    ).toBe(400);
    expect((await post(admin, '/s2c/staff/v1/offices/import', { fileName: 'x' })).statusCode).toBe(
      400,
    );
    expect(await t.database.db.select().from(officeImports)).toEqual(before);
    const [none] = await t.database.db
      .select()
      .from(offices)
      .where(eq(offices.officeId, 'PATGR0003'));
    expect(none).toBeUndefined();
  });

  it("refuses an office ID of another country's directory", async () => {
    const report = (await importFile(admin, directoryFile('ae', [entry('ATHGR0001')]))).json<{
      data: OfficeImportReport;
    }>().data;
    expect(report.rejected).toEqual([
      {
        entry: 1,
        officeId: 'ATHGR0001',
        reason: "the office ID is in another country's directory",
      },
    ]);
    const [office] = await t.database.db
      .select()
      .from(offices)
      .where(eq(offices.officeId, 'ATHGR0001'));
    expect(office?.countryCode).toBe('gr');
  });

  it("tells a manager only 'not in your countries' of an office ID of a country not theirs", async () => {
    const report = (
      await importFile(managerAe, directoryFile('ae', [entry('ATHGR0001'), entry('DXBAE7777')]))
    ).json<{ data: OfficeImportReport }>().data;
    expect(report.rejected).toEqual([
      { entry: 1, officeId: 'ATHGR0001', reason: 'not in your countries' },
    ]);
    expect(JSON.stringify(report)).not.toContain('another country');
    const [office] = await t.database.db
      .select()
      .from(offices)
      .where(eq(offices.officeId, 'ATHGR0001'));
    expect(office?.countryCode).toBe('gr');
  });

  it('answers 413, not 500, for a file over the limit', async () => {
    const response = await importFile(admin, 'x'.repeat(5 * 1024 * 1024 + 10));
    expect(response.statusCode).toBe(413);
  });
});
