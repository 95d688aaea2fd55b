import { boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { officeImports, offices } from '../offices/schema.js';

/**
 * Agency opt-in and opt-out links (spec 2 §2.4): `id` is the link's `s`
 * parameter; only the SHA-256 of its `c` token is stored. Each link has one
 * purpose and an expiry, and works once.
 */
export const agencyLinks = pgTable(
  'agency_links',
  {
    id: varchar({ length: 32 }).primaryKey(),
    tokenHash: varchar({ length: 64 }).notNull(),
    officeId: varchar({ length: 20 })
      .notNull()
      .references(() => offices.officeId),
    purpose: varchar({ length: 8 }).$type<AgencyLinkPurpose>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** Who made the link by hand (the staff email, `command-line (user)`); null for a link the club mailed. */
    issuedBy: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('agency_links_office_idx').on(t.officeId)],
);

export type AgencyLinkPurpose = 'opt-in' | 'opt-out';

/**
 * An office's state history: every opt-in and opt-out through a decision
 * maker's link (who submitted it, which link), and every change an office
 * directory load made (which import; the office added, its taking part or its
 * direct sales changed). `previousActive` is null for an office the load added.
 */
export const agencyStateChanges = pgTable(
  'agency_state_changes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    officeId: varchar({ length: 20 })
      .notNull()
      .references(() => offices.officeId),
    previousActive: boolean(),
    active: boolean().notNull(),
    /** The decision maker who submitted the link's form; null for a directory load. */
    firstName: text(),
    lastName: text(),
    email: text(),
    comment: text().notNull().default(''),
    linkId: varchar({ length: 32 }).references(() => agencyLinks.id),
    /** The office directory load that made the change; null for a link. */
    officeImportId: integer().references(() => officeImports.id),
    /** Direct sales before and after, for a directory load. */
    previousDirect: boolean(),
    direct: boolean(),
    changedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('agency_state_changes_office_idx').on(t.officeId, t.changedAt)],
);
