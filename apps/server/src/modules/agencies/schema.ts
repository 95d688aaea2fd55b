import { boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { offices } from '../offices/schema.js';

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
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('agency_links_office_idx').on(t.officeId)],
);

export type AgencyLinkPurpose = 'opt-in' | 'opt-out';

/** Every opt-in and opt-out, with the state before it and who asked. */
export const agencyStateChanges = pgTable(
  'agency_state_changes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    officeId: varchar({ length: 20 })
      .notNull()
      .references(() => offices.officeId),
    previousActive: boolean().notNull(),
    active: boolean().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    comment: text().notNull().default(''),
    linkId: varchar({ length: 32 })
      .notNull()
      .references(() => agencyLinks.id),
    changedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('agency_state_changes_office_idx').on(t.officeId, t.changedAt)],
);
