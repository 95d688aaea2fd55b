import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counted attempts per key (a member number, a client address, a device cookie, an office) in fixed
 * windows; kept in the database so that the limits hold across server processes.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: text().primaryKey(),
    failures: integer().notNull(),
    windowStartedAt: timestamp({ withTimezone: true }).notNull(),
    blockedUntil: timestamp({ withTimezone: true }),
  },
  // Finds a member's device keys by prefix (`device:<number>:%`) whatever the
  // database's collation: unlocking a member and the purge clear them.
  (t) => [index('login_failures_key_prefix_idx').on(t.key.op('text_pattern_ops'))],
);
