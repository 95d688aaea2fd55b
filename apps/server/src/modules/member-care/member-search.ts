import { sql, type SQL } from 'drizzle-orm';
import {
  MEMBER_SEARCH_CAP,
  type MemberSearchAnswer,
  type MemberSearchItem,
  type MemberSearchQuery,
} from '@club/contract/staff-members';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/** A LIKE pattern that matches values starting with `text` (its wildcards taken literally). */
function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The ways a query can match, each an index range scan (migration 0016):
 * digits are a member number (the unique index); text with `@` an email
 * prefix (lower(email) text_pattern_ops); one word a last name, first name,
 * email or office ID prefix; two or more words a first name and last name
 * prefix in either order. Names are compared through `member_search_key`
 * (case and accents folded), the same function the indexes hold.
 */
export function matchConditions(query: string): SQL[] {
  if (/^\d+$/.test(query)) return [sql`number = ${query}`];
  const lowered = query.toLowerCase();
  if (query.includes('@')) return [sql`lower(email) like ${prefixPattern(lowered)}`];
  const words = query.split(/\s+/).filter((word) => word !== '');
  const nameKey = (column: SQL, word: string) =>
    sql`member_search_key(${column}) like member_search_key(${prefixPattern(word)})`;
  const first = sql.raw('first_name');
  const last = sql.raw('last_name');
  if (words.length === 1) {
    const word = words[0]!;
    const conditions = [
      nameKey(last, word),
      nameKey(first, word),
      sql`lower(email) like ${prefixPattern(lowered)}`,
    ];
    if (/^[A-Za-z0-9]+$/.test(word)) {
      conditions.push(sql`upper(office_id) like ${prefixPattern(word.toUpperCase())}`);
    }
    return conditions;
  }
  const [head, ...rest] = words;
  const tail = rest.join(' ');
  return [
    sql`${nameKey(first, head!)} and ${nameKey(last, tail)}`,
    sql`${nameKey(last, head!)} and ${nameKey(first, tail)}`,
  ];
}

/**
 * Members matching a staff search, of the given countries (null: every
 * country). Each way of matching reads at most MEMBER_SEARCH_CAP + 1 rows from
 * its index, so neither the page nor the count ever scans the table: past the
 * cap the answer says so, and staff type more.
 */
export async function searchMembers(
  db: Database,
  search: MemberSearchQuery,
  countries: readonly string[] | null,
): Promise<MemberSearchAnswer> {
  if (countries !== null && countries.length === 0) {
    return { items: [], total: 0, totalCapped: false };
  }
  const inCountries =
    countries === null
      ? sql`true`
      : sql`country_code in (${sql.join(
          countries.map((code) => sql`${code}`),
          sql`, `,
        )})`;
  const branches = matchConditions(search.query).map(
    (condition) =>
      sql`(select id from agents where (${condition}) and ${inCountries} limit ${MEMBER_SEARCH_CAP + 1})`,
  );
  const matched = sql`(select id from (${sql.join(branches, sql` union `)}) as found limit ${MEMBER_SEARCH_CAP + 1})`;
  const counted = await db.execute(sql`select count(*)::int as total from ${matched} as matched`);
  const total = rowsOf<{ total: number }>(counted)[0]?.total ?? 0;
  const page = await db.execute(sql`
    select number, country_code as "countryCode", first_name as "firstName",
      last_name as "lastName", email, office_id as "officeId", status as state
    from agents where id in ${matched}
    order by member_search_key(last_name), member_search_key(first_name), id
    limit ${search.pageSize} offset ${search.page * search.pageSize}`);
  return {
    items: rowsOf<MemberSearchItem>(page),
    total: Math.min(total, MEMBER_SEARCH_CAP),
    totalCapped: total > MEMBER_SEARCH_CAP,
  };
}
