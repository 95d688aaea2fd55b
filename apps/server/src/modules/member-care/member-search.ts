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

/** One way of matching: a condition, and the indexed key to read its matches in (stopping at the cap). */
type Match = { condition: SQL; key?: SQL };

const nameKey = (column: 'first_name' | 'last_name') => sql.raw(`member_search_key(${column})`);
const nameMatch = (column: 'first_name' | 'last_name', word: string) =>
  sql`${nameKey(column)} like member_search_key(${prefixPattern(word)})`;

/**
 * The ways a query can match, each an index range scan (migration 0016):
 * digits are a member number (the unique index); text with `@` an email
 * prefix (lower(email) text_pattern_ops); one word a last name, first name,
 * email or office ID prefix; two or more words a first name and last name
 * prefix in either order. Names are compared through `member_search_key`
 * (case and accents folded), the same function the indexes hold. Each match
 * is read in its index's order (`using ~<~`, the order of text_pattern_ops),
 * so that a common prefix stops after the cap instead of reading every match.
 */
export function matchConditions(query: string): Match[] {
  if (/^\d+$/.test(query)) return [{ condition: sql`number = ${query}` }];
  const lowered = query.toLowerCase();
  const email: Match = {
    condition: sql`lower(email) like ${prefixPattern(lowered)}`,
    key: sql`lower(email)`,
  };
  if (query.includes('@')) return [email];
  const words = query.split(/\s+/).filter((word) => word !== '');
  if (words.length === 1) {
    const word = words[0]!;
    const matches: Match[] = [
      { condition: nameMatch('last_name', word), key: nameKey('last_name') },
      { condition: nameMatch('first_name', word), key: nameKey('first_name') },
      email,
    ];
    if (/^[A-Za-z0-9]+$/.test(word)) {
      matches.push({
        condition: sql`upper(office_id) like ${prefixPattern(word.toUpperCase())}`,
        key: sql`upper(office_id)`,
      });
    }
    return matches;
  }
  const [head, ...rest] = words;
  const tail = rest.join(' ');
  return [
    {
      condition: sql`${nameMatch('first_name', head!)} and ${nameMatch('last_name', tail)}`,
      key: nameKey('first_name'),
    },
    {
      condition: sql`${nameMatch('last_name', head!)} and ${nameMatch('first_name', tail)}`,
      key: nameKey('last_name'),
    },
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
    ({ condition, key }) =>
      sql`(select id from agents where (${condition}) and ${inCountries}
        ${key === undefined ? sql`` : sql`order by ${key} using ~<~`} limit ${MEMBER_SEARCH_CAP + 1})`,
  );
  // One statement: the matched ids are read from the indexes once, for the count and the page.
  const page = await db.execute(sql`
    with matched as (
      select id from (${sql.join(branches, sql` union `)}) as found limit ${MEMBER_SEARCH_CAP + 1}
    )
    select number, country_code as "countryCode", first_name as "firstName",
      last_name as "lastName", email, office_id as "officeId", status as state,
      (select count(*)::int from matched) as total
    from agents where id in (select id from matched)
    order by member_search_key(last_name), member_search_key(first_name), id
    limit ${search.pageSize} offset ${search.page * search.pageSize}`);
  const rows = rowsOf<MemberSearchItem & { total: number }>(page);
  // A page past the end has no row to carry the count: only then is it counted apart.
  const total =
    rows[0]?.total ??
    (search.page === 0
      ? 0
      : (rowsOf<{ total: number }>(
          await db.execute(sql`select count(*)::int as total from (
            select id from (${sql.join(branches, sql` union `)}) as found limit ${MEMBER_SEARCH_CAP + 1}
          ) as matched`),
        )[0]?.total ?? 0));
  return {
    items: rows.map(({ total: _total, ...item }) => item),
    total: Math.min(total, MEMBER_SEARCH_CAP),
    totalCapped: total > MEMBER_SEARCH_CAP,
  };
}
