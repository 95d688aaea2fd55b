/**
 * Booking-queue import throughput: segments per second of `importBookings`
 * (the function behind `npm run bookings:import` and the queue call) on a
 * generated file of 2,000 bookings × 3 segments for 200 members (OK,
 * pending and cancelled segments mixed), against a raw multi-row INSERT of
 * the very rows the import wrote into scratch copies of the tables, in
 * batches of the same size, on the same database in the same run (target:
 * ratio >= 0.95, issue 19). Beside it, the same insert into copies that have
 * the real tables' foreign keys too: what checking them costs. The embedded
 * database in a temporary folder, or the PostgreSQL database of
 * BENCH_DATABASE_URL (what this run adds there is removed again).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, getTableName, inArray, like, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  integer,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { agents } from '../apps/server/src/modules/agents/schema.ts';
import { loadOffices } from '../apps/server/src/modules/offices/load-offices.ts';
import { addDays } from '../apps/server/src/modules/points/calendar-days.ts';
import {
  DEFAULT_BATCH_SIZE,
  importBookings,
} from '../apps/server/src/modules/points/bookings/import-bookings.ts';
import {
  bookings,
  bookingSegments,
  pointAllocations,
  pointEntries,
} from '../apps/server/src/modules/points/schema.ts';
import { parseBookingLine } from '../apps/server/src/modules/points/bookings/booking-record.ts';
import { earningRules } from '../apps/server/src/modules/earning-rules/schema.ts';
import { median } from './lib.ts';

const BOOKINGS = 2_000;
const SEGMENTS_PER_BOOKING = 3;
const MEMBERS = 200;
const OFFICE = 'ATHGR2101';
const today = '2026-11-10';

/**
 * The rules in force (issue 31 §2: the figure holds with ten active
 * campaigns): the base rules of `gr` and ten campaigns over the file's dates,
 * multipliers and fixed bonuses by travel and by booking date.
 */
function benchRules(run: string) {
  const kinds = ['air', 'hotel', 'car', 'rail'] as const;
  const base = kinds.map((kind) => ({
    countryCode: 'gr',
    kind: 'base' as const,
    name: `bench-${run} base ${kind}`,
    segmentTypes: [kind],
    points: kind === 'air' ? 5 : 10,
    fromDate: '2000-01-01',
    createdBy: 'bench',
  }));
  const campaigns = Array.from({ length: 10 }, (_, index) => ({
    countryCode: 'gr',
    kind: 'campaign' as const,
    name: `bench-${run} campaign ${index}`,
    memberNames: { eng: `Campaign ${index}` },
    segmentTypes: [kinds[index % 4]!, kinds[(index + 1) % 4]!],
    ...(index % 2 === 0 ? { multiplierTenths: 15 + index } : { points: 5 + index }),
    fromDate: '2026-01-01',
    toDate: '2027-12-31',
    basis: index % 3 === 0 ? ('booking' as const) : ('travel' as const),
    createdBy: 'bench',
  }));
  return [...base, ...campaigns];
}

/**
 * Scratch copies of the four tables the import writes rows to
 * (`create table … (like …)`: columns, defaults, identity and indexes; `like`
 * copies no foreign keys). `raw` are the baseline's; `keyed` get the real
 * tables' foreign keys as well (`createScratchTables`).
 */
