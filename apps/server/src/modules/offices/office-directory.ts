import { inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { recordAudit, type AuditActor } from '../audit/audit-log.js';
import type { OfficeEntry } from './office-files.js';
import { officeImports, offices } from './schema.js';

/**
 * Applying an office directory file (`content/offices/{country}.json`'s
 * format) inside the caller's transaction: the loader of `content:load` and
 * the staff console's upload share it, so both record the same history: one
 * `office_imports` row per file, a state change (`agency_state_changes`) per
 * office added or whose taking part or direct sales changed, and an audit
 * entry (`office.import`) with the summary.
 */

/** Any fixed number, distinct from the migration and content locks: one directory load at a time. */
export const OFFICES_LOAD_LOCK_KEY = 4_242_003;

/** Offices read and written per statement: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

/** The most refused entries an import keeps in its history (the answer lists them all). */
const REJECTED_KEPT = 1000;

/**
 * What becomes of the members of offices that just turned to direct sales, in
 * the load's transaction; answers how many it changed. The agents module, above
 * this one, supplies it (`markMembersOfDirectOffices`).
 */
export type OfficesTurnedDirect = (
  tx: Transaction,
  officeIds: readonly string[],
  at: Date,
) => Promise<number>;

/** A change of an office's state that a directory import made. */
export type OfficeStateChange = ReturnType<typeof stateChange> & { officeImportId: number };

/**
 * Writes the import's state changes to the offices' state history, in the
 * import's transaction. The history is the agencies module's (above this
 * one), which supplies it (`recordDirectoryStateChanges`).
 */
export type OfficeStateHistory = (
  tx: Transaction,
  changes: readonly OfficeStateChange[],
) => Promise<void>;

export type OfficeDirectoryOrigin = {
  actor: AuditActor;
  source: 'console' | 'content-load';
  fileName: string;
  at: Date;
  onTurnedDirect?: OfficesTurnedDirect;
  /** Where the state changes are recorded; without it the import keeps no state history. */
  recordStateChanges?: OfficeStateHistory;
  /**
   * Refuse an office ID listed in another country's directory (the console);
   * the loader moves it. `staffCountries` are the uploader's (null: every
   * country, an admin): of an office outside them the report says only
   * "not in your countries", as it says of members and bookings.
   */
  keepCountries?: { staffCountries: readonly string[] | null };
};

/** An entry of the file that was not applied: its position (from 1), its office ID if any, and why. */
export type RefusedOfficeEntry = { entry: number; officeId: string | null; reason: string };

export type OfficeFieldChange = { field: string; before: unknown; after: unknown };

export type OfficeDirectoryReport = {
  importId: number;
  countryCode: string;
  /** Entries read from the file. */
  entries: number;
  added: string[];
  changed: { officeId: string; changes: OfficeFieldChange[] }[];
  unchanged: number;
  rejected: RefusedOfficeEntry[];
  /** Members of offices that turned to direct sales, now marked as direct-access users. */
  directAccessMembers: number;
};

type OfficeRow = typeof offices.$inferSelect;
const comparedFields = [
  'countryCode',
  'agencyName',
  'address',
  'zip',
  'active',
  'isAmadeusDirectOffice',
  'decisionMakerName',
  'decisionMakerEmail',
] as const;

const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) =>
    items.slice(i * CHUNK, (i + 1) * CHUNK),
  );

/**
 * Applies one country's valid entries (`refused` are the entries that failed
 * validation, reported with the rest). Offices missing from the file are
 * kept, since members may be registered with them. A file's `active` is an
 * office's starting state: once its decision maker opted in or out, it stays.
 */
