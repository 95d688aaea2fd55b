import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { repositoryRoot } from '../../config.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { fixtureContentDir } from '../../testing/test-app.js';
import { ContentFileError } from '../content/read-content-folder.js';
import { loadOffices } from './load-offices.js';
import { offices } from './schema.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

function contentWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'club-offices-'));
  cpSync(fixtureContentDir, dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'offices', name), text);
  return dir;
}

describe('loading the offices directory', () => {
  it('loads every office, and loading again changes nothing', async () => {
    const first = await loadOffices(database.db, fixtureContentDir);
    expect(first).toEqual({ countries: ['ae', 'gr'], offices: 5, directAccessMembers: 0 });
    const before = await database.db.select().from(offices).orderBy(offices.officeId);
    await loadOffices(database.db, fixtureContentDir);
    expect(await database.db.select().from(offices).orderBy(offices.officeId)).toEqual(before);
    expect(before.find((office) => office.officeId === 'ATHGR0009')).toMatchObject({
      countryCode: 'gr',
      isAmadeusDirectOffice: true,
      decisionMakerEmail: 'manager.athgr0009@fixture.example',
    });
  });

  it('updates changed offices and keeps the ones no longer in the files', async () => {
    const dir = contentWith({
      'gr.json': JSON.stringify({
        countryCode: 'gr',
        offices: [
          {
            officeId: 'ATHGR0002',
            agencyName: 'Awake Travel',
            address: 'A',
            zip: '1',
            active: true,
          },
        ],
      }),
    });
    try {
      await loadOffices(database.db, dir);
      const [office] = await database.db
        .select()
        .from(offices)
        .where(eq(offices.officeId, 'ATHGR0002'));
      expect(office).toMatchObject({ agencyName: 'Awake Travel', active: true });
      const [kept] = await database.db
        .select()
        .from(offices)
        .where(eq(offices.officeId, 'ATHGR0001'));
      expect(kept).toBeDefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps a decision maker's opt-in or opt-out over the file's starting state", async () => {
    await loadOffices(database.db, fixtureContentDir);
    // What the agencies module records when a decision maker opts in or out (agencies.test.ts).
    const decide = (officeId: string, active: boolean) =>
      database.db
        .update(offices)
        .set({ active, activeDecidedAt: new Date() })
        .where(eq(offices.officeId, officeId));
    await decide('ATHGR0002', true);
    await decide('ATHGR0009', false);
    await loadOffices(database.db, fixtureContentDir);
    const active = async (officeId: string) =>
      (await database.db.select().from(offices).where(eq(offices.officeId, officeId)))[0]?.active;
    expect(await active('ATHGR0002')).toBe(true);
    expect(await active('ATHGR0009')).toBe(false);
    // Offices nobody opted in or out follow the file.
    await database.db
      .update(offices)
      .set({ active: false })
      .where(eq(offices.officeId, 'ATHGR0001'));
    await loadOffices(database.db, fixtureContentDir);
    expect(await active('ATHGR0001')).toBe(true);
  });

  it.each([
    [
      'a lower-case office ID',
      {
        countryCode: 'gr',
        offices: [{ officeId: 'athgr1', agencyName: 'A', address: 'A', zip: '', active: true }],
      },
      /offices\/gr\.json: offices\.0\.officeId: /,
    ],
    [
      'a file named for another country',
      { countryCode: 'at', offices: [] },
      /offices\/gr\.json: countryCode: "at" does not match/,
    ],
    [
      'an unknown field',
      { countryCode: 'gr', offices: [], extra: 1 },
      /offices\/gr\.json: \(file\): Unrecognized key/,
    ],
    [
      'an office of another file',
      {
        countryCode: 'gr',
        offices: [{ officeId: 'DXBAE0001', agencyName: 'A', address: 'A', zip: '', active: true }],
      },
      /office DXBAE0001 is also in/,
    ],
  ])('refuses %s, naming the file and field', async (_name, file, message) => {
    const dir = contentWith({ 'gr.json': JSON.stringify(file) });
    try {
      const error = await loadOffices(database.db, dir).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ContentFileError);
      expect((error as Error).message).toMatch(message);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const demoContent = join(repositoryRoot, 'content');
  it('loads the demo offices: active, inactive and direct-sales ones in every demo country', async () => {
    const fresh = await createTestDatabase();
    try {
      await checkDemoOffices(fresh);
    } finally {
      await fresh.dispose();
    }
  });

  async function checkDemoOffices(fresh: TestDatabase): Promise<void> {
    const summary = await loadOffices(fresh.db, demoContent);
    expect(summary.countries).toEqual(['ae', 'at', 'cy', 'gr']);
    const rows = await fresh.db.select().from(offices);
    for (const country of summary.countries) {
      const own = rows.filter((office) => office.countryCode === country);
      expect(
        own.some((office) => office.active && !office.isAmadeusDirectOffice),
        country,
      ).toBe(true);
      expect(
        own.some((office) => !office.active),
        country,
      ).toBe(true);
      expect(
        own.some((office) => office.isAmadeusDirectOffice),
        country,
      ).toBe(true);
      expect(own.every((office) => office.decisionMakerEmail?.endsWith('@example.com'))).toBe(true);
    }
  }
});
