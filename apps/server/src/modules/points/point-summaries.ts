import { sql, type SQL } from 'drizzle-orm';
import type { EarnedSource } from '@club/contract/staff-reports';
import { SUMMARY_SHARDS, type LedgerEntryKind } from './schema.js';

/** What one flush of the ledger adds to an entry kind's month, per source of earned points. */
export type MonthDelta = {
  agentId: number;
  entryDate: string;
  kind: LedgerEntryKind;
  /** Where earned points came from; empty for spending and lapses. */
  source: EarnedSource | '';
  amount: number;
};

/** What one flush changes in the remaining points of lots lapsing on a day. */
export type LapseDelta = { agentId: number; expiresOn: string; amount: number };

/**
 * The writes that add a flush's entries to `point_month_totals` (by kind and
 * source), its members who earned or redeemed to `member_active_months`, and its lot
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
  // A member earned or redeemed in the month: a credit of theirs (not a refund) or an order.
  const active = new Map<string, { agentId: number; month: string }>();
  for (const row of months) {
    const counts =
      row.kind === 'order' ||
      ((row.kind === 'segment' || row.kind === 'additional') && row.amount > 0);
    const month = `${row.entryDate.slice(0, 7)}-01`;
    if (counts) active.set(`${row.agentId} ${month}`, { agentId: row.agentId, month });
  }
  if (active.size > 0) {
    const rows = [...active.values()].map((row) => sql`(${row.agentId}::int, ${row.month}::date)`);
    statements.push(sql`
      insert into member_active_months (country_code, month, agent_id)
      select a.country_code, v.month, v.agent_id
      from (values ${sql.join(rows, sql`, `)}) as v(agent_id, month)
      join agents a on a.id = v.agent_id
      order by 1, 2, 3
      on conflict do nothing`);
  }
  if (months.length > 0) {
    const rows = months.map(
      (row) =>
        sql`(${row.agentId}::int, ${row.entryDate}::date, ${row.kind}::text, ${row.source}::text, ${row.amount}::int)`,
    );
    statements.push(sql`
      insert into point_month_totals (country_code, month, kind, source, shard, points)
      select a.country_code, date_trunc('month', v.entry_date)::date, v.kind, v.source, pg_backend_pid() % ${SUMMARY_SHARDS}, sum(v.amount)
      from (values ${sql.join(rows, sql`, `)}) as v(agent_id, entry_date, kind, source, amount)
      join agents a on a.id = v.agent_id
      group by 1, 2, 3, 4, 5
      order by 1, 2, 3, 4, 5
      on conflict (country_code, month, kind, source, shard)
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
