import { boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

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
  (t) => [index('offices_country_idx').on(t.countryCode)],
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
