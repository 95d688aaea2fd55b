import { and, asc, eq, isNotNull, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { MenuItem } from '@club/contract/layout';
import type { Database } from '../../db/client.js';
import {
  contentVersion,
  countries,
  countryLanguages,
  dictionaryEntries,
  faqItems,
  headerAlerts,
  headerImages,
  menuItems,
  pages,
  texts,
} from './schema.js';

/** Reads of the content tables. Only the content cache calls these on the request path. */

export type CountryLanguage = {
  code: string;
  nativeTitle: string;
  shortCode: string;
  isRtl: boolean;
};

export type CountryEntry = Omit<typeof countries.$inferSelect, 'code'> & {
  code: string;
  /** In the order of the content file. */
  languages: CountryLanguage[];
};

/** Every country with its languages: small, and enough to resolve any request's locale. */
export type ContentIndex = ReadonlyMap<string, CountryEntry>;

export type Locale = { countryCode: string; languageCode: string };

/** An alert as stored: its window's bounds as moments (null: none). */
export type StoredAlert = {
  hash: string;
  type: 'warning' | 'info' | 'success' | 'danger';
  text: string;
  startsAt: Date | null;
  endsAt: Date | null;
};

/** The columns of an alert, its window included. */
export const alertColumns = {
  hash: headerAlerts.hash,
  type: headerAlerts.type,
  text: headerAlerts.text,
  startsAt: headerAlerts.startsAt,
  endsAt: headerAlerts.endsAt,
};

/**
 * An alert as the content files and the staff calls write it: the window's
 * bounds as ISO text, each only when set (a file without windows stays as it was).
 */
export function alertOfRow(row: StoredAlert): {
  hash: string;
  type: StoredAlert['type'];
  text: string;
  startsAt?: string;
  endsAt?: string;
} {
  return {
    hash: row.hash,
    type: row.type,
    text: row.text,
    ...(row.startsAt === null ? {} : { startsAt: row.startsAt.toISOString() }),
    ...(row.endsAt === null ? {} : { endsAt: row.endsAt.toISOString() }),
  };
}

/** Whether a stored alert shows at a moment (epoch ms): inside its window, its end not included. */
export const alertShowsAt = (alert: StoredAlert, at: number): boolean =>
  (alert.startsAt === null || alert.startsAt.getTime() <= at) &&
  (alert.endsAt === null || at < alert.endsAt.getTime());

/**
 * Every moment an alert of the club starts or ends, ascending: between two of
 * them the alerts shown stay the same, so a layout built once serves until
 * the next (the layout's cache key counts the moments passed).
 */
export async function readAlertMoments(db: Database): Promise<number[]> {
  const rows = await db
    .select({ startsAt: headerAlerts.startsAt, endsAt: headerAlerts.endsAt })
    .from(headerAlerts)
    .where(or(isNotNull(headerAlerts.startsAt), isNotNull(headerAlerts.endsAt)));
  const moments = new Set<number>();
  for (const row of rows) {
    if (row.startsAt !== null) moments.add(row.startsAt.getTime());
    if (row.endsAt !== null) moments.add(row.endsAt.getTime());
  }
  return [...moments].sort((a, b) => a - b);
}

/** How many of the ascending moments have come by `at` (epoch ms). */
export function momentsPassed(moments: readonly number[], at: number): number {
  let passed = 0;
  while (passed < moments.length && moments[passed]! <= at) passed += 1;
  return passed;
}

export type LayoutParts = {
  menuItems: MenuItem[];
  /** Every alert of the language, in order, each with its window (the layout keeps those showing). */
  headerAlerts: StoredAlert[];
  headerImages: {
    url: string | null;
    target: '_self' | '_blank';
    image: string;
    imageMobile: string;
    imageMacbook: string;
    alt: string;
  }[];
};

export type StoredPage = {
  title: string;
  text: string;
  postText: string;
  faqItems: { number: number; title: string; text: string }[];
};

/** Reads that span several queries see one snapshot, even while a content load commits. */
const snapshot = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

export async function readContentVersion(db: Database): Promise<number> {
  const [row] = await db
    .select({ version: contentVersion.version })
    .from(contentVersion)
    .where(eq(contentVersion.id, 1));
  return row?.version ?? 0;
}

export async function readContentIndex(db: Database): Promise<ContentIndex> {
  return db.transaction(async (tx) => {
    const countryRows = await tx.select().from(countries).orderBy(asc(countries.code));
    const languageRows = await tx
      .select()
      .from(countryLanguages)
      .orderBy(asc(countryLanguages.countryCode), asc(countryLanguages.position));
    const index = new Map<string, CountryEntry>();
    for (const row of countryRows) index.set(row.code, { ...row, languages: [] });
    for (const row of languageRows) {
      index.get(row.countryCode)?.languages.push({
        code: row.languageCode,
        nativeTitle: row.nativeTitle,
        shortCode: row.shortCode,
        isRtl: row.isRtl,
      });
    }
    return index;
  }, snapshot);
}

const localeOf = (table: { countryCode: PgColumn; languageCode: PgColumn }, locale: Locale) =>
  and(eq(table.countryCode, locale.countryCode), eq(table.languageCode, locale.languageCode));

/** The whole dictionary of a country and language, by key. */
export async function readDictionary(
  db: Database,
  locale: Locale,
): Promise<Record<string, string>> {
  const rows = await db
    .select({ key: dictionaryEntries.key, value: dictionaryEntries.value })
    .from(dictionaryEntries)
    .where(localeOf(dictionaryEntries, locale))
    .orderBy(asc(dictionaryEntries.key));
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

export async function readLayoutParts(db: Database, locale: Locale): Promise<LayoutParts> {
  return db.transaction(async (tx) => {
    const menu = await tx
      .select({
        pageName: menuItems.pageName,
        title: menuItems.title,
        audience: menuItems.audience,
      })
      .from(menuItems)
      .where(localeOf(menuItems, locale))
      .orderBy(asc(menuItems.position));
    const alerts = await tx
      .select(alertColumns)
      .from(headerAlerts)
      .where(localeOf(headerAlerts, locale))
      .orderBy(asc(headerAlerts.position));
    const images = await tx
      .select({
        url: headerImages.url,
        target: headerImages.target,
        image: headerImages.image,
        imageMobile: headerImages.imageMobile,
        imageMacbook: headerImages.imageMacbook,
        alt: headerImages.alt,
      })
      .from(headerImages)
      .where(localeOf(headerImages, locale))
      .orderBy(asc(headerImages.position));
    return {
      menuItems: menu,
      headerAlerts: alerts,
      headerImages: images,
    };
  }, snapshot);
}

export async function readStoredPage(
  db: Database,
  locale: Locale,
  name: string,
): Promise<StoredPage | null> {
  return db.transaction(async (tx) => {
    const [page] = await tx
      .select({ title: pages.title, text: pages.text, postText: pages.postText })
      .from(pages)
      .where(and(localeOf(pages, locale), eq(pages.name, name)));
    if (page === undefined) return null;
    const items = await tx
      .select({ number: faqItems.number, title: faqItems.title, text: faqItems.text })
      .from(faqItems)
      .where(and(localeOf(faqItems, locale), eq(faqItems.pageName, name)))
      .orderBy(asc(faqItems.position));
    return { ...page, faqItems: items };
  }, snapshot);
}

export async function readTexts(
  db: Database,
  locale: Locale,
): Promise<ReadonlyMap<string, string>> {
  const rows = await db
    .select({ key: texts.key, value: texts.value })
    .from(texts)
    .where(localeOf(texts, locale));
  return new Map(rows.map((row) => [row.key, row.value]));
}
