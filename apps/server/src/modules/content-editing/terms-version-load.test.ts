import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentLoadCommand } from '../../staff-commands/content-load-cli.js';
import { createStaff, staffCall, staffLogin, type TestStaff } from '../../testing/staff-helpers.js';
import { createTestApp, fixtureContentDir, type TestApp } from '../../testing/test-app.js';
import type { AuditActor } from '../audit/audit-log.js';
import { auditEntries } from '../audit/schema.js';
import { contentStaffEdits, countries } from '../content/schema.js';
import { importContent } from './content-import.js';

/**
 * A terms version staff set in the console is a staff edit of the content
 * (`gr/terms-version`): content:load keeps it while the files give another,
 * takes the files' only when told, and every change it makes to a country's
 * terms version is in the audit log.
 */
let t: TestApp;
let manager: TestStaff;
let token = '';
const clock = Date.parse('2031-05-01T10:00:00Z');
const cli: AuditActor = { staffId: null, label: 'command-line (tester)' };
const root = mkdtempSync(join(tmpdir(), 'club-terms-'));

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  manager = await createStaff(t.database.db, 'manager', ['gr']);
  token = await staffLogin(t.app, manager, clock);
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

/** The fixture content with Greece's `termsVersion` set (absent: the fixture's default, "1"). */
function contentWithTerms(version: string | undefined): string {
  const dir = mkdtempSync(join(root, 'content-'));
  cpSync(fixtureContentDir, dir, { recursive: true });
  if (version !== undefined) {
    const path = join(dir, 'countries/gr/country.json');
    const file = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    writeFileSync(path, JSON.stringify({ ...file, termsVersion: version }));
  }
  return dir;
}

const greekTerms = async () =>
  (
    await t.database.db
      .select({ termsVersion: countries.termsVersion })
      .from(countries)
      .where(eq(countries.code, 'gr'))
  )[0]!.termsVersion;

const staffEdit = () =>
  t.database.db
    .select()
    .from(contentStaffEdits)
    .where(
      and(eq(contentStaffEdits.countryCode, 'gr'), eq(contentStaffEdits.path, 'gr/terms-version')),
    );

const termsAudits = () =>
  t.database.db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.action, 'country.terms-version-from-files'))
    .orderBy(auditEntries.id);

async function setByStaff(version: string): Promise<void> {
  const response = await staffCall(t.app, token, 'POST', '/s2c/staff/v1/terms/gr', {
    version,
    reason: 'New privacy clause',
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe("content:load and a country's terms version", () => {
  it('keeps the version staff set while the files give another, and says so', async () => {
    await setByStaff('2');
    expect(await staffEdit()).toMatchObject([{ changedBy: manager.email }]);

    const summary = await importContent(t.database.db, contentWithTerms(undefined), cli);
    expect(await greekTerms()).toBe('2');
    expect(summary.kept).toContainEqual({
      path: 'gr/terms-version',
      database: '2',
      file: '1',
      changedBy: manager.email,
      changedAt: expect.any(Date) as Date,
    });
    expect(summary.changed).not.toContain('gr/terms-version');
    expect(await termsAudits()).toEqual([]);
  });

  it("takes the files' version only when told, and audits the change", async () => {
    const summary = await importContent(t.database.db, contentWithTerms(undefined), cli, [
      'gr/terms-version',
    ]);
    expect(await greekTerms()).toBe('1');
    expect(summary.taken).toEqual(['gr/terms-version']);
    expect(await staffEdit()).toEqual([]);
    expect(await termsAudits()).toMatchObject([
      {
        actor: cli.label,
        targetType: 'country',
        target: 'gr',
        countryCode: 'gr',
        reason: expect.stringMatching(/take-file/) as string,
        before: { termsVersion: '2' },
        after: { termsVersion: '1' },
      },
    ]);

    // The files own it again: the same files change nothing, a new version is audited.
    await importContent(t.database.db, contentWithTerms(undefined), cli);
    expect(await termsAudits()).toHaveLength(1);
    await importContent(t.database.db, contentWithTerms('3'), cli);
    expect(await greekTerms()).toBe('3');
    expect((await termsAudits()).at(-1)).toMatchObject({
      before: { termsVersion: '1' },
      after: { termsVersion: '3' },
    });
  });

  it("gives the version back to the files once they give the staff's", async () => {
    await setByStaff('4');
    const settled = await importContent(t.database.db, contentWithTerms('4'), cli);
    expect(settled.kept.map((difference) => difference.path)).not.toContain('gr/terms-version');
    expect(await staffEdit()).toEqual([]);
    const audits = (await termsAudits()).length;
    await importContent(t.database.db, contentWithTerms('5'), cli);
    expect(await greekTerms()).toBe('5');
    expect(await termsAudits()).toHaveLength(audits + 1);
  });

  it('takes `--take-file=gr/terms-version` on the command line', () => {
    const errors: string[] = [];
    const output = { out: () => undefined, error: (line: string) => errors.push(line) };
    expect(typeof contentLoadCommand.prepare(['--take-file=gr/terms-version'], '.', output)).toBe(
      'function',
    );
    expect(contentLoadCommand.prepare(['--take-file=gr/terms'], '.', output)).toBe(2);
    expect(errors).toHaveLength(1);
  });
});
