import { eq, sql } from 'drizzle-orm';
import { ErrorCode } from '@club/contract/envelope';
import type { CountryTerms } from '@club/contract/staff-member-actions';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { HttpError, validationFailed } from '../../lib/http-error.js';
import { recordAudit, type AuditActor } from '../audit/audit-log.js';
import { lockContent } from '../content/load-content.js';
import { contentStaffEdits, countries } from '../content/schema.js';
import { termsVersionPath } from '../content/terms-version-path.js';
import { termsVersionChanges } from './schema.js';

type TermsRow = {
  countryCode: string;
  name: string;
  termsVersion: string;
  changedAt: string | Date | null;
  changedBy: string | null;
  reason: string | null;
};

/**
 * The terms version of each country (of `only`, or every one for null), with
 * the staff change that set it: the newest change of the country (its index)
 * when its version is still the country's, else none (the files set it).
 */
export async function countryTerms(
  db: Database,
  only: readonly string[] | null,
): Promise<CountryTerms[]> {
  if (only !== null && only.length === 0) return [];
  const filter =
    only === null
      ? sql`true`
      : sql`c.code in (${sql.join(
          only.map((code) => sql`${code}`),
          sql`, `,
        )})`;
  const result = await db.execute<TermsRow>(sql`
    select c.code as "countryCode", c.name, c.terms_version as "termsVersion",
      latest.changed_at as "changedAt", latest.actor as "changedBy", latest.reason
    from countries c
    left join lateral (
      select t.terms_version, t.changed_at, t.actor, t.reason from terms_version_changes t
      where t.country_code = c.code order by t.changed_at desc, t.id desc limit 1
    ) latest on latest.terms_version = c.terms_version
    where ${filter}
    order by c.code`);
  return rowsOf<TermsRow>(result).map((row) => ({
    ...row,
    changedAt: row.changedAt === null ? null : new Date(row.changedAt).toISOString(),
  }));
}

export type CountryTermsChange = {
  countryCode: string;
  version: string;
  reason: string;
  actor: AuditActor;
  /** The countries the actor works in; null for every country. */
  countries: readonly string[] | null;
  at: Date;
};

/**
 * The country's terms changed: its version becomes `version`, so every member
 * who accepted an older one meets the terms gate at their next page (their
 * record is read against `countries.terms_version`). Recorded with who, when
 * and why, in the audit log too, and as a staff edit of the content
 * (`{country}/terms-version`), which content:load keeps as it keeps the
 * others. One transaction, under the content lock (a load running meanwhile
 * finishes first, and one that starts waits) with the country's row locked.
 */
export async function requireCountryTermsAgain(
  db: Database,
  change: CountryTermsChange,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockContent(tx);
    const [country] = await tx
      .select({ code: countries.code, termsVersion: countries.termsVersion })
      .from(countries)
      .where(eq(countries.code, change.countryCode))
      .for('update');
    if (
      country === undefined ||
      (change.countries !== null && !change.countries.includes(country.code))
    ) {
      throw new HttpError(404, ErrorCode.notFound, null);
    }
    if (country.termsVersion === change.version) {
      throw validationFailed({ version: 'The members accepted this version: enter a new one' });
    }
    await tx
      .update(countries)
      .set({ termsVersion: change.version })
      .where(eq(countries.code, country.code));
    await tx.insert(termsVersionChanges).values({
      countryCode: country.code,
      previousVersion: country.termsVersion,
      termsVersion: change.version,
      staffId: change.actor.staffId,
      actor: change.actor.label,
      reason: change.reason,
      changedAt: change.at,
    });
    const edit = {
      countryCode: country.code,
      path: termsVersionPath(country.code),
      changedAt: change.at,
      changedBy: change.actor.label,
    };
    await tx
      .insert(contentStaffEdits)
      .values(edit)
      .onConflictDoUpdate({
        target: [contentStaffEdits.countryCode, contentStaffEdits.path],
        set: { changedAt: edit.changedAt, changedBy: edit.changedBy },
      });
    await recordAudit(
      tx,
      change.actor,
      {
        action: 'country.require-terms',
        targetType: 'country',
        target: country.code,
        countryCode: country.code,
        reason: change.reason,
        before: { termsVersion: country.termsVersion },
        after: { termsVersion: change.version },
      },
      change.at,
    );
  });
}
