import { describe, expect, it } from 'vitest';
import type { Database, Transaction } from '../../db/client.js';
import { enqueueMail } from './outbox.js';

/**
 * The outbox's promise (no mail lost, none sent for a change that rolled
 * back) holds only when a mail is queued in the transaction of its cause:
 * `enqueueMail` takes a `Transaction`, and the type check (`npm run
 * typecheck`) refuses the database itself.
 */
describe('queueing a mail', () => {
  it('takes a transaction, never the database itself', () => {
    const mail = {
      to: 'member@example.com',
      template: 'confirm-email',
      countryCode: 'gr',
      languageCode: 'eng',
      variables: {},
    } as const;
    const inTransaction = (tx: Transaction) => enqueueMail(tx, mail);
    // @ts-expect-error a Database is not a Transaction: outside one the mail would not commit with its cause
    const outsideTransaction = (db: Database) => enqueueMail(db, mail);
    expect([inTransaction, outsideTransaction].map((call) => typeof call)).toEqual([
      'function',
      'function',
    ]);
  });
});
