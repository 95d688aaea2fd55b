import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { LedgerSession } from './ledger.js';
import { pointBalances } from './schema.js';

/**
 * Lets the member's points whose day has come lapse now (the clock job may
 * not have run yet today), so that what is read next is exact. Answers the
 * member's balance row, read again after a lapse; undefined without one.
 */
export async function lapseDuePoints(db: Database, agentId: number, today: string) {
  const [row] = await db.select().from(pointBalances).where(eq(pointBalances.agentId, agentId));
  if (row?.nextExpiryOn == null || row.nextExpiryOn > today) return row;
  await db.transaction(async (tx) => {
    const session = await LedgerSession.open(tx, [agentId], today);
    await session.flush();
  });
  const [updated] = await db.select().from(pointBalances).where(eq(pointBalances.agentId, agentId));
  return updated;
}
