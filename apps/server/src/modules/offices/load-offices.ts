import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { ContentFileError } from '../content/read-content-folder.js';
import { OfficesFileSchema, type OfficesFile } from './office-files.js';
import { offices } from './schema.js';

export type OfficesLoadSummary = { countries: string[]; offices: number };

/** Any fixed number, distinct from the migration and content locks. */
const OFFICES_LOAD_LOCK_KEY = 4_242_003;

/**
 * Reads and validates `{contentDir}/offices/*.json`, then upserts every office
 * in one transaction. Loading the same files again changes nothing; offices
 * missing from the files are kept, since members may be registered with them.
 * A content folder without an `offices` folder loads nothing.
 */
export async function loadOffices(db: Database, contentDir: string): Promise<OfficesLoadSummary> {
  const files = await readOfficesFolder(contentDir);
  const rows = files.flatMap((file) =>
    file.offices.map((office) => ({ ...office, countryCode: file.countryCode })),
  );
  if (rows.length > 0) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${OFFICES_LOAD_LOCK_KEY})`);
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
    });
  }
  return { countries: files.map((file) => file.countryCode), offices: rows.length };
}

async function readOfficesFolder(contentDir: string): Promise<OfficesFile[]> {
  const dir = join(contentDir, 'offices');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const files: OfficesFile[] = [];
  const seen = new Map<string, string>();
  for (const name of names) {
    const shown = `offices/${name}`;
    let json: unknown;
    try {
      json = JSON.parse(await readFile(join(dir, name), 'utf8'));
    } catch (error) {
      throw new ContentFileError(`${shown}: not valid JSON (${(error as Error).message})`);
    }
    const result = OfficesFileSchema.safeParse(json);
    if (!result.success) {
      const problems = result.error.issues.map(
        (issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(file)'}: ${issue.message}`,
      );
      throw new ContentFileError(`${shown}: ${problems.join('; ')}`);
    }
    const file = result.data;
    if (`${file.countryCode}.json` !== name) {
      throw new ContentFileError(
        `${shown}: countryCode: "${file.countryCode}" does not match the file name`,
      );
    }
    for (const office of file.offices) {
      const other = seen.get(office.officeId);
      if (other !== undefined) {
        throw new ContentFileError(`${shown}: office ${office.officeId} is also in ${other}`);
      }
      seen.set(office.officeId, shown);
    }
    files.push(file);
  }
  return files;
}
