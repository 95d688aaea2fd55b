import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The audit log: one entry per change made by staff in the console or by a
 * command-line tool, written in the same transaction as the change.
 * Append-only: a trigger (migration 0015) refuses every UPDATE and DELETE, so
 * not even a bug in the application can rewrite history.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The staff account that made the change; null for a command-line tool or the system. */
    staffId: integer(),
    /** Who, as people read it: the staff email, `command-line (user)`, or `system`. */
    actor: text().notNull(),
    /** What was done, e.g. `member.adjust-points`, `order.refund`, `gift.update`. */
    action: text().notNull(),
    /** What kind of thing changed (`member`, `order`, `gift`, `content`, `office`, `staff`, …). */
    targetType: text().notNull(),
    /** Which one: a member number, an order id, a gift key, a content path. */
    target: text().notNull(),
    /** The country the target belongs to, when it has one: managers see their countries' entries. */
    countryCode: varchar({ length: 2 }),
    /** Why, where points, orders or accounts move. */
    reason: text(),
    before: jsonb(),
    after: jsonb(),
  },
  (table) => [
    index('audit_entries_at_idx').on(table.at),
    index('audit_entries_target_idx').on(table.targetType, table.target, table.at),
    index('audit_entries_staff_idx').on(table.staffId, table.at),
    index('audit_entries_action_idx').on(table.action, table.at),
    // The audit screen's filter by who (staff email or command-line user) and managers' view of their countries.
    index('audit_entries_actor_idx').on(table.actor, table.at),
    index('audit_entries_country_idx').on(table.countryCode, table.at),
  ],
);