function scratchTables(name: 'raw' | 'keyed') {
  const bookings = pgTable(`bench_${name}_bookings`, {
    id: integer(),
    pnr: varchar({ length: 8 }).notNull(),
    officeId: varchar({ length: 20 }).notNull(),
    officeCountryCode: varchar({ length: 2 }),
    createdOn: date({ mode: 'string' }).notNull(),
    memberNumber: varchar({ length: 20 }),
    agentId: integer(),
    state: text().notNull(),
    reason: text(),
    recordHash: text().notNull(),
  });
  const segments = pgTable(`bench_${name}_segments`, {
    bookingId: integer().notNull(),
    segmentId: varchar({ length: 40 }).notNull(),
    kind: text().notNull(),
    sourceStatus: varchar({ length: 4 }).notNull(),
    status: text().notNull(),
    serviceDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    used: boolean().notNull(),
    points: integer().notNull(),
    creditedOn: date({ mode: 'string' }),
    creditedAgentId: integer(),
  });

  const entries = pgTable(`bench_${name}_entries`, {
    id: bigint({ mode: 'number' }),
    agentId: integer().notNull(),
    kind: text().notNull(),
    amount: integer().notNull(),
    entryDate: date({ mode: 'string' }).notNull(),
    expiresOn: date({ mode: 'string' }),
    description: text().notNull(),
    bookingId: integer(),
    segmentRowId: integer(),
    orderId: integer(),
    createdAt: timestamp({ withTimezone: true }),
  });
  const allocations = pgTable(`bench_${name}_allocations`, {
    entryId: bigint({ mode: 'number' }).notNull(),
    agentId: integer().notNull(),
    creditedOn: date({ mode: 'string' }).notNull(),
    amount: integer().notNull(),
  });
  return { bookings, segments, entries, allocations };
}
type ScratchTables = ReturnType<typeof scratchTables>;
const rawTables = scratchTables('raw');
const keyedTables = scratchTables('keyed');

/** Each scratch table with the real table it copies. */
const copies = (tables: ScratchTables) =>
  [
    [tables.bookings, bookings],
    [tables.segments, bookingSegments],
    [tables.entries, pointEntries],
    [tables.allocations, pointAllocations],
  ] as const;

const scratchNames = (tables: ScratchTables) =>
  copies(tables)
    .map(([copy]) => getTableName(copy))
    .join(', ');

/** Creates the scratch copies of `raw`, then those of `keyed` with the real tables' foreign keys. */
async function createScratchTables(db: Database): Promise<void> {
  for (const tables of [rawTables, keyedTables]) {
    for (const [copy, table] of copies(tables)) {
      await db.execute(
        sql.raw(`create table ${getTableName(copy)}
          (like ${getTableName(table)} including defaults including identity including indexes)`),
      );
    }
  }
  await db.execute(sql`alter table bench_keyed_bookings
    add foreign key (agent_id) references agents(id) on delete set null`);
  await db.execute(sql`alter table bench_keyed_segments
    add foreign key (booking_id) references bench_keyed_bookings(id) on delete cascade`);
  await db.execute(sql`alter table bench_keyed_entries
    add foreign key (agent_id) references agents(id) on delete cascade`);
  await db.execute(sql`alter table bench_keyed_allocations
    add foreign key (entry_id) references bench_keyed_entries(id) on delete cascade`);
}

/** One queue line per booking: per segment, one in six cancelled, a third flown, the rest pending. */
function queueFile(prefix: string, numbers: readonly string[]): string[] {
  return Array.from({ length: BOOKINGS }, (_, index) => {
    const segments = Array.from({ length: SEGMENTS_PER_BOOKING }, (_, s) => {
      const n = index * SEGMENTS_PER_BOOKING + s;
      const flown = n % 3 === 0;
      return {
        id: String(s + 1),
        kind: (['air', 'hotel', 'car', 'rail'] as const)[n % 4],
        status: n % 6 === 5 ? 'HX' : 'HK',
        serviceDate: addDays(today, flown ? -((n % 300) + 1) : (n % 300) + 1),
        ...(n % 4 === 1 ? { endDate: addDays(today, (n % 300) + 3) } : {}),
      };
    });
    return JSON.stringify({
      pnr: `${prefix}${String(index).padStart(4, '0')}`,
      officeId: OFFICE,
      createdOn: addDays(today, -(index % 400)),
      remarks: ['RM BENCH', `RM*AMA ${numbers[index % numbers.length]}`],
      segments,
    });
  });
}

/**
 * The rows the import wrote for a prefix, copied into the scratch tables in
 * batches of the import's size: the raw baseline. The same rows: the bookings
 * and their segments, and the ledger entries of the points credited for them
 * with their allocations (the balances, lots and reports' summaries the
 * import updates are a few hundred rows per batch, and not in the baseline).
 */
