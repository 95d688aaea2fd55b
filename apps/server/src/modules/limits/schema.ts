import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counted attempts per key (a member number, a client address, a device cookie, an office) in fixed
 * windows; kept in the database so that the limits hold across server processes.
 */
export const loginFailures = pgTable('login_failures', {
  key: text().primaryKey(),
  failures: integer().notNull(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  blockedUntil: timestamp({ withTimezone: true }),
});
