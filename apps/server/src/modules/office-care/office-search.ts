import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  officeSearchCountCap,
  type OfficeSearchPage,
  type OfficeSearchQuery,
} from '@club/contract/staff-offices';
import type { Database } from '../../db/client.js';
import { officeSearchWords, offices } from '../offices/schema.js';

export const OFFICE_PAGE_SIZE = 25;

/**
 * The words of a search as a prefix query of the `simple` configuration
 * (`donau:* & wien:*`): only letters and digits reach `to_tsquery`, so no
 * search text can form its operators.
 */
export function prefixQuery(text: string): string | null {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length === 0 ? null : words.map((word) => `${word.toLowerCase()}:*`).join(' & ');
}

/**
 * The staff's offices search, served by indexes at any directory size: the
 * office ID by prefix (`offices_office_id_pattern_idx`,
 * `offices_country_office_id_idx`), words of the agency name, address and
 * zip by prefix (`offices_search_words_idx`, GIN), the countries' offices in
 * office ID order (`offices_country_office_id_idx`). The count stops at
 * `officeSearchCountCap`.
 */
export async function searchOffices(
  db: Database,
  countries: readonly string[] | null,
  { query, state, page }: OfficeSearchQuery,
): Promise<OfficeSearchPage> {
  const conditions: SQL[] = [];
  if (countries !== null) conditions.push(inArray(offices.countryCode, [...countries]));
  if (state === 'active') conditions.push(eq(offices.active, true));
  if (state === 'inactive') conditions.push(eq(offices.active, false));
  if (state === 'direct') conditions.push(eq(offices.isAmadeusDirectOffice, true));
  if (query !== '') {
    const matches: SQL[] = [];
    const words = prefixQuery(query);
    if (/^[A-Za-z0-9]{1,20}$/.test(query)) {
      const prefix = `${query.toUpperCase()}%`;
      matches.push(sql`${offices.officeId} like ${prefix}`);
    }
    if (words !== null) {
      matches.push(sql`${officeSearchWords(offices)} @@ to_tsquery('simple'::regconfig, ${words})`);
    }
    // Nothing searchable (punctuation only) finds nothing.
    conditions.push(matches.length === 0 ? sql`false` : or(...matches)!);
  }
  const where = conditions.length === 0 ? undefined : and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        officeId: offices.officeId,
        countryCode: offices.countryCode,
        agencyName: offices.agencyName,
        address: offices.address,
        zip: offices.zip,
        active: offices.active,
        direct: offices.isAmadeusDirectOffice,
      })
      .from(offices)
      .where(where)
      .orderBy(asc(offices.officeId))
      .limit(OFFICE_PAGE_SIZE)
      .offset((page - 1) * OFFICE_PAGE_SIZE),
    db.select({ total: count() }).from(
      db
        .select({ one: sql`1` })
        .from(offices)
        .where(where)
        .limit(officeSearchCountCap + 1)
        .as('found'),
    ),
  ]);
  const total = counted?.total ?? 0;
  return {
    items: rows,
    total: Math.min(total, officeSearchCountCap),
    totalIsCapped: total > officeSearchCountCap,
    page,
    pageSize: OFFICE_PAGE_SIZE,
  };
}
