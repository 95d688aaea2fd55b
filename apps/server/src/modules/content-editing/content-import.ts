import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { recordAudit, type AuditActor } from '../audit/audit-log.js';
import type { CountryFile, LanguageFile } from '../content/content-files.js';
import { lockContent, publishContent, replaceCountry } from '../content/load-content.js';
import { readContentFolder, type CountryContent } from '../content/read-content-folder.js';
import { contentStaffEdits } from '../content/schema.js';
import { termsVersionPath } from '../content/terms-version-path.js';
import { fileOf, partsOf, samePart, type LanguageParts } from './content-parts.js';
import { readStoredCountry } from './stored-content.js';

/** Which parts to take from the files even where staff changed them: every one, or these paths and what is under them. */
export type TakeFile = 'all' | readonly string[];

/** A part staff changed that the files give otherwise: kept, unless taken. */
export type ContentDifference = {
  path: string;
  /** The database's value (what the site shows), null where it has none. */
  database: unknown;
  /** The file's value, null where the file has none. */
  file: unknown;
  changedBy: string;
  changedAt: Date;
};

export type ContentImportSummary = {
  countries: string[];
  version: number;
  /** Parts the files changed (added, changed or removed), staff-changed parts taken among them. */
  changed: string[];
  /** Staff-changed parts kept although the files differ. */
  kept: ContentDifference[];
  /** Staff-changed parts replaced by the files' version, as told. */
  taken: string[];
};

/** How many changed paths the import's audit entry lists by name (the rest are counted). */
const auditedPaths = 200;

const takes = (take: TakeFile, path: string) =>
  take === 'all' || take.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * `npm run content:load`, the content part: an import of the files that
 * never silently overwrites a staff edit. Part by part (content-parts.ts), a
 * part staff changed since the files last gave it keeps the database's value
 * and is reported when the files differ, unless `takeFile` names it; every
 * other part loads as the files say. Country settings (`country.json`) come
 * from the files, except a terms version staff set (`{country}/terms-version`,
 * a part like the others). One transaction with one audit entry
 * (`content.import`) that sums up what changed, one per country whose terms
 * version the files change (`country.terms-version-from-files`), and the
 * content version bump.
 */
export async function importContent(
  db: Database,
  contentDir: string,
  actor: AuditActor,
  takeFile: TakeFile = [],
  at: Date = new Date(),
): Promise<ContentImportSummary> {
  const content = await readContentFolder(contentDir);
  return db.transaction(async (tx) => {
    await lockContent(tx);
    const summary: Omit<ContentImportSummary, 'version'> = {
      countries: content.map((item) => item.country.code),
      changed: [],
      kept: [],
      taken: [],
    };
    for (const item of content) {
      const merged = await merge(tx, item, takeFile, summary);
      await replaceCountry(tx, merged.content);
      if (merged.termsChange !== null) {
        await recordAudit(
          tx,
          actor,
          {
            action: 'country.terms-version-from-files',
            targetType: 'country',
            target: item.country.code,
            countryCode: item.country.code,
            reason: merged.termsChange.overStaff
              ? "content:load --take-file: the files' version over the staff's"
              : "content:load: the files' version",
            before: { termsVersion: merged.termsChange.before },
            after: { termsVersion: merged.termsChange.after },
          },
          at,
        );
      }
    }
    const version = await publishContent(tx);
    await recordAudit(
      tx,
      actor,
      {
        action: 'content.import',
        targetType: 'content',
        target: summary.countries.join(','),
        countryCode: summary.countries.length === 1 ? summary.countries[0] : null,
        after: {
          changedCount: summary.changed.length,
          changed: summary.changed.slice(0, auditedPaths),
          kept: summary.kept.map((difference) => difference.path),
          taken: summary.taken,
        },
      },
      at,
    );
    return { ...summary, version };
  });
}

/** A change of a country's terms version by the files (every member then accepts the terms again). */
type TermsChange = { before: string; after: string; overStaff: boolean };

