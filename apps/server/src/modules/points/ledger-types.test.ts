import { describe, expect, it } from 'vitest';
import type { Database, Transaction } from '../../db/client.js';
import { saveBookings } from './bookings/booking-store.js';
import { LedgerSession } from './ledger.js';
import { lockBookings } from './locks.js';

/**
 * A change of points is written with the change that causes it, or not at
 * all: the ledger, the bookings lock and the booking store take a
 * `Transaction`, and the type check (`npm run typecheck`) refuses the
 * database itself.
 */
describe('changing points', () => {
  it('takes a transaction, never the database itself', () => {
    const inTransaction = [
      (tx: Transaction) => LedgerSession.open(tx, [1], '2026-01-01'),
      (tx: Transaction) => lockBookings(tx),
      (tx: Transaction) => saveBookings(tx, [], () => false),
    ];
    const outsideTransaction = [
      // @ts-expect-error a Database is not a Transaction: the balance would change without its cause
      (db: Database) => LedgerSession.open(db, [1], '2026-01-01'),
      // @ts-expect-error outside a transaction the bookings lock would end at once
      (db: Database) => lockBookings(db),
      // @ts-expect-error bookings are stored with the credits they earn
      (db: Database) => saveBookings(db, [], () => false),
    ];
    expect([...inTransaction, ...outsideTransaction].map((call) => typeof call)).toEqual(
      Array(6).fill('function'),
    );
  });
});
