import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { BookingImportDetail, BookingImportPage } from '@club/contract/staff-bookings';
import { auditEntries } from '../../../audit/schema.js';
import { createAgent } from '../../../../testing/factories.js';
import {
  bookingRecord,
  jsonLines,
  postQueue,
  queueConfig,
} from '../../../../testing/booking-records.js';
import {
  createStaff,
  staffCall,
  staffLogin,
  type TestStaff,
} from '../../../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../../../testing/test-app.js';
import { dayOf } from '../../calendar-days.js';
import { bookingImports, bookings } from '../../schema.js';
import { importFile } from '../import-cli.js';

let t: TestApp;
let dir: string;
let clock = Date.parse('2030-05-04T09:00:00Z');
let admin: string;
let managerGr: string;
let managerAe: string;
let supportGr: string;
let adminAccount: TestStaff;
let managerGrAccount: TestStaff;

async function login(staff: TestStaff): Promise<string> {
  clock += 30_000;
  return staffLogin(t.app, staff, clock);
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, config: queueConfig() });
  dir = mkdtempSync(join(tmpdir(), 'club-staff-bookings-'));
  const db = t.database.db;
  adminAccount = await createStaff(db, 'admin');
  managerGrAccount = await createStaff(db, 'manager', ['gr']);
  admin = await login(adminAccount);
  managerGr = await login(managerGrAccount);
  managerAe = await login(await createStaff(db, 'manager', ['ae']));
  supportGr = await login(await createStaff(db, 'support', ['gr']));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const upload = (
  token: string,
  body: string,
  fileName = 'queue.jsonl',
  type = 'application/x-ndjson',
) =>
  t.app.inject({
    method: 'POST',
    url: `/s2c/staff/v1/bookings/imports?fileName=${encodeURIComponent(fileName)}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    payload: body,
  });

const uploaded = async (token: string, body: string, fileName?: string) => {
  const response = await upload(token, body, fileName);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: BookingImportDetail }>().data;
};

const historyOf = async (token: string) => {
  const response = await staffCall(t.app, token, 'GET', '/s2c/staff/v1/bookings/imports');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: BookingImportPage }>().data;
};

const aeOffice = 'DXBAE0001';

describe('POST /s2c/staff/v1/bookings/imports', () => {
  it('imports the file and answers the summary and every rejected line with its line number and reason', async () => {
    const member = await createAgent(t.database.db, { officeId: 'ATHGR0001' });
    const result = await uploaded(
      managerGr,
      jsonLines([
        bookingRecord({ pnr: 'UPL001', member: member.number, segments: [{ used: true }] }),
        'not json',
        bookingRecord({ pnr: 'UPL002', member: '999999999' }),
        bookingRecord({ pnr: 'UPL003', remarks: [`RM*AMA${member.number}`] }),
        '',
        '{"pnr":"UPL004"}',
      ]),
      'morning.jsonl',
    );
    expect(result).toMatchObject({
      fileName: 'morning.jsonl',
      actor: managerGrAccount.email,
      source: 'console',
      outcome: 'finished',
      lines: 6,
      accepted: 1,
      rejectedCount: 4,
      // Refused lines (not in the manager's countries) count with the malformed ones.
      summary: { accepted: 1, malformedCount: 3 },
    });
    expect(result.summary.rejected).toMatchObject({
      'unknown-member': 0,
      'remark-without-space': 1,
    });
    expect(result.rejectedLines.map(({ line, pnr, reason }) => ({ line, pnr, reason }))).toEqual([
      { line: 2, pnr: null, reason: 'malformed' },
      // A manager's upload says of a number no one has what it says of another country's member.
      { line: 3, pnr: 'UPL002', reason: 'other-country' },
      { line: 4, pnr: 'UPL003', reason: 'remark-without-space' },
      { line: 6, pnr: null, reason: 'malformed' },
    ]);
    expect(result.rejectedLines[0]!.message).toBe('not valid JSON');
    expect(result.rejectedLines[1]!.message).toBe('not in your countries');
    const [audit] = await t.database.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.action, 'bookings.import'), eq(auditEntries.target, String(result.id))),
      );
    expect(audit).toMatchObject({ actor: managerGrAccount.email, countryCode: 'gr' });
  });

  it("refuses a manager's lines for another country's member, office or booking, storing nothing of them and saying only 'not in your countries', as for a member or office no one has; an admin's go in", async () => {
    const aeMember = await createAgent(t.database.db, {
      countryCode: 'ae',
      languageCode: 'ara',
      officeId: aeOffice,
    });
    const grMember = await createAgent(t.database.db, { officeId: 'ATHGR0001' });
    await uploaded(
      admin,
      jsonLines([bookingRecord({ pnr: 'AEB001', member: aeMember.number, officeId: aeOffice })]),
    );
    const result = await uploaded(
      managerGr,
      jsonLines([
        bookingRecord({ pnr: 'OTH001', member: aeMember.number, officeId: aeOffice }),
        bookingRecord({ pnr: 'OTH002', member: grMember.number, officeId: aeOffice }),
        bookingRecord({ pnr: 'AEB001', member: grMember.number }),
        bookingRecord({ pnr: 'OWN001', member: grMember.number }),
        bookingRecord({ pnr: 'OTH003', member: '999999998' }),
        bookingRecord({ pnr: 'OTH004', member: grMember.number, officeId: 'NOWHERE01' }),
      ]),
    );
    expect(result.accepted).toBe(1);
    // The same answer whether the member, office or PNR is another country's or no one's.
    expect(result.rejectedLines).toEqual(
      [
        [1, 'OTH001'],
        [2, 'OTH002'],
        [3, 'AEB001'],
        [5, 'OTH003'],
        [6, 'OTH004'],
      ].map(([line, pnr]) => ({
        line,
        pnr,
        reason: 'other-country',
        message: 'not in your countries',
      })),
    );
    const answer = JSON.stringify(result);
    for (const foreign of [aeMember.number, aeOffice, 'another country']) {
      expect(answer).not.toContain(foreign);
    }
    const stored = await t.database.db.select().from(bookings).where(eq(bookings.pnr, 'AEB001'));
    expect(stored[0]?.agentId).toBe(aeMember.id);
    expect(await t.database.db.select().from(bookings).where(eq(bookings.pnr, 'OTH001'))).toEqual(
      [],
    );
  });

  it('refuses support (403), another content type (415) and a file over the limit (413), importing nothing', async () => {
    const before = (await historyOf(admin)).total;
    const line = jsonLines([bookingRecord({ pnr: 'REF001', member: '1' })]);
    expect((await upload(supportGr, line)).statusCode).toBe(403);
    expect((await upload(managerGr, line, 'x.jsonl', 'text/plain')).statusCode).toBe(415);
    const tooLarge = await upload(admin, 'x'.repeat(10 * 1024 * 1024 + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await upload(admin, line, 'x'.repeat(201))).statusCode).toBe(400);
    expect((await historyOf(admin)).total).toBe(before);
    expect(await t.database.db.select().from(bookings).where(eq(bookings.pnr, 'REF001'))).toEqual(
      [],
    );
  });
});

describe('the import history', () => {
  it('holds the uploads, the import command and the queue, each with who made it', async () => {
    const member = await createAgent(t.database.db, { officeId: 'ATHGR0001' });
    const fromConsole = await uploaded(
      admin,
      jsonLines([bookingRecord({ pnr: 'HIS001', member: member.number })]),
      'console.jsonl',
    );
    const path = join(dir, 'command.jsonl');
    writeFileSync(
      path,
      jsonLines([bookingRecord({ pnr: 'HIS002', member: member.number }), 'nope']),
    );
    const code = await importFile(
      t.database.db,
      path,
      {
        today: dayOf(clock),
        actor: { staffId: null, label: 'command-line (tester)' },
        now: () => clock,
      },
      { out: () => undefined, error: () => undefined },
    );
    expect(code).toBe(0);
    expect(
      (await postQueue(t.app, jsonLines([bookingRecord({ pnr: 'HIS003', member: member.number })])))
        .statusCode,
    ).toBe(200);

    const history = await historyOf(admin);
    const [queue, command, consoleUpload] = history.items;
    expect(queue).toMatchObject({ source: 'booking-queue', actor: 'booking-queue', accepted: 1 });
    expect(command).toMatchObject({
      source: 'command-line',
      actor: 'command-line (tester)',
      fileName: 'command.jsonl',
      accepted: 1,
      rejectedCount: 1,
    });
    expect(consoleUpload).toMatchObject({
      id: fromConsole.id,
      source: 'console',
      actor: adminAccount.email,
      fileName: 'console.jsonl',
    });

    const detail = await staffCall(
      t.app,
      admin,
      'GET',
      `/s2c/staff/v1/bookings/imports/${command!.id}`,
    );
    expect(detail.json()).toMatchObject({
      data: { rejectedLines: [{ line: 2, reason: 'malformed', message: 'not valid JSON' }] },
    });
    const audits = await t.database.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.action, 'bookings.import'),
          eq(auditEntries.target, String(command!.id)),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actor).toBe('command-line (tester)');
  });

  it('audits a queue import like an upload, with the queue as the actor, beside its history row', async () => {
    const member = await createAgent(t.database.db, { officeId: 'ATHGR0001' });
    const answer = await postQueue(
      t.app,
      jsonLines([bookingRecord({ pnr: 'HIS004', member: member.number }), 'nope']),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const [queued] = (await historyOf(admin)).items;
    expect(queued).toMatchObject({ source: 'booking-queue', accepted: 1, rejectedCount: 1 });
    const audits = await t.database.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.action, 'bookings.import'),
          eq(auditEntries.target, String(queued!.id)),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor: 'booking-queue',
      staffId: null,
      targetType: 'booking-import',
      countryCode: null,
      after: { id: queued!.id, source: 'booking-queue', accepted: 1, rejectedCount: 1 },
    });
  });

  it('records a failed import as failed, and the command still exits 1 with its message', async () => {
    const errors: string[] = [];
    const code = await importFile(
      t.database.db,
      join(dir, 'missing.jsonl'),
      { today: dayOf(clock), now: () => clock },
      { out: () => undefined, error: (line) => errors.push(line) },
    );
    expect(code).toBe(1);
    expect(errors[0]).toMatch(/^Import stopped after line 0: .*ENOENT/);
    const [latest] = (await historyOf(admin)).items;
    expect(latest).toMatchObject({ fileName: 'missing.jsonl', outcome: 'failed', lines: 0 });
  });

  it("shows a manager the uploads of their countries only, and 404 for another's", async () => {
    const own = await uploaded(managerGr, jsonLines(['x']));
    const ofAdmin = await uploaded(admin, jsonLines(['y']));
    const mine = await historyOf(managerGr);
    expect(mine.items.map((item) => item.id)).toContain(own.id);
    expect(mine.items.map((item) => item.id)).not.toContain(ofAdmin.id);
    expect((await historyOf(managerAe)).items.map((item) => item.id)).not.toContain(own.id);
    expect(
      (await staffCall(t.app, managerAe, 'GET', `/s2c/staff/v1/bookings/imports/${own.id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await staffCall(t.app, supportGr, 'GET', `/s2c/staff/v1/bookings/imports/${own.id}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await staffCall(t.app, admin, 'GET', '/s2c/staff/v1/bookings/imports/abc')).statusCode,
    ).toBe(400);
    expect(
      (await staffCall(t.app, admin, 'GET', '/s2c/staff/v1/bookings/imports/99999')).statusCode,
    ).toBe(404);
  });
});

describe('the same file through the upload and the command', () => {
  it('gives the same summary', async () => {
    const other = await createTestApp({ now: () => clock });
    try {
      const records = (number: string) =>
        jsonLines([
          bookingRecord({
            pnr: 'SAME01',
            member: number,
            segments: [{ used: true }, { id: '2', kind: 'hotel', status: 'HX' }],
          }),
          '{"pnr": 1}',
          bookingRecord({ pnr: 'SAME02', member: number, officeId: 'NOWHERE1' }),
          bookingRecord({ pnr: 'SAME03', member: number, segments: [] }),
          bookingRecord({ pnr: 'SAME01', member: number, segments: [{ used: true }] }),
        ]);
      const here = await createAgent(t.database.db, { officeId: 'ATHGR0001', number: '8800001' });
      const there = await createAgent(other.database.db, {
        officeId: 'ATHGR0001',
        number: '8800001',
      });
      const path = join(dir, 'same.jsonl');
      writeFileSync(path, records(there.number));
      const printed: string[] = [];
      await importFile(
        other.database.db,
        path,
        { today: dayOf(clock) },
        { out: (line) => printed.push(line), error: () => undefined },
      );
      const [commandImport] = await other.database.db
        .select({ summary: bookingImports.summary })
        .from(bookingImports)
        .orderBy(desc(bookingImports.id))
        .limit(1);
      const result = await uploaded(admin, records(here.number));
      expect(result.summary).toEqual(commandImport!.summary);
      expect(result.summary).toMatchObject({ accepted: 2, updated: 1, malformedCount: 1 });
      expect(printed).toContain('Accepted: 2');
    } finally {
      await other.close();
    }
  });
});
