import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Gift } from '@club/contract/gifts';
import type { Database } from '../../../db/client.js';
import { idArray, jsonArray, readColumns, type ColumnRead } from '../../../db/columns.js';
import { countries } from '../../content/schema.js';
import { giftCategories, gifts, giftTexts } from '../schema.js';

/** The language of a country's words: the asked one, else the country's default. */
export type CatalogueLanguage = { countryCode: string; languageCode: string };

export type CatalogueGift = Gift & {
  /** Items left; null when not counted (the contract's `stock` says 0 then). */
  remaining: number | null;
};

/** The languages to look words up in, best first: the asked one, then the country's default. */
async function languagesOf(db: Database, at: CatalogueLanguage): Promise<string[]> {
  const [country] = await db
    .select({ defaultLanguageCode: countries.defaultLanguageCode })
    .from(countries)
    .where(eq(countries.code, at.countryCode));
  return [...new Set([at.languageCode, country?.defaultLanguageCode ?? at.languageCode])];
}

/** The first language of `languages` that has a row, per key. */
function pick<T extends { languageCode: string }>(
  rows: T[],
  key: (row: T) => string | number,
  languages: string[],
): Map<string | number, T> {
  const best = new Map<string | number, T>();
  const rank = (row: T) => {
    const index = languages.indexOf(row.languageCode);
    return index === -1 ? languages.length : index;
  };
  for (const row of rows) {
    const known = best.get(key(row));
    if (known === undefined || rank(row) < rank(known)) best.set(key(row), row);
  }
  return best;
}

/**
 * The gifts a member of the country may choose now: active, and in stock or
 * not counted, in catalogue order, named in the language (or the country's
 * default). `ids` narrows to those gifts; `category` to one category.
 */
export async function availableGifts(
  db: Database,
  at: CatalogueLanguage,
  filter: { category?: string; ids?: number[] } = {},
): Promise<CatalogueGift[]> {
  if (filter.ids?.length === 0) return [];
  const rows = await db
    .select()
    .from(gifts)
    .where(
      and(
        eq(gifts.countryCode, at.countryCode),
        eq(gifts.active, true),
        or(isNull(gifts.stock), gt(gifts.stock, 0)),
        filter.category === undefined ? undefined : eq(gifts.category, filter.category),
        filter.ids === undefined ? undefined : inArray(gifts.id, filter.ids),
      ),
    )
    .orderBy(asc(gifts.position), asc(gifts.id));
  if (rows.length === 0) return [];
  const languages = await languagesOf(db, at);
  const texts = pick(
    await db
      .select()
      .from(giftTexts)
      .where(
        inArray(
          giftTexts.giftId,
          rows.map((row) => row.id),
        ),
      ),
    (row) => row.giftId,
    languages,
  );
  return rows.map((row) => ({
    id: row.id,
    img: row.image,
    // Only an image's own alt text; without one the member site keeps it decorative.
    ...(row.image !== '' && texts.get(row.id)?.imageAlt != null
      ? { imgAlt: texts.get(row.id)!.imageAlt! }
      : {}),
    description: texts.get(row.id)?.description ?? '',
    text: texts.get(row.id)?.text ?? '',
    points: row.points,
    link: row.link,
    category: row.category,
    stock: row.stock ?? 0,
    remaining: row.stock,
  }));
}

/** The country's categories in catalogue order, named in the language (or the country's default). */
export async function categoriesOf(
  db: Database,
  at: CatalogueLanguage,
): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .select()
    .from(giftCategories)
    .where(eq(giftCategories.countryCode, at.countryCode))
    .orderBy(asc(giftCategories.position), asc(giftCategories.id));
  const languages = await languagesOf(db, at);
  const names = pick(rows, (row) => row.id, languages);
  return [...names.values()]
    .sort((a, b) => a.position - b.position || a.id.localeCompare(b.id))
    .map((row) => ({ id: row.id, name: row.name }));
}

/** Gift names of the given gifts in the language (or the country's default). */
export async function giftNames(
  db: Database,
  at: CatalogueLanguage,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  return (await readColumns(db, { names: giftNamesColumn(at, ids) })).names;
}

/**
 * `giftNames` as a column of another statement: a gift order reads the names
 * with its other reads. The gifts' texts in every language and the country's
 * default language.
 */
export function giftNamesColumn(
  at: CatalogueLanguage,
  ids: number[],
): ColumnRead<Map<number, string>> {
  return {
    sql: sql`select json_build_object(
      'defaultLanguageCode', (select default_language_code from countries where code = ${at.countryCode}),
      'texts', (select json_agg(json_build_object(
          'giftId', gift_id, 'languageCode', language_code, 'description', description))
        from gift_texts where gift_id = any(${idArray(ids)})))`,
    decode: (value) => {
      type GiftText = { giftId: number; languageCode: string; description: string };
      const read = value as { defaultLanguageCode: string | null; texts: GiftText[] | null };
      const languages = [
        ...new Set([at.languageCode, read.defaultLanguageCode ?? at.languageCode]),
      ];
      const best = pick(jsonArray<GiftText>(read.texts), (row) => row.giftId, languages);
      return new Map([...best.entries()].map(([id, row]) => [Number(id), row.description]));
    },
  };
}