/** A country's content as it will be stored: the files, with the staff's parts kept. */
async function merge(
  tx: Transaction,
  item: CountryContent,
  takeFile: TakeFile,
  summary: Omit<ContentImportSummary, 'version'>,
): Promise<{ content: CountryContent; termsChange: TermsChange | null }> {
  const countryCode = item.country.code;
  const stored = await readStoredCountry(tx, countryCode);
  const edits = new Map(
    (
      await tx
        .select()
        .from(contentStaffEdits)
        .where(eq(contentStaffEdits.countryCode, countryCode))
    ).map((edit) => [edit.path, edit]),
  );
  const settled: string[] = [];
  const languages = new Map<string, LanguageFile>();
  for (const [languageCode, file] of item.languages) {
    const fileParts = partsOf(file);
    const storedFile = stored?.languages.get(languageCode);
    const storedParts: LanguageParts =
      storedFile === undefined ? new Map<string, unknown>() : partsOf(storedFile);
    const result: LanguageParts = new Map();
    for (const part of new Set([...fileParts.keys(), ...storedParts.keys()])) {
      const path = `${countryCode}/${languageCode}/${part}`;
      const inFile = fileParts.has(part);
      const inDatabase = storedParts.has(part);
      const same = inFile === inDatabase && samePart(fileParts.get(part), storedParts.get(part));
      const edit = edits.get(path);
      if (edit !== undefined && !takes(takeFile, path)) {
        if (inDatabase) result.set(part, storedParts.get(part));
        if (same) {
          // The files caught up with the staff's change: the part is theirs again.
          settled.push(path);
        } else {
          summary.kept.push({
            path,
            database: inDatabase ? storedParts.get(part) : null,
            file: inFile ? fileParts.get(part) : null,
            changedBy: edit.changedBy,
            changedAt: new Date(edit.changedAt),
          });
        }
        continue;
      }
      if (edit !== undefined) {
        settled.push(path);
        if (!same) summary.taken.push(path);
      }
      if (inFile) result.set(part, fileParts.get(part));
      if (!same) summary.changed.push(path);
    }
    languages.set(languageCode, fileOf(result));
  }
  const terms = mergeTermsVersion(
    item.country,
    stored?.country ?? null,
    edits.get(termsVersionPath(countryCode)),
    takeFile,
    summary,
    settled,
  );
  if (settled.length > 0) {
    await tx
      .delete(contentStaffEdits)
      .where(
        and(
          eq(contentStaffEdits.countryCode, countryCode),
          inArray(contentStaffEdits.path, settled),
        ),
      );
  }
  return { content: { country: terms.country, languages }, termsChange: terms.change };
}

/**
 * The country's terms version, a part like the others: one staff set in the
 * console (its staff edit) is kept and reported while the files give
 * another, unless `takeFile` names it (`gr/terms-version`, or `gr`); the
 * files giving the same settle it. Any change is answered for the audit log.
 */
function mergeTermsVersion(
  file: CountryFile,
  stored: CountryFile | null,
  edit: { changedBy: string; changedAt: Date | string } | undefined,
  takeFile: TakeFile,
  summary: Omit<ContentImportSummary, 'version'>,
  settled: string[],
): { country: CountryFile; change: TermsChange | null } {
  const path = termsVersionPath(file.code);
  const same = stored !== null && stored.termsVersion === file.termsVersion;
  if (edit !== undefined && stored !== null && !takes(takeFile, path)) {
    if (same) settled.push(path);
    else {
      summary.kept.push({
        path,
        database: stored.termsVersion,
        file: file.termsVersion,
        changedBy: edit.changedBy,
        changedAt: new Date(edit.changedAt),
      });
    }
    return { country: { ...file, termsVersion: stored.termsVersion }, change: null };
  }
  if (edit !== undefined) {
    settled.push(path);
    if (!same) summary.taken.push(path);
  }
  if (stored === null || same) return { country: file, change: null };
  summary.changed.push(path);
  return {
    country: file,
    change: {
      before: stored.termsVersion,
      after: file.termsVersion,
      overStaff: edit !== undefined,
    },
  };
}