/** Seconds to read and check every line of a queue file, as the import does first, and nothing else. */
function parseOnlySeconds(lines: readonly string[]): number {
  const started = performance.now();
  for (const line of lines) {
    if ('message' in parseBookingLine(line)) throw new Error('a bench line is malformed');
  }
  return (performance.now() - started) / 1000;
}

async function rawInsertSeconds(
  db: Database,
  prefix: string,
  tables: ScratchTables,
): Promise<number> {
  const written = await db
    .select()
    .from(bookings)
    .where(like(bookings.pnr, `${prefix}%`))
    .orderBy(asc(bookings.id));
  const bookingIds = written.map((row) => row.id);
  const segments = await db
    .select()
    .from(bookingSegments)
    .where(inArray(bookingSegments.bookingId, bookingIds));
  const entries = await db
    .select()
    .from(pointEntries)
    .where(inArray(pointEntries.bookingId, bookingIds))
    .orderBy(asc(pointEntries.id));
  const allocations =
    entries.length === 0
      ? []
      : await db
          .select()
          .from(pointAllocations)
          .where(
            inArray(
              pointAllocations.entryId,
              entries.map((entry) => entry.id),
            ),
          );
  const grouped = <T, K>(rows: T[], key: (row: T) => K) => {
    const map = new Map<K, T[]>();
    for (const row of rows) {
      const list = map.get(key(row));
      if (list === undefined) map.set(key(row), [row]);
      else list.push(row);
    }
    return map;
  };
  const byBooking = grouped(segments, (segment) => segment.bookingId);
  const entriesOf = grouped(entries, (entry) => entry.bookingId);
  const allocationsOf = grouped(allocations, (allocation) => allocation.entryId);
  await db.execute(sql.raw(`truncate ${scratchNames(tables)}`));
  const started = performance.now();
  for (let start = 0; start < written.length; start += DEFAULT_BATCH_SIZE) {
    const batch = written.slice(start, start + DEFAULT_BATCH_SIZE);
    await db.transaction(async (tx) => {
      const ids = await tx
        .insert(tables.bookings)
        .values(batch.map(({ id: _id, firstSeenAt: _first, updatedAt: _updated, ...row }) => row))
        .returning({ id: tables.bookings.id });
      await tx.insert(tables.segments).values(
        batch.flatMap((booking, index) =>
          (byBooking.get(booking.id) ?? []).map(({ id: _id, ...segment }) => ({
            ...segment,
            bookingId: ids[index]!.id!,
          })),
        ),
      );
      const batchEntries = batch.flatMap((booking) => entriesOf.get(booking.id) ?? []);
      if (batchEntries.length === 0) return;
      const entryIds = await tx
        .insert(tables.entries)
        .values(batchEntries.map(({ id: _id, createdAt: _created, ...entry }) => entry))
        .returning({ id: tables.entries.id });
      const batchAllocations = batchEntries.flatMap((entry, index) =>
        (allocationsOf.get(entry.id) ?? []).map((allocation) => ({
          ...allocation,
          entryId: entryIds[index]!.id!,
        })),
      );
      if (batchAllocations.length > 0) await tx.insert(tables.allocations).values(batchAllocations);
    });
  }
  return (performance.now() - started) / 1000;
}

