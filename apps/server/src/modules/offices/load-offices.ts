import { readCountryFiles } from '../content/country-files.js';
import type { Database } from '../../db/client.js';
import { systemActor, type AuditActor } from '../audit/audit-log.js';
import {
  applyOfficeDirectory,
  type OfficeStateHistory,
  type OfficesTurnedDirect,
} from './office-directory.js';
import { OfficesFileSchema, type OfficesFile } from './office-files.js';

export type OfficesLoadSummary = {
  countries: string[];
  offices: number;
  /** Members of offices that turned to direct sales, now marked as direct-access users. */
  directAccessMembers: number;
};

export type { OfficesTurnedDirect };

export type LoadOfficesOptions = {
  at?: Date;
  onTurnedDirect?: OfficesTurnedDirect;
  /** Where the offices' state changes are recorded (the agencies module's `recordDirectoryStateChanges`). */
  recordStateChanges?: OfficeStateHistory;
  /** Who loads, for the office history and the audit log (default: the club itself). */
  actor?: AuditActor;
};

/**
 * Reads and validates `{contentDir}/offices/*.json`, then applies every file
 * in one transaction (office-directory.ts): loading the same files again
 * changes nothing; offices missing from the files are kept, since members
 * may be registered with them. A file's `active` is the office's starting
 * state: once its decision maker has opted in or out, that choice stays.
 * Each file is recorded as an office import, with the state changes it made.
 * The offices that turn to direct sales are handed to `onTurnedDirect` in the
 * same transaction (content:load makes their members direct-access users).
 * A content folder without an `offices` folder loads nothing.
 */
export async function loadOffices(
  db: Database,
  contentDir: string,
  {
    at = new Date(),
    onTurnedDirect,
    recordStateChanges,
    actor = systemActor,
  }: LoadOfficesOptions = {},
): Promise<OfficesLoadSummary> {
  const files = await readOfficesFolder(contentDir);
  let directAccessMembers = 0;
  let count = 0;
  if (files.some((file) => file.offices.length > 0)) {
    await db.transaction(async (tx) => {
      for (const file of files) {
        const report = await applyOfficeDirectory(
          tx,
          file.countryCode,
          file.offices.map((office, index) => ({ entry: index + 1, office })),
          [],
          {
            actor,
            source: 'content-load',
            fileName: `offices/${file.countryCode}.json`,
            at,
            ...(onTurnedDirect === undefined ? {} : { onTurnedDirect }),
            ...(recordStateChanges === undefined ? {} : { recordStateChanges }),
          },
        );
        directAccessMembers += report.directAccessMembers;
        count += report.entries;
      }
    });
  }
  return {
    countries: files.map((file) => file.countryCode),
    offices: count,
    directAccessMembers,
  };
}

function readOfficesFolder(contentDir: string): Promise<OfficesFile[]> {
  return readCountryFiles(contentDir, 'offices', OfficesFileSchema, (file) =>
    file.offices.map((office) => `office ${office.officeId}`),
  );
}
