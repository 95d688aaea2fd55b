import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox: a message is written in the same transaction as
 * the change that causes it, and a worker sends it over SMTP with retries, so
 * no mail is lost when SMTP is down and none is sent for a change that rolled back.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    recipient: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    /** Template name, for the log and tests (`confirm-email`, `reset-password`, …). */
    template: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set while one worker holds the row, so that several processes never send it twice. */
    lockedUntil: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.sentAt, t.nextAttemptAt),
    // The mails sent to one member, newest first (staff's member view and data export, the purge).
    index('mail_outbox_recipient_idx').on(sql`lower(${t.recipient})`, t.createdAt),
  ],
);
