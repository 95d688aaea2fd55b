import { and, asc, eq, gt, inArray, lte, gte, ne, sql, type SQL } from 'drizzle-orm';
import { memberStateWords } from '@club/contract/staff-member-rules';
import type { MemberState } from '@club/contract/staff-members';
import type { Database } from '../../db/client.js';
import type { CsvValue } from '../../lib/csv.js';
import { agents } from '../agents/schema.js';
import { pointBalances } from '../points/schema.js';

export type MemberListFilter = {
  /** The countries to read: one chosen, or the staff member's (null: every country). */
  countries: readonly string[] | null;
  state?: MemberState | undefined;
  minPoints?: number | undefined;
  maxPoints?: number | undefined;
};

export const memberListColumns = [
  'member',
  'first name',
  'last name',
  'email',
  'country',
  'language',
  'state',
  'office ID',
  'registered',
  'available points',
];

const BATCH = 1000;

/**
 * The members a filter matches, as CSV rows in batches of 1,000 read by
 * keyset (member id), at most `max` in all: never a purged member, points as
 * available now (0 for a member without a balance yet).
 */
export async function* memberListRows(
  db: Database,
  filter: MemberListFilter,
  max: number,
): AsyncGenerator<CsvValue[][]> {
  const available = sql<number>`coalesce(${pointBalances.available}, 0)`;
  const conditions: (SQL | undefined)[] = [ne(agents.status, 'purged')];
  if (filter.countries !== null)
    conditions.push(inArray(agents.countryCode, [...filter.countries]));
  if (filter.state !== undefined) conditions.push(eq(agents.status, filter.state));
  if (filter.minPoints !== undefined) conditions.push(gte(available, filter.minPoints));
  if (filter.maxPoints !== undefined) conditions.push(lte(available, filter.maxPoints));
  let after = 0;
  let left = max;
  while (left > 0) {
    const rows = await db
      .select({
        id: agents.id,
        number: agents.number,
        firstName: agents.firstName,
        lastName: agents.lastName,
        email: agents.email,
        countryCode: agents.countryCode,
        languageCode: agents.languageCode,
        status: agents.status,
        officeId: agents.officeId,
        createdAt: agents.createdAt,
        available,
      })
      .from(agents)
      .leftJoin(pointBalances, eq(pointBalances.agentId, agents.id))
      .where(and(gt(agents.id, after), ...conditions))
      .orderBy(asc(agents.id))
      .limit(Math.min(BATCH, left));
    if (rows.length === 0) return;
    yield rows.map((row) => [
      row.number,
      row.firstName,
      row.lastName,
      row.email,
      row.countryCode,
      row.languageCode,
      memberStateWords[row.status as MemberState] ?? row.status,
      row.officeId,
      row.createdAt.toISOString(),
      Number(row.available),
    ]);
    after = rows[rows.length - 1]!.id;
    left -= rows.length;
    if (rows.length < BATCH) return;
  }
}
