import {
  type ExtraConfigColumn,
  boolean,
  check,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { MemberBanner, MenuAudience } from '@club/contract/layout';
import type { TaxField } from '@club/contract/tax-details';

/**
 * The content model: per country, and per language of a country. Everything a
 * content load writes hangs off `country_languages` with cascading deletes, so
 * a load replaces one language's content by deleting its row and inserting again.
 */

export const countries = pgTable('countries', {
  code: varchar({ length: 2 }).primaryKey(),
  name: text().notNull(),
  defaultLanguageCode: varchar({ length: 3 }).notNull(),
  subDomainDisabled: boolean().notNull().default(false),
  decisionMakerOptIn: boolean().notNull().default(false),
  doubleOpt: boolean().notNull().default(false),
  menuHidden: boolean().notNull().default(false),
  languageSelectHidden: boolean().notNull().default(false),
  contactUsEmail: text(),
  amadeusDirectUrlToRedirect: text(),
  /** The footer's privacy-policy address; null links the club's own page. */
  privacyPolicyUrl: text(),
  /** The header banner on members' pages: `full`, `small` or `none`. */
  memberBanner: text().$type<MemberBanner>().notNull().default('full'),
  /** The phone field's dialling code (`+43`) and example (`+43 6641234567`); null: none shown. */
  phoneCode: text(),
  phoneExample: text(),
  /** Query parameter names that the language switcher keeps. */
  paramsRoute: jsonb().$type<string[]>().notNull().default([]),
  /** The version of the country's terms and conditions; members must accept it (terms gate). */
  termsVersion: text().notNull().default('1'),
  /** The tax details members send to unlock ordering ([] : the contract's default fields). */
  taxFields: jsonb().$type<TaxField[]>().notNull().default([]),
});

export const countryLanguages = pgTable(
  'country_languages',
  {
    countryCode: varchar({ length: 2 })
      .notNull()
      .references(() => countries.code, { onDelete: 'cascade' }),
    languageCode: varchar({ length: 3 }).notNull(),
    nativeTitle: text().notNull(),
    /** Two-letter code for `<html lang>`. */
    shortCode: varchar({ length: 2 }).notNull(),
    isRtl: boolean().notNull().default(false),
    position: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.languageCode] })],
);

/** Country and language columns plus the cascading key to `country_languages`. */
const localeColumns = () => ({
  countryCode: varchar({ length: 2 }).notNull(),
  languageCode: varchar({ length: 3 }).notNull(),
});
const localeKey = (
  table: string,
  t: { countryCode: ExtraConfigColumn; languageCode: ExtraConfigColumn },
) =>
  foreignKey({
    // Named: generated names would pass PostgreSQL's 63-character limit.
    name: `${table}_locale_fk`,
    columns: [t.countryCode, t.languageCode],
    foreignColumns: [countryLanguages.countryCode, countryLanguages.languageCode],
  }).onDelete('cascade');

export const dictionaryEntries = pgTable(
  'dictionary_entries',
  { ...localeColumns(), key: text().notNull(), value: text().notNull() },
  (t) => [
    primaryKey({ columns: [t.countryCode, t.languageCode, t.key] }),
    localeKey('dictionary_entries', t),
  ],
);

export const menuItems = pgTable(
  'menu_items',
  {
    ...localeColumns(),
    position: integer().notNull(),
    pageName: text().notNull(),
    title: text().notNull(),
    /** Who sees the item: `guest`, `member` or `both` (MenuAudience of the contract). */
    audience: text().$type<MenuAudience>().notNull().default('both'),
  },
  (t) => [
    primaryKey({ columns: [t.countryCode, t.languageCode, t.position] }),
    localeKey('menu_items', t),
    check('menu_items_audience', sql`${t.audience} in ('guest', 'member', 'both')`),
  ],
);

export const headerAlerts = pgTable(
  'header_alerts',
  {
    ...localeColumns(),
    position: integer().notNull(),
    hash: text().notNull(),
    type: text().$type<'warning' | 'info' | 'success' | 'danger'>().notNull(),
    text: text().notNull(),
    /** Members and guests see the alert from then (null: at once)… */
    startsAt: timestamp({ withTimezone: true }),
    /** …until then, the end not included (null: until taken down). */
    endsAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.countryCode, t.languageCode, t.position] }),
    localeKey('header_alerts', t),
    check('header_alerts_window', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const headerImages = pgTable(
  'header_images',
  {
    ...localeColumns(),
    position: integer().notNull(),
    url: text(),
    target: text().$type<'_self' | '_blank'>().notNull(),
    image: text().notNull(),
    imageMobile: text().notNull(),
    imageMacbook: text().notNull(),
    alt: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.countryCode, t.languageCode, t.position] }),
    localeKey('header_images', t),
  ],
);

/** Texts by key (`GET /s2c/content/v1/texts?key=`). */
export const texts = pgTable(
  'texts',
  { ...localeColumns(), key: text().notNull(), value: text().notNull() },
  (t) => [primaryKey({ columns: [t.countryCode, t.languageCode, t.key] }), localeKey('texts', t)],
);

export const pages = pgTable(
  'pages',
  {
    ...localeColumns(),
    name: text().notNull(),
    title: text().notNull(),
    text: text().notNull().default(''),
    postText: text().notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.languageCode, t.name] }), localeKey('pages', t)],
);

export const faqItems = pgTable(
  'faq_items',
  {
    ...localeColumns(),
    pageName: text().notNull(),
    position: integer().notNull(),
    number: integer().notNull(),
    title: text().notNull(),
    text: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.countryCode, t.languageCode, t.pageName, t.position] }),
    foreignKey({
      name: 'faq_items_page_fk',
      columns: [t.countryCode, t.languageCode, t.pageName],
      foreignColumns: [pages.countryCode, pages.languageCode, pages.name],
    }).onDelete('cascade'),
  ],
);

/**
 * One row, bumped by every content load. Server processes compare it with the
 * version their cache was built from (see content-cache.ts).
 */
export const contentVersion = pgTable(
  'content_version',
  {
    id: smallint().primaryKey().default(1),
    version: integer().notNull(),
    loadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('content_version_single_row', sql`${t.id} = 1`)],
);

/**
 * The parts of the content staff changed in the console since the files last
 * gave them (`gr/ell/menu`, `gr/ell/dictionary/home.title`, `gr/ell/pages/faq`,
 * …, and a country's terms version, `termsVersionPath` in terms-version-path.ts). Once staff
 * edit content the database is its source of truth: the import
 * (`npm run content:load`) keeps these parts and reports how the files
 * differ, until it is told to take the file's version (which clears the row).
 * Not bound to `country_languages`: a load that replaces a language must not
 * forget who changed what.
 */
export const contentStaffEdits = pgTable(
  'content_staff_edits',
  {
    countryCode: varchar({ length: 2 }).notNull(),
    path: text().notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull(),
    /** Who, as the audit log names them (the staff email). */
    changedBy: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.path] })],
);
