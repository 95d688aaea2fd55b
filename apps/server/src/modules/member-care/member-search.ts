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

/** The stored, folded name (migration 0023): its index holds both keys, the country and the id. */
const nameKey = (column: 'first_name' | 'last_name') => sql.raw(`${column}_key`);
const nameMatch = (column: 'first_name' | 'last_name', word: string) =>
  sql`${nameKey(column)} like member_search_key(${prefixPattern(word)})`;

/**
 * The ways a query can match, each an index range scan (migrations 0019 and
 * 0023): digits are a member number (the unique index); text with `@` an email
 * prefix (lower(email) text_pattern_ops); one word a last name, first name,
 * email or office ID prefix; two or more words a first name and last name
 * prefix in either order. Names are compared by their stored keys, folded by
 * `member_search_key` (case and accents), which folds the query too. Each match
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
 * The statements of a search, of the given countries (null: every country).
 * Each way of matching reads at most MEMBER_SEARCH_CAP + 1 matches from its
 * index, ids and sort keys only, so neither the page nor the count ever scans
 * the table or folds a name: past the cap the answer says so, and staff type
 * more. `page` reads the matches once for the count and the page, and fetches
 * only the page's rows; `count` counts them alone (for a page past the end).
 */
export function searchStatements(search: MemberSearchQuery, countries: readonly string[] | null) {
  const inCountries =
    countries === null
      ? sql`true`
      : sql`country_code in (${sql.join(
          countries.map((code) => sql`${code}`),
          sql`, `,
        )})`;
  const branches = matchConditions(search.query).map(
    ({ condition, key }) =>
      sql`(select id, last_name_key, first_name_key from agents where (${condition}) and ${inCountries} and status <> 'purged'
        ${key === undefined ? sql`` : sql`order by ${key} using ~<~`} limit ${MEMBER_SEARCH_CAP + 1})`,
  );
  const matched = sql`select id, last_name_key, first_name_key
    from (${sql.join(branches, sql` union `)}) as found limit ${MEMBER_SEARCH_CAP + 1}`;
  return {
    page: sql`
      with matched as (${matched}), page as (
        select id, last_name_key, first_name_key from matched
        order by last_name_key, first_name_key, id
        limit ${search.pageSize} offset ${search.page * search.pageSize}
      )
      select agents.number, agents.country_code as "countryCode", agents.first_name as "firstName",
        agents.last_name as "lastName", agents.email, agents.office_id as "officeId",
        agents.status as state, (select count(*)::int from matched) as total
      from page join agents on agents.id = page.id
      order by page.last_name_key, page.first_name_key, page.id`,
    count: sql`select count(*)::int as total from (${matched}) as matched`,
  };
}

/** Members matching a staff search, of the given countries (null: every country). */
export async function searchMembers(
  db: Database,
  search: MemberSearchQuery,
  countries: readonly string[] | null,
): Promise<MemberSearchAnswer> {
  if (countries !== null && countries.length === 0) {
    return { items: [], total: 0, totalCapped: false };
  }
  const statements = searchStatements(search, countries);
  const rows = rowsOf<MemberSearchItem & { total: number }>(await db.execute(statements.page));
  // A page past the end has no row to carry the count: only then is it counted apart.
  const total =
    rows[0]?.total ??
    (search.page === 0
      ? 0
      : (rowsOf<{ total: number }>(await db.execute(statements.count))[0]?.total ?? 0));
  return {
    items: rows.map(({ total: _total, ...item }) => item),
    total: Math.min(total, MEMBER_SEARCH_CAP),
    totalCapped: total > MEMBER_SEARCH_CAP,
  };
}
