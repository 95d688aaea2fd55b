import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { offices } from '../offices/schema.js';

/** Member numbers: the digits agents put in the booking remark `RM*AMA {number}`. */
export const agentNumberSequence = pgSequence('agent_number_seq', { startWith: 1000001 });

/**
 * Account states (spec 1 §4 "Account"): `pending` until the email is
 * confirmed (doubleOpt), `active`, `deletion_requested` once a delete link was
 * sent, `deleted` once confirmed (kept `linkLifeTime` days, restorable), then
 * purged.
 */
export type AccountStatus = 'pending' | 'active' | 'deletion_requested' | 'deleted';

/**
 * A member row's status: an account's, or `purged`, no longer an account but
 * a tombstone under a pseudonym that keeps the programme's books about the
 * member (docs/decisions/037).
 */
export type AgentStatus = AccountStatus | 'purged';

export const agents = pgTable(
  'agents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    number: varchar({ length: 20 })
      .notNull()
      .unique()
      .default(sql`nextval('agent_number_seq')::text`),
    countryCode: varchar({ length: 2 }).notNull(),
    /** Language of the member's emails and links. */
    languageCode: varchar({ length: 3 }).notNull(),
    officeId: varchar({ length: 20 })
      .notNull()
      .references(() => offices.officeId),
    status: text().$type<AgentStatus>().notNull(),
    title: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull().default(''),
    birthdayDay: varchar({ length: 2 }).notNull().default(''),
    birthdayMonth: varchar({ length: 2 }).notNull().default(''),
    newsletter: boolean().notNull().default(false),
    sign: varchar({ length: 4 }).notNull().default(''),
    address: text().notNull().default(''),
    giftDeliveryAddress: text().notNull().default(''),
    /** argon2id; never leaves the server. */
    passwordHash: text().notNull(),
    /** When the member last accepted the terms, and which version (the country's `termsVersion`). */
    termsAcceptedAt: timestamp({ withTimezone: true }),
    acceptedTermsVersion: text(),
    /** A member of the direct-access product: shown the redirect overlay (why and when: `direct_access_changes`). */
    isAmadeusDirectUser: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    /**
     * Names as staff search them (case and accents folded by the database's
     * `member_search_key`), kept with the row so a search reads them from its
     * index instead of folding every candidate (modules/member-care/member-search.ts).
     */
    lastNameKey: text().generatedAlwaysAs(sql`member_search_key(last_name)`),
    firstNameKey: text().generatedAlwaysAs(sql`member_search_key(first_name)`),
  },
  (t) => [
    // One account per email address (case-insensitive): email links and
    // password recovery find the member by it.
    uniqueIndex('agents_email_idx').on(sql`lower(${t.email})`),
    index('agents_office_idx').on(t.officeId),
    // The members-by-month report counts a country's enrolments per month.
    index('agents_country_created_idx').on(t.countryCode, t.createdAt),
  ],
);

/**
 * Why a member became, or stopped being, a direct-access user: their office
 * turned to direct sales (a load of the offices directory), or programme staff
 * said so (`npm run members:direct-access`).
 */
export type DirectAccessReason = 'office-direct-sales' | 'staff';

/** Every change of a member's direct-access flag: when, which way and why. Append-only. */
export const directAccessChanges = pgTable(
  'direct_access_changes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    isAmadeusDirectUser: boolean().notNull(),
    reason: text().$type<DirectAccessReason>().notNull(),
    /** The office that turned to direct sales, for that reason. */
    officeId: varchar({ length: 20 }),
    changedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('direct_access_changes_agent_idx').on(t.agentId)],
);

/** Login sessions: opaque random tokens, stored as SHA-256 hashes, revocable. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('sessions_agent_idx').on(t.agentId)],
);

/**
 * Session handover codes: a member signed in on another country's site is
 * sent to their own with one of these in the address, and that site exchanges
 * it for a session of its own. Random, stored as SHA-256, bound to the member,
 * the session that minted it and the country of the site that may use it,
 * short-lived and single-use (the exchange deletes the row).
 */
export const sessionHandovers = pgTable(
  'session_handovers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /**
     * The session that minted the code: it must still be open at the
     * exchange, and ending it deletes the code, so a stolen token's codes
     * die with it (a password change, a logout, staff "end sessions").
     */
    sessionId: integer()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    countryCode: varchar({ length: 2 }).notNull(),
    codeHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('session_handovers_agent_idx').on(t.agentId),
    index('session_handovers_session_idx').on(t.sessionId),
  ],
);

/** What an emailed link does. */
export type AgentLinkPurpose =
  'confirm-email' | 'reset-password' | 'delete-account' | 'restore-account' | 'change-email';

/** Emailed links: single-use random tokens, stored hashed, with expiry. */
export const agentLinks = pgTable(
  'agent_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    purpose: text().$type<AgentLinkPurpose>().notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /** The new address a `change-email` link confirms; it becomes the member's only then. */
    email: text(),
  },
  (t) => [index('agent_links_agent_idx').on(t.agentId, t.purpose)],
);

/**
 * Secrets shared by every server process, made once by whichever process
 * needs one first: the device cookies' signing key when DEVICE_COOKIE_SECRET
 * is not configured (docs/decisions/020).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
