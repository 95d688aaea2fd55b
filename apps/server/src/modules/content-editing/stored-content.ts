import { and, asc, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.js';
import type { CountryFile, LanguageFile } from '../content/content-files.js';
import type { CountryContent } from '../content/read-content-folder.js';
import { alertColumns, alertOfRow } from '../content/content-repository.js';
import {
  countries,
  countryLanguages,
  dictionaryEntries,
  faqItems,
  headerAlerts,
  headerImages,
  menuItems,
  pages,
  texts,
} from '../content/schema.js';

type Reader = Database | Transaction;

/**
 * A country's content as the database holds it, in the content files' shape
 * (the export writes it, the import compares the files with it). Each query
 * reads one country through the tables' primary keys, which start with the
 * country code; `null` for a country the database lacks.
 */
export async function readStoredCountry(
  db: Reader,
  countryCode: string,
): Promise<CountryContent | null> {
  const [row] = await db.select().from(countries).where(eq(countries.code, countryCode));
  if (row === undefined) return null;
  const languageRows = await db
    .select()
    .from(countryLanguages)
    .where(eq(countryLanguages.countryCode, countryCode))
    .orderBy(asc(countryLanguages.position));
  const country: CountryFile = {
    code: row.code,
    name: row.name,
    defaultLanguage: row.defaultLanguageCode,
    languages: languageRows.map((language) => ({
      code: language.languageCode,
      nativeTitle: language.nativeTitle,
      shortCode: language.shortCode,
      isRtl: language.isRtl,
    })),
    subDomainDisabled: row.subDomainDisabled,
    decisionMakerOptIn: row.decisionMakerOptIn,
    doubleOpt: row.doubleOpt,
    menuHidden: row.menuHidden,
    languageSelectHidden: row.languageSelectHidden,
    contactUsEmail: row.contactUsEmail,
    amadeusDirectUrlToRedirect: row.amadeusDirectUrlToRedirect,
    privacyPolicyUrl: row.privacyPolicyUrl,
    phoneCode: row.phoneCode,
    phoneExample: row.phoneExample,
    paramsRoute: row.paramsRoute,
    termsVersion: row.termsVersion,
    memberBanner: row.memberBanner,
    taxFields: row.taxFields,
  };
  const languages = new Map<string, LanguageFile>();
  for (const language of country.languages) {
    languages.set(language.code, await readStoredLanguage(db, countryCode, language.code));
  }
  return { country, languages };
}

/** One language of a country, in the language file's shape. */
export async function readStoredLanguage(
  db: Reader,
  countryCode: string,
  languageCode: string,
): Promise<LanguageFile> {
  const locale = (table: { countryCode: PgColumn; languageCode: PgColumn }) =>
    and(eq(table.countryCode, countryCode), eq(table.languageCode, languageCode));
  const dictionary = await db
    .select({ key: dictionaryEntries.key, value: dictionaryEntries.value })
    .from(dictionaryEntries)
    .where(locale(dictionaryEntries))
    .orderBy(asc(dictionaryEntries.key));
  const menu = await db
    .select({ pageName: menuItems.pageName, title: menuItems.title, audience: menuItems.audience })
    .from(menuItems)
    .where(locale(menuItems))
    .orderBy(asc(menuItems.position));
  const alerts = (
    await db
      .select(alertColumns)
      .from(headerAlerts)
      .where(locale(headerAlerts))
      .orderBy(asc(headerAlerts.position))
  ).map(alertOfRow);
  const images = await db
    .select({
      url: headerImages.url,
      target: headerImages.target,
      image: headerImages.image,
      imageMobile: headerImages.imageMobile,
      imageMacbook: headerImages.imageMacbook,
      alt: headerImages.alt,
    })
    .from(headerImages)
    .where(locale(headerImages))
    .orderBy(asc(headerImages.position));
  const textRows = await db
    .select({ key: texts.key, value: texts.value })
    .from(texts)
    .where(locale(texts))
    .orderBy(asc(texts.key));
  const pageRows = await db
    .select({ name: pages.name, title: pages.title, text: pages.text, postText: pages.postText })
    .from(pages)
    .where(locale(pages))
    .orderBy(asc(pages.name));
  const faqRows = await db
    .select({
      pageName: faqItems.pageName,
      number: faqItems.number,
      title: faqItems.title,
      text: faqItems.text,
    })
    .from(faqItems)
    .where(locale(faqItems))
    .orderBy(asc(faqItems.pageName), asc(faqItems.position));
  const pagesByName: LanguageFile['pages'] = {};
  for (const page of pageRows) {
    pagesByName[page.name] = {
      title: page.title,
      text: page.text,
      postText: page.postText,
      faqItems: faqRows
        .filter((item) => item.pageName === page.name)
        .map(({ number, title, text }) => ({ number, title, text })),
    };
  }
  return {
    dictionary: Object.fromEntries(dictionary.map((entry) => [entry.key, entry.value])),
    menuItems: menu,
    headerAlerts: alerts,
    headerImages: images,
    texts: Object.fromEntries(textRows.map((entry) => [entry.key, entry.value])),
    pages: pagesByName,
  };
}
