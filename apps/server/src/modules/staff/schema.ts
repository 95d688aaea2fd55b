import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Staff roles: `admin` (every country, manages staff), `manager` (the
 * countries on the account), `support` (reads its countries, adjusts points
 * up to the configured limit per adjustment).
 */
export type StaffRole = 'admin' | 'manager' | 'support';
export const staffRoles: readonly StaffRole[] = ['admin', 'manager', 'support'];

/** Programme staff: separate from members, with two factors (password and TOTP). */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Stored lower-case. */
    email: text().notNull(),
    role: text().$type<StaffRole>().notNull(),
    /** Country codes a manager or support account works in; empty for an admin (every country). */
    countries: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** argon2id; null until the account is set up through its setup link. */
    passwordHash: text(),
    /** The TOTP secret (base32); null until enrolled. */
    totpSecret: text(),
    /** The last TOTP time step used to log in: a code works once (ASVS 2.8.4). */
    totpLastStep: integer(),
    disabledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('staff_accounts_email_idx').on(table.email),
    check('staff_accounts_role_check', sql`${table.role} in ('admin', 'manager', 'support')`),
  ],
);

/**
 * Staff sessions: tokens stored as SHA-256 only, like members' but in their
 * own table and with a `stf_` prefix, so neither kind of token opens the
 * other's calls. They end after 30 minutes idle and 8 hours in all.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer()
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    /** The absolute end: creation + 8 hours. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId)],
);

/** Single-use setup links (`npm run staff:add`, an admin adding staff): set the password, enrol the code. */
export const staffSetupLinks = pgTable(
  'staff_setup_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer()
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    /** The TOTP secret offered for enrolment, kept until the setup completes. */
    totpSecret: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('staff_setup_links_staff_idx').on(table.staffId)],
);
