import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_COUNT_CAP,
  type AuditEntry,
  type AuditFilter,
  type AuditPage,
} from '@club/contract/staff-audit';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { auditEntries } from './schema.js';

/**
 * Reading the audit log: the filters of the audit screen and its CSV export,
 * each served by an index of `audit_entries` (actor, action, target, at,
 * staff and country, each with `at` for the newest-first order).
 */

/** Whose entries a reader may see: an admin every one; others their countries' and their own. */
export type AuditScope = { countries: string[]; staffId: number } | null;

/** The start of `from` and the end of `to`: a date alone is the whole day, UTC. */
export function auditBounds(filter: Pick<AuditFilter, 'from' | 'to'>): {
  from?: Date;
  to?: Date;
} {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
  const bounds: { from?: Date; to?: Date } = {};
  if (filter.from !== undefined) {
    bounds.from = new Date(dateOnly.test(filter.from) ? `${filter.from}T00:00:00Z` : filter.from);
  }
  if (filter.to !== undefined) {
    bounds.to = dateOnly.test(filter.to)
      ? new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000)
      : // A moment given is included: the bound is the next millisecond.
        new Date(Date.parse(filter.to) + 1);
  }
  return bounds;
}

function conditionsOf(filter: AuditFilter, scope: AuditScope): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.staff !== undefined) {
    // Staff emails are stored lower-case; command-line actors keep their user's case.
    conditions.push(
      inArray(auditEntries.actor, [...new Set([filter.staff, filter.staff.toLowerCase()])]),
    );
  }
  if (filter.member !== undefined) {
    conditions.push(eq(auditEntries.targetType, 'member'), eq(auditEntries.target, filter.member));
  }
  if (filter.action !== undefined) conditions.push(eq(auditEntries.action, filter.action));
  if (filter.targetType !== undefined)
    conditions.push(eq(auditEntries.targetType, filter.targetType));
  if (filter.target !== undefined) conditions.push(eq(auditEntries.target, filter.target));
  const { from, to } = auditBounds(filter);
  if (from !== undefined) conditions.push(gte(auditEntries.at, from));
  if (to !== undefined) conditions.push(lt(auditEntries.at, to));
  if (scope !== null) {
    conditions.push(
      or(
        scope.countries.length === 0
          ? sql`false`
          : inArray(auditEntries.countryCode, scope.countries),
        eq(auditEntries.staffId, scope.staffId),
      ),
    );
  }
  return and(...conditions);
}

const entryColumns = {
  id: auditEntries.id,
  at: auditEntries.at,
  staff: auditEntries.actor,
  action: auditEntries.action,
  targetType: auditEntries.targetType,
  target: auditEntries.target,
  countryCode: auditEntries.countryCode,
  reason: auditEntries.reason,
  before: auditEntries.before,
  after: auditEntries.after,
};

type EntryRow = Omit<AuditEntry, 'at'> & { at: Date | string };
const entryOf = (row: EntryRow): AuditEntry => ({ ...row, at: new Date(row.at).toISOString() });

/**
 * One page of the entries the filter and the scope keep, newest first, and
 * how many there are, counted up to `countCap`: the count reads at most
 * `countCap + 1` entries of the filter's index and stops, so a filter that
 * matches millions of entries costs no more than one that matches the cap.
 */
export async function auditPage(
  db: Database,
  filter: AuditFilter,
  scope: AuditScope,
  page: { page: number; pageSize: number },
  countCap: number = AUDIT_COUNT_CAP,
): Promise<AuditPage> {
  const where = conditionsOf(filter, scope);
  const [rows, counted] = await Promise.all([
    db
      .select(entryColumns)
      .from(auditEntries)
      .where(where)
      .orderBy(desc(auditEntries.at), desc(auditEntries.id))
      .limit(page.pageSize)
      .offset(page.page * page.pageSize),
    db.execute(
      sql`select count(*)::int as total from (select 1 from ${auditEntries} where ${where ?? sql`true`} limit ${countCap + 1}) as matching`,
    ),
  ]);
  const total = Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0);
  return {
    items: rows.map(entryOf),
    total: Math.min(total, countCap),
    totalCapped: total > countCap,
  };
}

/** The most entries one CSV export holds: narrow the filter for more. */
export const auditExportLimit = 50_000;

/** The entries the filter and the scope keep, newest first, for the CSV export. */
export async function auditExport(
  db: Database,
  filter: AuditFilter,
  scope: AuditScope,
): Promise<AuditEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(auditEntries)
    .where(conditionsOf(filter, scope))
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(auditExportLimit);
  return rows.map(entryOf);
}

/**
 * The actions found in the log, for the filter's list: a loose index scan on
 * `audit_entries_action_idx` that jumps from one action to the next, so it
 * reads one index entry per action however long the log grows.
 */
export async function auditActions(db: Database): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive found(action) as (
      (select action from audit_entries order by action limit 1)
      union all
      select (select a.action from audit_entries a where a.action > found.action order by a.action limit 1)
      from found where found.action is not null
    )
    select action from found where action is not null`);
  return rowsOf<{ action: string }>(result).map((row) => row.action);
}
