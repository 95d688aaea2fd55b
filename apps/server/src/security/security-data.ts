import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { ledgerProblems } from '../testing/booking-records.js';

/**
 * Database views of the security suites: what a call could change (to show
 * that a refused call changed nothing) and the invariants every call must keep.
 */

/** Every table a call of the API writes: members and their sessions and links, points, orders, stock, mail, offices. */
export const writtenTables = [
  'agents',
  'sessions',
  'agent_links',
  'login_failures',
  'point_balances',
  'point_entries',
  'point_lots',
  'point_allocations',
  'bookings',
  'booking_segments',
  'gifts',
  'gift_orders',
  'gift_order_lines',
  'member_tax_info',
  'mail_outbox',
  'offices',
  'office_enroll_requests',
  'office_notify_requests',
  'agency_links',
  'agency_state_changes',
  'office_imports',
  'booking_imports',
  'direct_access_changes',
  'terms_version_changes',
  'audit_entries',
  'staff_accounts',
  'staff_setup_links',
  'countries',
  'country_languages',
  'dictionary_entries',
  'menu_items',
  'header_alerts',
  'header_images',
  'texts',
  'pages',
  'faq_items',
  'content_version',
  'content_staff_edits',
  'gift_categories',
  'gift_texts',
  'gift_ordering',
  'gift_order_attempts',
  'gift_images',
  'missing_points_claims',
  'point_adjustments',
  'earning_rules',
] as const;

export type Snapshot = Record<string, unknown[]>;

/** Both drivers answer raw statements with `rows`. */
async function rows(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  const result: unknown = await db.execute<Record<string, unknown>>(query);
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** The rows of each query as one JSON object, in one statement (the embedded database pays per statement). */
async function tablesAsJson(db: Database, queries: Record<string, SQL>): Promise<Snapshot> {
  const parts = Object.entries(queries).map(
    ([name, query]) =>
      sql`${name}::text, (select coalesce(json_agg(x order by x::text), '[]'::json) from (${query}) x)`,
  );
  const [row] = await rows(
    db,
    sql`select json_build_object(${sql.join(parts, sql`, `)})::text as "all"`,
  );
  return JSON.parse(String(row!.all)) as Snapshot;
}

/** All rows of the written tables, in a stable order (by the row's text: any column types). */
export function snapshot(db: Database): Promise<Snapshot> {
  return tablesAsJson(
    db,
    Object.fromEntries(writtenTables.map((table) => [table, sql.raw(`select * from ${table}`)])),
  );
}

/**
 * The rows that belong to one member: the record, sessions, links, points,
 * orders and their lines, tax information and mail to the member's address.
 * For calls that act on the caller's own account: another member calling
 * them must leave these rows as they were.
 */
export function memberSnapshot(
  db: Database,
  member: { id: number; email: string },
): Promise<Snapshot> {
  const id = member.id;
  const byAgent = (table: string) => sql`select * from ${sql.raw(table)} where agent_id = ${id}`;
  return tablesAsJson(db, {
    agents: sql`select * from agents where id = ${id}`,
    sessions: byAgent('sessions'),
    agent_links: byAgent('agent_links'),
    point_balances: byAgent('point_balances'),
    point_entries: byAgent('point_entries'),
    point_lots: byAgent('point_lots'),
    point_allocations: byAgent('point_allocations'),
    gift_orders: byAgent('gift_orders'),
    gift_order_lines: sql`select l.* from gift_order_lines l
      join gift_orders o on o.id = l.order_id where o.agent_id = ${id}`,
    member_tax_info: byAgent('member_tax_info'),
    mail_outbox: sql`select * from mail_outbox where lower(recipient) = lower(${member.email})`,
    // Stock is everyone's: a member's order must not take it for another.
    gifts: sql`select id, stock, active from gifts`,
  });
}

/**
 * Breaches of the invariants no call may break, whatever it is sent: the
 * ledger's (balances equal their entries and lots, segment counts), no
 * negative stock, and no gift order without its lines and its ledger debit.
 */
export async function databaseProblems(db: Database): Promise<string[]> {
  const problems = await ledgerProblems(db);
  for (const gift of await rows(db, sql`select id, stock from gifts where stock < 0`)) {
    problems.push(`gift ${String(gift.id)} has stock ${String(gift.stock)}`);
  }
  const undebited = await rows(
    db,
    sql`select o.id from gift_orders o
        where not exists (
          select 1 from point_entries e
          where e.order_id = o.id and e.agent_id = o.agent_id
            and e.kind = 'order' and e.amount = -o.total_points)`,
  );
  for (const order of undebited) problems.push(`order ${String(order.id)} has no ledger debit`);
  const unlined = await rows(
    db,
    sql`select o.id from gift_orders o
        left join gift_order_lines l on l.order_id = o.id
        group by o.id, o.total_points
        having coalesce(sum(l.points * l.quantity), 0) <> o.total_points`,
  );
  for (const order of unlined) {
    problems.push(`order ${String(order.id)}: its lines do not add up to its total`);
  }
  return problems;
}
