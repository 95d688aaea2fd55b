import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';

/**
 * Changes to bookings and their segments (imports, the points clock's
 * pending → OK pass) take this transaction-level advisory lock before they
 * lock any member's balance, so that they run one at a time across server
 * processes and can never deadlock on segment rows. Any fixed number,
 * distinct from the migration, content and offices locks.
 */
const BOOKINGS_LOCK_KEY = 4_242_010;

export async function lockBookings(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BOOKINGS_LOCK_KEY})`);
}
