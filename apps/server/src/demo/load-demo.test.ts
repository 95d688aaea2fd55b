import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { repositoryRoot } from '../config.js';
import { acceptedCurrentTerms, Members } from '../modules/agents/members.js';
import { agents, directAccessChanges } from '../modules/agents/schema.js';
import { loadContent } from '../modules/content/load-content.js';
import { loadOffices } from '../modules/offices/load-offices.js';
import { statusReport } from '../modules/points/status-report.js';
import { bookings, pointEntries } from '../modules/points/schema.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { loadDemo, shiftDates } from './load-demo.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const demoContent = join(repositoryRoot, 'content');

describe('shiftDates', () => {
  it('moves every date of a line by the days since the demo was written', () => {
    expect(shiftDates('{"createdOn":"2026-11-22","x":"2026-11-22T10:00","n":"20261122"}', 40)).toBe(
      '{"createdOn":"2027-01-01","x":"2026-11-22T10:00","n":"20261122"}',
    );
    expect(shiftDates('{"d":"2026-11-22"}', 0)).toBe('{"d":"2026-11-22"}');
  });
});

describe('the demo members, bookings and points', () => {
  it('load into an empty database, and give the first member points of every kind', async () => {
    await loadContent(database.db, demoContent);
    await loadOffices(database.db, demoContent);
    const options = { today: '2026-11-22' };
    expect(await loadDemo(database.db, demoContent, options)).toEqual({
      members: 6,
      bookings: 8,
      // With the Emirati member's moved balance, which lapses within 12 months too.
      points: 7,
    });
    const [eleni] = await database.db.select().from(agents).where(eq(agents.number, '9000001'));
    expect(await statusReport(database.db, eleni!.id, '2026-11-22', false)).toMatchObject({
      totalSegmentsPD: 3,
      totalSegmentsOk: 5,
      regular: 35,
      additional: 540,
      available: 575,
    });
    const rejected = await database.db
      .select({ pnr: bookings.pnr, reason: bookings.reason })
      .from(bookings)
      .where(eq(bookings.state, 'rejected'))
      .orderBy(bookings.pnr);
    expect(rejected).toEqual([
      { pnr: 'DEMO04', reason: 'remark-without-space' },
      { pnr: 'DEMO05', reason: 'office-other-country' },
      { pnr: 'DEMO06', reason: 'all-segments-cancelled' },
    ]);
    // The moved balance lapses 20 January, within the next 12 months.
    const [moved] = await database.db
      .select()
      .from(pointEntries)
      .where(eq(pointEntries.description, 'Points moved from the previous programme'));
    expect(moved?.expiresOn).toBe('2027-01-20');
    // One member accepted earlier terms than Greece publishes; one is a direct-access user.
    const [nikos] = await database.db.select().from(agents).where(eq(agents.number, '9000005'));
    expect(nikos).toMatchObject({ countryCode: 'gr', acceptedTermsVersion: '1' });
    expect(acceptedCurrentTerms((await new Members(database.db).byId(nikos!.id))!)).toBe(false);
    expect(acceptedCurrentTerms((await new Members(database.db).byId(eleni!.id))!)).toBe(true);
    const [omar] = await database.db.select().from(agents).where(eq(agents.number, '9000006'));
    expect(omar?.isAmadeusDirectUser).toBe(true);
    expect(
      await database.db
        .select({ reason: directAccessChanges.reason, officeId: directAccessChanges.officeId })
        .from(directAccessChanges)
        .where(eq(directAccessChanges.agentId, omar!.id)),
    ).toEqual([{ reason: 'office-direct-sales', officeId: 'DXBAE2190' }]);
    // Loading again changes nothing.
    await loadDemo(database.db, demoContent, options);
    expect((await statusReport(database.db, eleni!.id, '2026-11-22', false)).available).toBe(575);
  });
});
