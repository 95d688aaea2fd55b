import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The offices directory: every office ID agents may register with (spec 1 §3
 * "Office data"), loaded from `content/offices/` and the import tooling.
 * Office IDs are stored upper-case. An office is `active` when its agency
 * takes part (decision-maker opt-in, spec 2 §6).
 */
export const offices = pgTable(
  'offices',
  {
    officeId: varchar({ length: 20 }).primaryKey(),
    countryCode: varchar({ length: 2 }).notNull(),
    agencyName: text().notNull(),
    address: text().notNull(),
    zip: text().notNull(),
    active: boolean().notNull().default(true),
    /**
     * When the decision maker last opted in or out; null while the offices
     * file still decides `active` (a reload keeps a decided state).
     */
    activeDecidedAt: timestamp({ withTimezone: true }),
    /** Direct-sales office: registration shows the direct-office notice instead. */
    isAmadeusDirectOffice: boolean().notNull().default(false),
    /** The agency's decision maker, told of access requests (spec 1 §2 step 6). */
    decisionMakerEmail: text(),
    decisionMakerName: text(),
  },
  (t) => [
    index('offices_country_idx').on(t.countryCode),
    // The staff search: a country's offices in office ID order, and office IDs by prefix (LIKE 'X%').
    index('offices_country_office_id_idx').on(t.countryCode, t.officeId),
    index('offices_office_id_pattern_idx').on(t.officeId.op('varchar_pattern_ops')),
    // The staff search by words of the agency name, address (city) and zip, each by prefix.
    index('offices_search_words_idx').using('gin', sql`${officeSearchWords(t)}`),
  ],
);

/**
 * The words the staff search matches by prefix (`simple`: no stemming, lower
 * case): the agency name, the address (with its city) and the zip. One
 * expression, so that the search's query and the index agree.
 */
export function officeSearchWords(t: { agencyName: unknown; address: unknown; zip: unknown }) {
  return sql`to_tsvector('simple'::regconfig, ${t.agencyName} || ' ' || ${t.address} || ' ' || ${t.zip})`;
}

/**
 * Every load of an office directory file (the console's upload, `content:load`):
 * who, when, which file, what it changed and which entries it refused. The
 * office state changes it made point at it (`agency_state_changes`).
 */
export const officeImports = pgTable(
  'office_imports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The staff account of a console upload; null for a command-line tool. */
    staffId: integer(),
    /** Who, as the audit log names them: the staff email, `command-line (user)`, `system`. */
    actor: text().notNull(),
    /** `console` (an upload) or `content-load` (the content folder). */
    source: text().$type<'console' | 'content-load'>().notNull(),
    fileName: text().notNull(),
    /** Counts: offices read, added, changed, unchanged, rejected, members made direct-access users. */
    summary: jsonb().notNull(),
  },
  (t) => [index('office_imports_at_idx').on(t.at)],
);

/** `POST …/enroll/push`: an agent asked that the decision maker be told. */
export const officeEnrollRequests = pgTable(
  'office_enroll_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    officeId: varchar({ length: 20 })
      .notNull()
      .references(() => offices.officeId),
    countryCode: varchar({ length: 2 }).notNull(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null when the request fell within the quiet period and no mail went out. */
    mailedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('office_enroll_requests_office_idx').on(t.officeId, t.requestedAt)],
);

/** `POST …/enroll/notify`: an email to tell once the office becomes active. */
export const officeNotifyRequests = pgTable(
  'office_notify_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    officeId: varchar({ length: 20 })
      .notNull()
      .references(() => offices.officeId),
    countryCode: varchar({ length: 2 }).notNull(),
    languageCode: varchar({ length: 3 }).notNull(),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('office_notify_requests_office_idx').on(t.officeId)],
);