export async function applyOfficeDirectory(
  tx: Transaction,
  countryCode: string,
  entries: readonly { entry: number; office: OfficeEntry }[],
  refused: readonly RefusedOfficeEntry[],
  origin: OfficeDirectoryOrigin,
): Promise<OfficeDirectoryReport> {
  await tx.execute(sql`select pg_advisory_xact_lock(${OFFICES_LOAD_LOCK_KEY})`);
  const rejected = [...refused];
  const added: string[] = [];
  const changed: OfficeDirectoryReport['changed'] = [];
  const turningDirect: string[] = [];
  const history: ReturnType<typeof stateChange>[] = [];
  let unchanged = 0;

  for (const chunk of chunks(entries)) {
    const stored = new Map(
      (
        await tx
          .select()
          .from(offices)
          .where(
            inArray(
              offices.officeId,
              chunk.map(({ office }) => office.officeId),
            ),
          )
      ).map((row) => [row.officeId, row]),
    );
    const rows: (typeof offices.$inferInsert)[] = [];
    for (const { entry, office } of chunk) {
      const before = stored.get(office.officeId);
      const keep = origin.keepCountries;
      if (keep !== undefined && before !== undefined && before.countryCode !== countryCode) {
        const seen =
          keep.staffCountries === null || keep.staffCountries.includes(before.countryCode);
        rejected.push({
          entry,
          officeId: office.officeId,
          reason: seen
            ? "the office ID is in another country's directory"
            : 'not in your countries',
        });
        continue;
      }
      const after = {
        ...office,
        countryCode,
        // A decision maker's opt-in or opt-out outlives the file's starting state.
        active: before?.activeDecidedAt == null ? office.active : before.active,
      };
      rows.push(after);
      if (before === undefined) {
        added.push(office.officeId);
        history.push(stateChange(office.officeId, null, after, origin.at));
        continue;
      }
      const changes = comparedFields
        .filter((field) => before[field] !== after[field])
        .map((field) => ({ field, before: before[field], after: after[field] }));
      if (changes.length === 0) unchanged++;
      else changed.push({ officeId: office.officeId, changes });
      if (
        before.active !== after.active ||
        before.isAmadeusDirectOffice !== after.isAmadeusDirectOffice
      ) {
        history.push(stateChange(office.officeId, before, after, origin.at));
      }
      if (!before.isAmadeusDirectOffice && after.isAmadeusDirectOffice) {
        turningDirect.push(office.officeId);
      }
    }
    if (rows.length > 0) await upsertOffices(tx, rows);
  }

  const directAccessMembers =
    origin.onTurnedDirect !== undefined && turningDirect.length > 0
      ? await origin.onTurnedDirect(tx, turningDirect, origin.at)
      : 0;
  rejected.sort((a, b) => a.entry - b.entry);
  const counts = {
    countryCode,
    entries: entries.length + refused.length,
    added: added.length,
    changed: changed.length,
    unchanged,
    rejected: rejected.length,
    directAccessMembers,
  };
  const [row] = await tx
    .insert(officeImports)
    .values({
      at: origin.at,
      staffId: origin.actor.staffId,
      actor: origin.actor.label,
      source: origin.source,
      fileName: origin.fileName,
      summary: { ...counts, rejectedEntries: rejected.slice(0, REJECTED_KEPT) },
    })
    .returning({ id: officeImports.id });
  const importId = row!.id;
  if (origin.recordStateChanges !== undefined && history.length > 0) {
    await origin.recordStateChanges(
      tx,
      history.map((change) => ({ ...change, officeImportId: importId })),
    );
  }
  await recordAudit(
    tx,
    origin.actor,
    {
      action: 'office.import',
      targetType: 'office-directory',
      target: origin.fileName,
      countryCode,
      after: { importId, ...counts },
    },
    origin.at,
  );
  return {
    importId,
    countryCode,
    entries: counts.entries,
    added,
    changed,
    unchanged,
    rejected,
    directAccessMembers,
  };
}

function stateChange(
  officeId: string,
  before: OfficeRow | null,
  after: { active: boolean; isAmadeusDirectOffice: boolean },
  at: Date,
) {
  return {
    officeId,
    previousActive: before?.active ?? null,
    active: after.active,
    previousDirect: before?.isAmadeusDirectOffice ?? null,
    direct: after.isAmadeusDirectOffice,
    changedAt: at,
  };
}

async function upsertOffices(
  tx: Transaction,
  rows: (typeof offices.$inferInsert)[],
): Promise<void> {
  await tx
    .insert(offices)
    .values(rows)
    .onConflictDoUpdate({
      target: offices.officeId,
      set: {
        countryCode: sql`excluded.country_code`,
        agencyName: sql`excluded.agency_name`,
        address: sql`excluded.address`,
        zip: sql`excluded.zip`,
        active: sql`excluded.active`,
        isAmadeusDirectOffice: sql`excluded.is_amadeus_direct_office`,
        decisionMakerName: sql`excluded.decision_maker_name`,
        decisionMakerEmail: sql`excluded.decision_maker_email`,
      },
    });
}
