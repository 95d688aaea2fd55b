import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { openDatabase } from './client.js';
import { migrationsFolder } from './migrate.js';
import { createEmptyServerDatabase, serverUrl } from '../testing/test-database.js';

type Database = Awaited<ReturnType<typeof openDatabase>>['db'];

/** Raw rows: both drivers answer `{ rows }`, which the common database type leaves unknown. */
async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

async function tableNames(db: Database): Promise<string[]> {
  const result = await rows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return result.map((row) => row.table_name);
}

describe('migrations', () => {
  it('apply to an empty embedded database, and a second run finds nothing to do', async () => {
    const database = await openDatabase({});
    try {
      await database.migrate();
      await database.migrate();
      expect(await tableNames(database.db)).toEqual(
        expect.arrayContaining([
          'countries',
          'country_languages',
          'pages',
          'faq_items',
          'texts',
          'content_version',
        ]),
      );
    } finally {
      await database.close();
    }
  });

  it.runIf(serverUrl !== undefined)(
    'run from several processes at once on one PostgreSQL without error',
    async () => {
      const empty = await createEmptyServerDatabase();
      const handles = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: empty.url })),
      );
      try {
        await Promise.all(handles.map((handle) => handle.migrate()));
        const first = handles[0];
        if (first === undefined) throw new Error('no database');
        expect(await tableNames(first.db)).toContain('countries');
        const applied = await rows<{ n: string }>(
          first.db,
          sql`select count(*) as n from drizzle.__drizzle_migrations`,
        );
        expect(Number(applied[0]?.n)).toBeGreaterThan(0);
      } finally {
        await Promise.all(handles.map((handle) => handle.close()));
        await empty.drop();
      }
    },
  );
});

