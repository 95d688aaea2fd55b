import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { countries } from '../content/schema.js';

/**
 * Every time staff made a country's members accept its terms again: the
 * version they set, who did it, when and why. Append-only. The country's
 * current version stays in `countries.terms_version`; a version that equals
 * the newest row's was set by staff, any other by the content files. A
 * content load compares against it so that it never silently undoes a
 * staff change (docs/staff-console.md "Member actions").
 */
export const termsVersionChanges = pgTable(
  'terms_version_changes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    countryCode: varchar({ length: 2 })
      .notNull()
      .references(() => countries.code, { onDelete: 'cascade' }),
    previousVersion: text().notNull(),
    termsVersion: text().notNull(),
    /** The staff account; null for a command-line tool. */
    staffId: integer(),
    /** Who, as the audit log names them. */
    actor: text().notNull(),
    reason: text().notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('terms_version_changes_country_idx').on(t.countryCode, t.changedAt)],
);
