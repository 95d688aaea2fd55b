import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { SUMMARY_SHARDS, type LedgerEntryKind } from './schema.js';

/** What one flush of the ledger adds to an entry kind's month. */
export type MonthDelta = {
  agentId: number;
  entryDate: string;
  kind: LedgerEntryKind;
  amount: number;
};

/** What one flush changes in the remaining points of lots lapsing on a day. */
export type LapseDelta = { agentId: number; expiresOn: string; amount: number };

/**
 * The writes that add a flush's entries to `point_month_totals` and its lot
 * changes to `point_lapse_totals` (reports/schema.ts), for the ledger to run
 * in its transaction with its own writes (one statement, ledger.ts `flush`).
 * Rows are summed per member country (joined here, so callers need not know
 * it) and month into the shard of this connection (schema.ts SUMMARY_SHARDS),
 * and upserted in key order: two transactions lock summary rows in the same
 * order and never deadlock on them.
 */
export function pointSummaryWrites(
  months: readonly MonthDelta[],
  lapses: readonly LapseDelta[],
): SQL[] {
  const changed = lapses.filter((row) => row.amount !== 0);
  const statements: SQL[] = [];
  if (months.length > 0) {
    const rows = months.map(
      (row) =>
        sql`(${row.agentId}::int, ${row.entryDate}::date, ${row.kind}::text, ${row.amount}::int)`,
    );
    statements.push(sql`
      insert into point_month_totals (country_code, month, kind, shard, points)
      select a.country_code, date_trunc('month', v.entry_date)::date, v.kind, pg_backend_pid() % ${SUMMARY_SHARDS}, sum(v.amount)
      from (values ${sql.join(rows, sql`, `)}) as v(agent_id, entry_date, kind, amount)
      join agents a on a.id = v.agent_id
      group by 1, 2, 3, 4
      order by 1, 2, 3, 4
      on conflict (country_code, month, kind, shard)
        do update set points = point_month_totals.points + excluded.points`);
  }
  if (changed.length > 0) {
    const rows = changed.map(
      (row) => sql`(${row.agentId}::int, ${row.expiresOn}::date, ${row.amount}::int)`,
    );
    statements.push(sql`
      insert into point_lapse_totals (country_code, month, shard, points)
      select a.country_code, date_trunc('month', v.expires_on)::date, pg_backend_pid() % ${SUMMARY_SHARDS}, sum(v.amount)
      from (values ${sql.join(rows, sql`, `)}) as v(agent_id, expires_on, amount)
      join agents a on a.id = v.agent_id
      group by 1, 2, 3
      order by 1, 2, 3
      on conflict (country_code, month, shard)
        do update set points = point_lapse_totals.points + excluded.points`);
  }
  return statements;
}

/**
 * Takes members' entries and open lots out of the summaries before their rows
 * go (the purge of deleted members cascades to the ledger): the summaries
 * stay the sum of the entries that exist.
 */
export async function removeFromPointSummaries(
  tx: Transaction,
  agentIds: readonly number[],
): Promise<void> {
  if (agentIds.length === 0) return;
  const ids = sql`array[${sql.join(
    agentIds.map((id) => sql`${id}::int`),
    sql`, `,
  )}]`;
  await tx.execute(sql`
    insert into point_month_totals (country_code, month, kind, shard, points)
    select a.country_code, date_trunc('month', e.entry_date)::date, e.kind, pg_backend_pid() % ${SUMMARY_SHARDS}, -sum(e.amount)
    from point_entries e join agents a on a.id = e.agent_id
    where e.agent_id = any(${ids})
    group by 1, 2, 3, 4
    order by 1, 2, 3, 4
    on conflict (country_code, month, kind, shard)
      do update set points = point_month_totals.points + excluded.points`);
  await tx.execute(sql`
    insert into point_lapse_totals (country_code, month, shard, points)
    select a.country_code, date_trunc('month', l.expires_on)::date, pg_backend_pid() % ${SUMMARY_SHARDS}, -sum(l.remaining)
    from point_lots l join agents a on a.id = l.agent_id
    where l.agent_id = any(${ids}) and l.remaining > 0
    group by 1, 2, 3
    order by 1, 2, 3
    on conflict (country_code, month, shard)
      do update set points = point_lapse_totals.points + excluded.points`);
}