export async function importFigures(root: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'club-bench-import-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(databaseUrl === undefined ? { dataDir } : { databaseUrl });
  const db = database.db;
  const run = randomBytes(4).toString('hex');
  const letters = () => randomBytes(2).toString('hex').slice(0, 2).toUpperCase();
  const prefixes: string[] = [];
  try {
    await database.migrate();
    await loadOffices(db, join(root, 'content'));
    await createScratchTables(db);
    await db.insert(earningRules).values(benchRules(run));
    const members = await db
      .insert(agents)
      .values(
        Array.from({ length: MEMBERS }, (_, index) => ({
          countryCode: 'gr',
          languageCode: 'eng',
          officeId: OFFICE,
          status: 'active' as const,
          title: 'mr',
          firstName: 'Bench',
          lastName: 'Member',
          email: `bench-import-${run}-${index}@example.com`,
          passwordHash: 'not-a-password-hash',
        })),
      )
      .returning({ number: agents.number });
    const numbers = members.map((member) => member.number);

    // Warm-up, then rounds: the machine is shared, each round pairs the
    // import with the raw insert of its rows, and the median ratio counts.
    const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
    const results: {
      rate: number;
      rawRate: number;
      unchangedRate: number;
      keyedRate: number;
      parseRate: number;
    }[] = [];
    for (let round = -1; round < rounds; round++) {
      const prefix = `Q${letters()}${round + 1}`;
      prefixes.push(prefix);
      const lines = queueFile(prefix, numbers);
      const started = performance.now();
      const summary = await importBookings(db, lines, { today });
      const seconds = (performance.now() - started) / 1000;
      if (summary.accepted !== BOOKINGS) {
        throw new Error(`import accepted ${summary.accepted} of ${BOOKINGS}`);
      }
      const again = performance.now();
      await importBookings(db, lines, { today });
      const unchangedSeconds = (performance.now() - again) / 1000;
      const rawSeconds = await rawInsertSeconds(db, prefix, rawTables);
      const keyedSeconds = await rawInsertSeconds(db, prefix, keyedTables);
      const parseSeconds = parseOnlySeconds(lines);
      if (round < 0) continue;
      results.push({
        rate: summary.segments / seconds,
        rawRate: summary.segments / rawSeconds,
        keyedRate: summary.segments / keyedSeconds,
        unchangedRate: summary.segments / unchangedSeconds,
        parseRate: summary.segments / parseSeconds,
      });
    }
    const ratios = results.map((result) => result.rate / result.rawRate);
    const where = databaseUrl === undefined ? 'embedded database' : 'PostgreSQL';
    console.log(
      `raw multi-row insert (${where}): ${results.map((r) => r.rawRate.toFixed(0)).join(', ')} segments/s in ${results.length} rounds; re-import of the same file (all unchanged): ${median(results.map((r) => r.unchangedRate)).toFixed(0)} segments/s`,
    );
    // What no import can skip beside its inserts: reading and checking each line. Both one
    // after the other bound the import's ratio to the raw insert, whatever else it does.
    const bounds = results.map((r) => r.parseRate / (r.parseRate + r.rawRate));
    console.log(
      `  reading and checking the file alone (JSON, the record's rules, its hash): ${median(results.map((r) => r.parseRate)).toFixed(0)} segments/s -> with the raw insert after it, at most ratio ${median(bounds).toFixed(2)} (rounds ${bounds.map((b) => b.toFixed(2)).join(', ')})`,
    );
    // The real tables check a foreign key on every row they are given; the raw copies check none.
    const toKeyed = results.map((r) => r.rate / r.keyedRate);
    console.log(
      `  the same insert into copies with the real tables' foreign keys: ${median(results.map((r) => r.keyedRate)).toFixed(0)} segments/s (${median(results.map((r) => r.keyedRate / r.rawRate)).toFixed(2)} of the raw insert); the import reaches ${median(toKeyed).toFixed(2)} of it (rounds ${toKeyed.map((r) => r.toFixed(2)).join(', ')})`,
    );
    const ratio = median(ratios);
    console.log(
      `import: ${median(results.map((r) => r.rate)).toFixed(0)} segments/s -> ratio ${ratio.toFixed(2)} to raw multi-row insert (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}; target >= 0.95 ${ratio >= 0.95 ? 'within' : 'OVER'})`,
    );
  } finally {
    try {
      for (const prefix of prefixes)
        await db.delete(bookings).where(like(bookings.pnr, `${prefix}%`));
      await db.delete(agents).where(like(agents.email, `bench-import-${run}-%`));
      // Rules that earned refuse deletion (migration 0033): the bench's own are unmarked first.
      await db
        .update(earningRules)
        .set({ earnedAt: null })
        .where(like(earningRules.name, `bench-${run} %`));
      await db.delete(earningRules).where(like(earningRules.name, `bench-${run} %`));
      await db.execute(
        sql.raw(`drop table if exists ${scratchNames(keyedTables)}, ${scratchNames(rawTables)}`),
      );
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
