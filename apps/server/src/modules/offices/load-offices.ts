import { readCountryFiles } from '../content/country-files.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { OfficesFileSchema, type OfficesFile } from './office-files.js';
import { offices } from './schema.js';

export type OfficesLoadSummary = {
  countries: string[];
  offices: number;
  /** Members of offices that turned to direct sales, now marked as direct-access users. */
  directAccessMembers: number;
};

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

export type LoadOfficesOptions = { at?: Date; onTurnedDirect?: OfficesTurnedDirect };

/** Any fixed number, distinct from the migration and content locks. */
const OFFICES_LOAD_LOCK_KEY = 4_242_003;

/**
 * Reads and validates `{contentDir}/offices/*.json`, then upserts every office
 * in one transaction. Loading the same files again changes nothing; offices
 * missing from the files are kept, since members may be registered with them.
 * A file's `active` is the office's starting state: once its decision maker
 * has opted in or out, that choice stays.
 * The offices that turn to direct sales are handed to `onTurnedDirect` in the
 * same transaction (content:load makes their members direct-access users).
 * A content folder without an `offices` folder loads nothing.
 */
export async function loadOffices(
  db: Database,
  contentDir: string,
  { at = new Date(), onTurnedDirect }: LoadOfficesOptions = {},
): Promise<OfficesLoadSummary> {
  const files = await readOfficesFolder(contentDir);
  const rows = files.flatMap((file) =>
    file.offices.map((office) => ({ ...office, countryCode: file.countryCode })),
  );
  let directAccessMembers = 0;
  if (rows.length > 0) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${OFFICES_LOAD_LOCK_KEY})`);
      const directInFiles = rows
        .filter((office) => office.isAmadeusDirectOffice)
        .map((office) => office.officeId);
      const turningDirect =
        directInFiles.length === 0
          ? []
          : await tx
              .select({ officeId: offices.officeId })
              .from(offices)
              .where(
                and(
                  inArray(offices.officeId, directInFiles),
                  eq(offices.isAmadeusDirectOffice, false),
                ),
              );
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
            // A decision maker's opt-in or opt-out outlives the file's starting state.
            active: sql`case when ${offices.activeDecidedAt} is null then excluded.active else ${offices.active} end`,
            isAmadeusDirectOffice: sql`excluded.is_amadeus_direct_office`,
            decisionMakerName: sql`excluded.decision_maker_name`,
            decisionMakerEmail: sql`excluded.decision_maker_email`,
          },
        });
      if (onTurnedDirect !== undefined && turningDirect.length > 0) {
        directAccessMembers = await onTurnedDirect(
          tx,
          turningDirect.map((office) => office.officeId),
          at,
        );
      }
    });
  }
  return {
    countries: files.map((file) => file.countryCode),
    offices: rows.length,
    directAccessMembers,
  };
}

function readOfficesFolder(contentDir: string): Promise<OfficesFile[]> {
  return readCountryFiles(contentDir, 'offices', OfficesFileSchema, (file) =>
    file.offices.map((office) => `office ${office.officeId}`),
  );
}