/** A copy of the migrations that stops before `tag`: a database as an older release left it. */
function migrationsBefore(tag: string): { folder: string; remove(): void } {
  const folder = mkdtempSync(join(tmpdir(), 'club-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const end = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(end).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, end);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

describe('the migration that gives an office its decided state (0007)', () => {
  it("dates an office's decision by its latest opt-in or opt-out, and leaves the others to the file", async () => {
    const client = new PGlite();
    const db = drizzle({ client });
    const older = migrationsBefore('0007_office-decided-at');
    try {
      await migrate(db, { migrationsFolder: older.folder });
      await db.execute(sql`
        insert into offices (office_id, country_code, agency_name, address, zip, active)
        values ('ATHGR0001', 'gr', 'Decided', 'A', '1', false), ('ATHGR0002', 'gr', 'Undecided', 'B', '2', true)`);
      await db.execute(sql`
        insert into agency_links (id, token_hash, office_id, purpose, created_at, expires_at, used_at)
        values ('in', 'h1', 'ATHGR0001', 'opt-in', now(), now(), now()),
               ('out', 'h2', 'ATHGR0001', 'opt-out', now(), now(), now())`);
      await db.execute(sql`
        insert into agency_state_changes
          (office_id, previous_active, active, first_name, last_name, email, link_id, changed_at)
        values ('ATHGR0001', false, true, 'M', 'M', 'm@example.com', 'in', '2030-03-01T09:00:00Z'),
               ('ATHGR0001', true, false, 'M', 'M', 'm@example.com', 'out', '2030-03-02T09:00:00Z')`);

      await migrate(db, { migrationsFolder });
      const offices = await db.execute<{ office_id: string; decided: string | null }>(
        sql`select office_id, to_char(active_decided_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as decided
            from offices order by office_id`,
      );
      expect(offices.rows).toEqual([
        { office_id: 'ATHGR0001', decided: '2030-03-02 09:00' },
        { office_id: 'ATHGR0002', decided: null },
      ]);
    } finally {
      older.remove();
      await client.close();
    }
  });
});

describe('the migration that makes staff-set terms versions staff edits (0029)', () => {
  it('records a staff edit for a country whose version staff set, and none where the files set it since', async () => {
    const client = new PGlite();
    const db = drizzle({ client });
    const older = migrationsBefore('0029_staff-set-terms-versions-are-staff-edits');
    try {
      await migrate(db, { migrationsFolder: older.folder });
      await db.execute(sql`
        insert into countries (code, name, default_language_code, terms_version)
        values ('gr', 'Greece', 'ell', '2'), ('at', 'Austria', 'deu', '5'), ('cy', 'Cyprus', 'ell', '1')`);
      await db.execute(sql`
        insert into terms_version_changes
          (country_code, previous_version, terms_version, actor, reason, changed_at)
        values ('gr', '1', '2', 'manager.gr@example.com', 'New clause', '2030-03-01T09:00:00Z'),
               ('at', '1', '4', 'manager.at@example.com', 'New clause', '2030-03-01T09:00:00Z')`);

      await migrate(db, { migrationsFolder });
      const edits = await db.execute<{ country_code: string; path: string; changed_by: string }>(
        sql`select country_code, path, changed_by from content_staff_edits order by country_code`,
      );
      expect(edits.rows).toEqual([
        { country_code: 'gr', path: 'gr/terms-version', changed_by: 'manager.gr@example.com' },
      ]);
    } finally {
      older.remove();
      await client.close();
    }
  });
});

describe('the migration that keys the ledger descriptions (0034)', () => {
  it('turns the English forms the club wrote into keys with parameters, and leaves free text as text', async () => {
    const client = new PGlite();
    const db = drizzle({ client });
    const older = migrationsBefore('0034_ledger-descriptions-as-keys');
    try {
      await migrate(db, { migrationsFolder: older.folder });
      // The rows alone: the members and orders they name do not matter here.
      await db.execute(sql`set session_replication_role = replica`);
      await db.execute(sql`
        insert into gift_order_lines (order_id, gift_id, quantity, points, description)
        values (4, 12, 1, 100, 'Suitcase'), (4, 11, 2, 10, 'Mug')`);
      await db.execute(sql`
        insert into point_entries (agent_id, kind, amount, entry_date, description, order_id)
        values (1, 'additional', 500, '2026-01-01', 'Welcome bonus', null),
               (1, 'additional', 40, '2026-01-01', 'Points moved from the previous programme', null),
               (1, 'segment', 10, '2026-01-02', 'PNR ABC123 rail 2025-12-30', null),
               (1, 'reversal', -10, '2026-01-03', 'PNR ABC123 rail 2025-12-30: cancelled', null),
               (1, 'reversal', -5, '2026-01-03', 'PNR XYZ999 air 2025-12-01: booking rejected (inactive-office)', null),
               (1, 'reversal', -5, '2026-01-03', 'PNR XYZ998 air 2025-12-01: the remark names another member', null),
               (1, 'reversal', -5, '2026-01-03', 'PNR XYZ997 car 2025-12-01: no longer in the booking', null),
               (1, 'order', -120, '2026-01-04', 'Order 4: 1 × Suitcase, 2 × Mug', 4),
               (1, 'refund', 120, '2026-01-05', 'Order 4 failed: Unknown gift', 4),
               (1, 'expiry', -3, '2026-01-06', 'Credited 2023-01-06', null),
               (1, 'additional', 9, '2026-01-07', 'Sorry for the delay (PNR ABC123 rail 2025-12-30)', null)`);
      await db.execute(sql`set session_replication_role = origin`);

      await migrate(db, { migrationsFolder });
      const entries = await db.execute<{ description: string; keyed_description: unknown }>(
        sql`select description, keyed_description from point_entries order by id`,
      );
      expect(entries.rows.map((row) => row.keyed_description)).toEqual([
        { key: 'welcomeBonus', params: {} },
        { key: 'movedPoints', params: {} },
        { key: 'segmentCredit', params: { pnr: 'ABC123', kind: 'rail', date: '2025-12-30' } },
        { key: 'segmentCancelled', params: { pnr: 'ABC123', kind: 'rail', date: '2025-12-30' } },
        {
          key: 'segmentRejected',
          params: { pnr: 'XYZ999', kind: 'air', date: '2025-12-01', reason: 'inactive-office' },
        },
        { key: 'segmentOtherMember', params: { pnr: 'XYZ998', kind: 'air', date: '2025-12-01' } },
        { key: 'segmentGone', params: { pnr: 'XYZ997', kind: 'car', date: '2025-12-01' } },
        {
          key: 'order',
          params: {
            orderId: 4,
            gifts: [
              { id: 11, quantity: 2, name: 'Mug' },
              { id: 12, quantity: 1, name: 'Suitcase' },
            ],
          },
        },
        { key: 'orderRefund', params: { orderId: 4 } },
        { key: 'pointsLapsed', params: { date: '2023-01-06' } },
        // Staff's own words stay as they wrote them.
        null,
      ]);
      expect(entries.rows.at(-1)?.description).toBe(
        'Sorry for the delay (PNR ABC123 rail 2025-12-30)',
      );
    } finally {
      older.remove();
      await client.close();
    }
  });
});

describe('the migration that splits earned points by source (0036)', () => {
  it('sums the month summaries again from the ledger, earned points by bookings, campaigns, claims and staff', async () => {
    const client = new PGlite();
    const db = drizzle({ client });
    const older = migrationsBefore('0036_earned-by-source');
    try {
      await migrate(db, { migrationsFolder: older.folder });
      // The rows alone: offices, bookings and orders they name do not matter here.
      await db.execute(sql`set session_replication_role = replica`);
      await db.execute(sql`
        insert into agents (id, country_code, language_code, office_id, status, title, first_name, last_name, email, password_hash)
        overriding system value
        values (1, 'gr', 'ell', 'ATHGR0001', 'active', 'Ms', 'A', 'A', 'a@example.com', 'x')`);
      await db.execute(sql`
        insert into earning_rules (id, country_code, kind, name, segment_types, points, multiplier_tenths, from_date, created_by)
        overriding system value
        values (1, 'gr', 'base', 'Base hotel', '{hotel}', 10, null, '1900-01-01', 'test'),
               (2, 'gr', 'campaign', 'Double hotels', '{hotel}', null, 20, '2030-03-01', 'test'),
               (3, 'gr', 'campaign', 'Cars +50', '{car}', 50, null, '2030-03-01', 'test'),
               (4, 'gr', 'base', 'Base car', '{car}', 10, null, '1900-01-01', 'test')`);
      await db.execute(sql`
        insert into booking_segments (id, booking_id, segment_id, kind, source_status, status, service_date, points, credited_on, credited_agent_id, earning_rule_ids)
        overriding system value
        values (1, 1, 'H', 'hotel', 'HK', 'OK', '2030-03-05', 20, '2030-03-10', 1, '{1,2}'),
               (2, 1, 'C', 'car', 'HK', 'OK', '2030-03-05', 60, '2030-03-10', 1, '{4,3}'),
               (3, 1, 'A', 'air', 'HK', 'OK', '2030-03-05', 5, '2030-03-10', 1, '{}'),
               (4, 1, 'X', 'hotel', 'XX', 'XX', '2030-03-05', 0, null, null, '{}')`);
      await db.execute(sql`
        insert into point_entries (id, agent_id, kind, amount, entry_date, segment_row_id, order_id)
        overriding system value
        values (1, 1, 'segment', 20, '2030-03-10', 1, null),
               (2, 1, 'segment', 60, '2030-03-10', 2, null),
               (3, 1, 'segment', 5, '2030-03-10', 3, null),
               (4, 1, 'segment', 20, '2030-02-10', 4, null),
               (5, 1, 'reversal', -20, '2030-03-11', 4, null),
               (6, 1, 'additional', 30, '2030-03-12', null, null),
               (7, 1, 'additional', 40, '2030-03-12', null, null),
               (8, 1, 'additional', -15, '2030-03-13', null, null),
               (9, 1, 'order', -25, '2030-03-14', null, 1)`);
      await db.execute(sql`
        insert into missing_points_claims (agent_id, country_code, pnr, travel_date, state, entry_id, filed_at)
        values (1, 'gr', 'CLAIM1', '2030-03-01', 'approved', 6, now())`);
      await db.execute(sql`
        insert into point_month_totals (country_code, month, kind, shard, points)
        values ('gr', '2030-03-01', 'segment', 3, 85), ('gr', '2030-02-01', 'segment', 3, 20)`);
      await db.execute(sql`set session_replication_role = origin`);

      await migrate(db, { migrationsFolder });
      const totals = await db.execute<{
        month: string;
        kind: string;
        source: string;
        points: string;
      }>(
        sql`select to_char(month, 'YYYY-MM') as month, kind, source, sum(points)::text as points
            from point_month_totals group by 1, 2, 3 order by 1, 2, 3`,
      );
      expect(totals.rows).toEqual([
        // A credit reversed since counts as bookings, as its reversal does.
        { month: '2030-02', kind: 'segment', source: 'booking', points: '20' },
        { month: '2030-03', kind: 'additional', source: 'claim', points: '30' },
        { month: '2030-03', kind: 'additional', source: 'staff', points: '25' },
        { month: '2030-03', kind: 'order', source: '', points: '-25' },
        { month: '2030-03', kind: 'reversal', source: 'booking', points: '-20' },
        // Hotel 10 × 2, car 10 + 50, air 5 (no rules recorded: the base).
        { month: '2030-03', kind: 'segment', source: 'booking', points: '25' },
        { month: '2030-03', kind: 'segment', source: 'campaign', points: '60' },
      ]);
      // The member earned in February and in March.
      const active = await db.execute<{ month: string; agent_id: number }>(
        sql`select to_char(month, 'YYYY-MM') as month, agent_id from member_active_months order by 1`,
      );
      expect(active.rows).toEqual([
        { month: '2030-02', agent_id: 1 },
        { month: '2030-03', agent_id: 1 },
      ]);
    } finally {
      older.remove();
      await client.close();
    }
  });
});
